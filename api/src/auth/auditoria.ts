// The log rows the server writes about accounts (base/types.ts EVENTOS_CUENTA), beside the
// CREATE/UPDATE/DELETE rows the repository writes for every change of a record.
import type { Knex } from 'knex';
import type { EventoCuenta } from '../base/types.js';

export interface Evento {
  tipo: EventoCuenta;
  /** Who did it (null: nobody signed in). */
  loginId: number | null;
  ip: string | null;
  /** What it was done to: the account (`logins`, its id) or the entity a refused write aimed at. */
  recurso?: string | null;
  recursoId?: number | null;
  /** What a person reading the log needs: never a password, a secret or a code. */
  datos?: Record<string, unknown>;
}

export async function registrarEvento(db: Knex | Knex.Transaction, e: Evento, ahora = new Date()) {
  const iso = ahora.toISOString();
  await db('logs').insert({
    tipo: e.tipo,
    fecha: iso,
    datos: e.datos ? JSON.stringify(e.datos) : null,
    loginId: e.loginId,
    recurso: e.recurso ?? null,
    recursoId: e.recursoId ?? null,
    ip: e.ip,
    createdAt: iso,
    updatedAt: iso,
  });
}
