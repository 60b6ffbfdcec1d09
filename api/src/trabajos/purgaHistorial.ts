// The job of the history purge (rest/purgaHistorial.ts, docs/arquitectura.md §17): declared
// here, above the engine whose rows it clears, because the runner lives above rest/.
import type { Config } from '../config/index.js';
import type { Db } from '../db/index.js';
import { mensajes } from '../mensajes.js';
import { purgeHistorial } from '../rest/purgaHistorial.js';
import { defineTrabajo } from './definir.js';

/** Hourly, once per installation, while HISTORIAL_DIAS is set. */
export default defineTrabajo<{ db: Db; config: Pick<Config, 'historialDias'> }>({
  nombre: 'purgaHistorial',
  etiqueta: mensajes.trabajos.etiqueta.purgaHistorial,
  cada: 3600_000,
  unoALaVez: true,
  concurrencia: 1,
  reintentos: { maximo: 3, pausaMs: 60_000, maximaMs: 600_000 },
  limiteMs: 30 * 60_000,
  activo: ({ config }) => config.historialDias !== null,
  async run(_datos, { servicios: { db, config } }) {
    await purgeHistorial(db, config.historialDias!);
  },
});
