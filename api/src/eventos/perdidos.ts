// The changes a client missed, read again from `logs` (every committed write has its row there):
// what an SSE client resuming with Last-Event-ID, or a LISTEN connection that was down, gets.
import { cambioDeLog, TIPOS_CAMBIO, type Cambio } from '../base/cambios.js';
import type { Db } from '../db/index.js';

/** At most this many are replayed; a client further behind is told to read everything again. */
export const MAX_PERDIDOS = 1000;

export interface Perdidos {
  cambios: Cambio[];
  /** More were missed than are replayed: the client must reload what it shows. */
  incompletos: boolean;
}

export async function cambiosDesde(db: Db, despuesDe: number, max = MAX_PERDIDOS): Promise<Perdidos> {
  const filas = await db('logs')
    .where('id', '>', despuesDe)
    .whereIn('tipo', TIPOS_CAMBIO)
    .whereNotNull('recurso')
    .orderBy('id')
    .limit(max + 1)
    .select('id', 'tipo', 'recurso', 'recursoId', 'loginId', 'datos', 'version');
  const cambios = filas.slice(0, max).flatMap((f) => cambioDeLog(f) ?? []);
  return { cambios, incompletos: filas.length > max };
}
