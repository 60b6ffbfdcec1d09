// How a committed write reaches every process's bus (docs/arquitectura.md §17).
//
// PostgreSQL: `pg_notify` inside the write's own transaction. PostgreSQL delivers a notification
// only when its transaction commits, and drops it on rollback, so a rolled-back write is never
// announced and a committed one always is, even if this process dies right after COMMIT (a notify
// sent after the commit would then be lost). Every process, this one included, hears it on its
// LISTEN connection (eventos/escucha.ts): one path for all.
//
// SQLite: one machine, no NOTIFY. The bus of this process is told after the commit; with
// WORKERS > 1 the cluster's primary relays the change to the other workers (cluster.ts).
import cluster from 'node:cluster';
import type { Knex } from 'knex';
import type { AvisoCambios, Cambio } from '../base/cambios.js';
import type { BusEventos } from './bus.js';

/** PostgreSQL refuses a payload of 8000 bytes or more; a bigger change travels as its log id. */
const CARGA_MAX = 7000;

/** The message a worker sends its cluster's primary, and the primary to the other workers. */
export interface MensajeRelevo {
  aulaCambios: Cambio[];
}

export const esRelevo = (m: unknown): m is MensajeRelevo => Array.isArray((m as MensajeRelevo | null)?.aulaCambios);

/** What a notification carries: the change, or only its log id when it would not fit. */
export function cargaDe(c: Cambio): string {
  const entera = JSON.stringify(c);
  return entera.length < CARGA_MAX ? entera : JSON.stringify({ evento: c.evento });
}

export function createAvisos(bus: BusEventos, canal: string | undefined): AvisoCambios {
  if (canal) {
    return {
      async enTransaccion(trx: Knex.Transaction, cambios: Cambio[]) {
        for (const c of cambios) await trx.raw('select pg_notify(?, ?)', [canal, cargaDe(c)]);
      },
      trasConfirmar() {},
    };
  }
  return {
    async enTransaccion() {},
    trasConfirmar(cambios: Cambio[]) {
      bus.publish(cambios);
      if (cluster.isWorker && process.send) process.send({ aulaCambios: cambios } satisfies MensajeRelevo);
    },
  };
}
