// The log rows the server writes about accounts (base/types.ts EVENTOS_CUENTA), beside the
// CREATE/UPDATE/DELETE rows the repository writes for every change of a record. They are `logs`
// records written through the repository like any other (resources/logs.ts takes them as the
// server's): who did it and from where are the Escritor's actor.
import type { EventoCuenta, Escritor } from '../base/types.js';
import { isPg } from '../db/index.js';
import type { Repository } from '../rest/repository.js';

export interface Evento {
  tipo: EventoCuenta;
  /** What it was done to: the account (`logins`, its id) or the entity a refused write aimed at. */
  recurso?: string | null;
  recursoId?: number | null;
  /** What a person reading the log needs: never a password, a secret or a code. */
  datos?: Record<string, unknown>;
}

/** One event's row, in `w`'s transaction, by `w`'s actor. */
export async function writeEvento(w: Escritor, e: Evento, ahora = new Date()): Promise<number> {
  return w.create('logs', {
    tipo: e.tipo,
    fecha: ahora.toISOString(),
    datos: e.datos ? JSON.stringify(e.datos) : null,
    recurso: e.recurso ?? null,
    recursoId: e.recursoId ?? null,
  });
}

/** A write a role was refused: by whom, from where, which route and why. */
export interface Rechazo {
  /** The account refused, or null with the API token refused (`tokenId`). */
  loginId: number | null;
  tokenId?: number;
  ip: string;
  recurso: string | null;
  recursoId: number | null;
  datos: { ruta: string; motivo: string };
}

/**
 * The PROHIBIDO row of a refused write. One account refused on one route within `ventanaMs` is
 * one row whose `veces` rises (and `ultima` says when): a script retrying a refused delete a
 * hundred times leaves one row that says a hundred, not a hundred rows burying the rest of the
 * log. In one transaction, serialized per account (or token) on PostgreSQL, so two at once count as two.
 * The server writes it (an actor without a role): the role was what refused the write.
 */
export async function writeRechazo(repo: Repository, r: Rechazo, ventanaMs: number, ahora = new Date()) {
  const quien = r.tokenId === undefined ? { loginId: r.loginId } : { tokenId: r.tokenId };
  await repo.transaction({ loginId: r.loginId, tokenId: r.tokenId, ip: r.ip }, async (w) => {
    if (isPg(repo.db)) await w.db.raw('SELECT pg_advisory_xact_lock(hashtext(?), CAST(? AS integer))', [r.tokenId === undefined ? 'aula:prohibido' : 'aula:prohibido-token', r.tokenId ?? r.loginId]);
    const recientes = (await w.db('logs')
      .where({ tipo: 'PROHIBIDO', ...quien })
      .where('createdAt', '>', new Date(ahora.getTime() - ventanaMs).toISOString())
      .orderBy('id', 'desc')
      .select('id', 'datos')) as { id: number; datos: string | null }[];
    for (const { id, datos } of recientes) {
      const previos = JSON.parse(datos ?? '{}') as { ruta?: string; veces?: number };
      if (previos.ruta !== r.datos.ruta) continue;
      const resumen = { ...previos, motivo: r.datos.motivo, veces: (previos.veces ?? 1) + 1, ultima: ahora.toISOString() };
      await w.update('logs', Number(id), { datos: JSON.stringify(resumen) });
      return;
    }
    await writeEvento(w, { tipo: 'PROHIBIDO', recurso: r.recurso, recursoId: r.recursoId, datos: { ...r.datos, veces: 1 } }, ahora);
  });
}
