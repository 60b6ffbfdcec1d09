// The log rows the server writes about accounts (base/types.ts EVENTOS_CUENTA), beside the
// CREATE/UPDATE/DELETE rows the repository writes for every change of a record.
import type { Knex } from 'knex';
import type { EventoCuenta } from '../base/types.js';
import { isPg } from '../db/index.js';

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

/** A write a role was refused: which route and why. */
export interface Rechazo extends Omit<Evento, 'tipo' | 'datos'> {
  loginId: number;
  datos: { ruta: string; motivo: string };
}

/**
 * The PROHIBIDO row of a refused write. One account refused on one route within `ventanaMs` is
 * one row whose `veces` rises (and `ultima` says when): a script retrying a refused delete a
 * hundred times leaves one row that says a hundred, not a hundred rows burying the rest of the
 * log. In one transaction, serialized per account on PostgreSQL, so two at once count as two.
 */
export async function registrarRechazo(db: Knex, r: Rechazo, ventanaMs: number, ahora = new Date()) {
  await db.transaction(async (trx) => {
    if (isPg(db)) await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?), CAST(? AS integer))', ['aula:prohibido', r.loginId]);
    const recientes = (await trx('logs')
      .where({ tipo: 'PROHIBIDO', loginId: r.loginId })
      .where('createdAt', '>', new Date(ahora.getTime() - ventanaMs).toISOString())
      .orderBy('id', 'desc')
      .select('id', 'datos')) as { id: number; datos: string | null }[];
    for (const { id, datos } of recientes) {
      const previos = JSON.parse(datos ?? '{}') as { ruta?: string; veces?: number };
      if (previos.ruta !== r.datos.ruta) continue;
      const iso = ahora.toISOString();
      const resumen = { ...previos, motivo: r.datos.motivo, veces: (previos.veces ?? 1) + 1, ultima: iso };
      await trx('logs').where({ id }).update({ datos: JSON.stringify(resumen), updatedAt: iso });
      return;
    }
    await registrarEvento(trx, { ...r, tipo: 'PROHIBIDO', datos: { ...r.datos, veces: 1 } }, ahora);
  });
}
