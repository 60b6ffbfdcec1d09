// The hourly sweep of abandoned uploads (Media.sweep), once per installation: the store is one
// (a folder on the one machine, or a bucket every machine shares).
import { mensajes } from '../mensajes.js';
import { defineTrabajo } from '../trabajos/definir.js';
import type { Media } from './index.js';

export default defineTrabajo<{ media: Pick<Media, 'sweep'> }>({
  nombre: 'barridoSubidas',
  etiqueta: mensajes.trabajos.etiqueta.barridoSubidas,
  cada: 3600_000,
  unoALaVez: true,
  concurrencia: 1,
  reintentos: { maximo: 3, pausaMs: 60_000, maximaMs: 600_000 },
  limiteMs: 30 * 60_000,
  // The abandoned rows go in the job's fenced transaction: in their history as `barridoSubidas`.
  async run(_datos, { servicios: { media }, transaction }) {
    await media.sweep(transaction);
  },
});
