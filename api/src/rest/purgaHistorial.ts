// HISTORIAL_DIAS (docs/arquitectura.md §17): the values of older changes are purged, the audit rows
// stay. The log is also the activity log (who did what, when, from where): deleting its rows
// would erase that trail, while the before/after values, personal data among them, are what a
// retention limit is for. A purged change can no longer be restored (rest/historial.ts says so).
// The job that runs it hourly is declared among the jobs (trabajos/purgaHistorial.ts).
import type { Db } from '../db/index.js';

/** Rows per statement: a few thousand at a time never holds the log's writers for long. */
const LOTE = 5000;

/** Clears `cambios` of the audit rows older than `dias`; answers how many were cleared. */
export async function purgeHistorial(db: Db, dias: number, ahora = new Date()): Promise<number> {
  const limite = new Date(ahora.getTime() - dias * 86_400_000).toISOString();
  let total = 0;
  for (;;) {
    const ids = db('logs').whereNotNull('cambios').where('fecha', '<', limite).select('id').limit(LOTE);
    const n = await db('logs').whereIn('id', ids).update({ cambios: null });
    total += n;
    if (n < LOTE) return total;
  }
}
