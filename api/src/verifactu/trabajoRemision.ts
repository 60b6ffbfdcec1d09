// The remission to the AEAT as a kind of the one runner (docs/arquitectura.md §19): each run is
// one turn of the sender (remitente.ts, where the exclusivity it relies on is argued), and
// answers when the next is due: at once after a message, the AEAT's wait, a failure's back-off,
// or the poll. The AEAT's own failures are the sender's business (envio.ts: back-off, incidence);
// what fails a run here is the database or a lost lease, retried by the runner.
import type { Config } from '../config/index.js';
import { mensajes } from '../mensajes.js';
import { defineTrabajo } from '../trabajos/definir.js';
import { SONDEO_MS, type Remitente } from './remitente.js';

export default defineTrabajo<{ config: Pick<Config, 'verifactu'>; remitente?: Remitente }>({
  nombre: 'remisionVerifactu',
  etiqueta: mensajes.trabajos.etiqueta.remisionVerifactu,
  cada: SONDEO_MS,
  unoALaVez: true,
  concurrencia: 1,
  reintentos: { maximo: 5, pausaMs: 1000, maximaMs: 60_000 },
  // A turn is some reads, three short transactions and at most one message, which the client
  // gives up after VERIFACTU_TIMEOUT (at most 600 s).
  limiteMs: 15 * 60_000,
  activo: ({ config }) => config.verifactu.modo !== 'desactivado',
  async run(_datos, ctx) {
    // The sender exists where this process runs background work (verifactu/index.ts).
    return ctx.servicios.remitente?.run(ctx);
  },
});
