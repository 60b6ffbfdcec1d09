// The runner's own housekeeping, as a job of its own: jobs that ended well are kept a week
// (the page's «última ejecución» of a kind queued per item reads them), failed ones until retried
// or TRABAJOS_FALLIDOS_DIAS. A recurring kind's own row is never cleared: it never ends.
import type { Knex } from 'knex';
import type { Config } from '../config/index.js';
import { mensajes } from '../mensajes.js';
import { defineTrabajo } from './definir.js';

const DIAS_HECHOS = 7;
/** Rows per statement, as the history's purge: a few thousand at a time never hold the runners for long. */
const LOTE = 5000;

async function deleteAntiguos(db: Knex, estado: string, dias: number, ahora: number): Promise<number> {
  const limite = new Date(ahora - dias * 86_400_000).toISOString();
  let total = 0;
  for (;;) {
    const ids = db('trabajos').where('estado', estado).where('fin', '<', limite).select('id').limit(LOTE);
    const n = Number(await db('trabajos').whereIn('id', ids).delete());
    total += n;
    if (n < LOTE) return total;
  }
}

/** Clears old finished jobs; answers how many went. */
export async function clearTrabajos(db: Knex, fallidosDias: number, ahora = Date.now()): Promise<number> {
  return (await deleteAntiguos(db, 'hecho', DIAS_HECHOS, ahora)) + (await deleteAntiguos(db, 'fallido', fallidosDias, ahora));
}

export default defineTrabajo<{ db: Knex; config: Pick<Config, 'trabajos'> }>({
  nombre: 'limpiezaTrabajos',
  etiqueta: mensajes.trabajos.etiqueta.limpiezaTrabajos,
  cada: 3600_000,
  unoALaVez: true,
  concurrencia: 1,
  reintentos: { maximo: 3, pausaMs: 60_000, maximaMs: 600_000 },
  limiteMs: 600_000,
  async run(_datos, { servicios: { db, config } }) {
    await clearTrabajos(db, config.trabajos.fallidosDias);
  },
});
