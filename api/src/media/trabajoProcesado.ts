// Processing a finished upload as a job: one per upload, keyed by it, queued in the transaction
// that makes the archivo `procesando`, so a file is never left waiting with nobody to take it.
// Several processes (and machines) process files side by side; each one file at a time, so a
// batch of uploads does not starve its API of CPU and disk.
import type { Knex } from 'knex';
import { mensajes } from '../mensajes.js';
import { defineTrabajo } from '../trabajos/definir.js';
import { enqueue } from '../trabajos/encolar.js';
import { processSubida, type Herramientas } from './procesado.js';

const NOMBRE = 'procesadoArchivos';

export default defineTrabajo<{ media: { herramientas: Herramientas } }, { subida: string }>({
  nombre: NOMBRE,
  etiqueta: mensajes.trabajos.etiqueta.procesadoArchivos,
  unoALaVez: false,
  concurrencia: 1,
  // A storage or database fault: tried again for a couple of hours (the pause grows to 5 min).
  reintentos: { maximo: 30, pausaMs: 2000, maximaMs: 300_000 },
  // ffmpeg's runs have their own limits; what takes long is moving and reading gigabytes on S3.
  limiteMs: 3600_000,
  run: ({ subida }, ctx) => processSubida(ctx.servicios.media.herramientas, subida, ctx.transaction),
});

/** In the caller's transaction: the job exists if and only if the archivo became `procesando`. */
export const enqueueProcesado = (trx: Knex.Transaction, subida: string) => enqueue(trx, NOMBRE, { subida }, { clave: subida });
