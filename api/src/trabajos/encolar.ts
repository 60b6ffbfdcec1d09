// Queueing a job is one INSERT, so it can go inside the caller's transaction: the job exists if
// and only if what made it was committed (an upload that became `procesando`, an invoice whose
// email must leave). The runner is woken after the commit, never before.
import type { Knex } from 'knex';
import { notifyEncolados } from './aviso.js';
import { buildInstante } from './instante.js';

export interface OpcionesEncolar {
  /** While a job of this kind with this clave is pendiente or ejecutando, queueing another does nothing. */
  clave?: string;
  /** Not before this moment (default: now). */
  en?: Date;
}

/** Queues a job of kind `tipo`; answers its id, or null when one with the same clave was already waiting or running. */
export async function enqueue(db: Knex | Knex.Transaction, tipo: string, datos: unknown, { clave, en }: OpcionesEncolar = {}): Promise<number | null> {
  const ahora = new Date().toISOString();
  const filas = (await db('trabajos')
    .insert({
      tipo,
      clave: clave ?? null,
      datos: JSON.stringify(datos ?? {}),
      estado: 'pendiente',
      intentos: 0,
      ejecutarEn: en ? en.toISOString() : buildInstante(db),
      generacion: 0,
      createdAt: ahora,
      updatedAt: ahora,
    })
    // The partial unique index on (tipo, clave) of live jobs is the only one an insert can meet.
    .onConflict()
    .ignore()
    .returning('id')) as ({ id: number } | number)[];
  const trx = db as Knex.Transaction;
  if (trx.isTransaction) trx.executionPromise.then(notifyEncolados, () => undefined);
  else notifyEncolados();
  const [fila] = filas;
  return fila === undefined ? null : Number(typeof fila === 'object' ? fila.id : fila);
}
