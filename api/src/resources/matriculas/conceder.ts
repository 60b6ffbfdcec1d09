// Granting and revoking access (docs/arquitectura.md §22). Every way a matrícula comes to be (a
// pago completed, a person, a bulk job, an import, a 100 % cupón) goes through grantMatricula, and
// every revocation through revokeMatricula, in the caller's transaction and through its Escritor:
// the history and the live lists see each one.
//
// At most one activa per usuario and curso. The database enforces it (migration 0022's partial
// unique index); here, one grant for a usuario and curso at a time (an advisory lock on
// PostgreSQL; SQLite writes one transaction at a time), so a second completion at once finds the
// first one's matrícula and extends it instead of failing on the index.
import type { Escritor } from '../../base/types.js';
import { millisDe } from '../../base/tiempo.js';
import { isPg } from '../../db/index.js';

type Row = Record<string, any>;

export type Origen = 'pago' | 'manual' | 'importacion' | 'cupon';

export interface Concesion {
  usuarioId: number;
  cursoId: number;
  origen: Origen;
  pagoId?: number | null;
  /**
   * Until when: an ISO instant, or null for ever. Absent: what the curso gives a purchase
   * (`accesoDias` from now; none, for ever).
   */
  hasta?: string | null;
  /** With an activa already there: extend it (a new purchase), or leave it as it is (a bulk grant says «ya matriculado»). */
  siYaActiva: 'extender' | 'saltar';
}

export type Resultado = 'creada' | 'extendida' | 'saltada';

const DIA_MS = 86_400_000;

/** The one activa matrícula of a usuario in a curso, locked for this transaction, if any. */
export async function lockActiva(w: Escritor, usuarioId: number, cursoId: number): Promise<Row | undefined> {
  if (isPg(w.db)) await w.db.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`aula:matricula:${usuarioId}:${cursoId}`]);
  const fila = (await w.db('matriculas').where({ usuarioId, cursoId, estado: 'activa' }).first('id')) as Row | undefined;
  return fila ? w.lock('matriculas', Number(fila.id)) : undefined;
}

/** Whether a matrícula still gives access at `ahora` (the daily job may not have marked it caducada yet). */
export const vigente = (m: Row, ahora = Date.now()) => m.estado === 'activa' && (m.hasta == null || millisDe(m.hasta) > ahora);

export async function grantMatricula(w: Escritor, c: Concesion): Promise<{ id: number; resultado: Resultado }> {
  const ahora = Date.now();
  let activa = await lockActiva(w, c.usuarioId, c.cursoId);
  // One past its end that the daily job has not reached yet is over: it is closed as the job
  // would, and the grant is a new matrícula.
  if (activa && !vigente(activa, ahora)) {
    await w.update('matriculas', Number(activa.id), { estado: 'caducada' }, { accion: 'caducar' });
    activa = undefined;
  }
  const dias = c.hasta === undefined ? await accesoDiasDe(w, c.cursoId) : undefined;
  if (activa) {
    if (c.siYaActiva === 'saltar') return { id: Number(activa.id), resultado: 'saltada' };
    const hasta = extendido(activa.hasta, c.hasta, dias, ahora);
    const patch: Row = { hasta };
    if (c.pagoId != null) patch.pagoId = c.pagoId;
    await w.update('matriculas', Number(activa.id), patch, { accion: 'ampliar' });
    return { id: Number(activa.id), resultado: 'extendida' };
  }
  const hasta = c.hasta !== undefined ? c.hasta : dias == null ? null : new Date(ahora + dias * DIA_MS).toISOString();
  const id = await w.create('matriculas', {
    usuarioId: c.usuarioId,
    cursoId: c.cursoId,
    desde: new Date(ahora).toISOString(),
    hasta,
    estado: 'activa',
    origen: c.origen,
    pagoId: c.pagoId ?? null,
  });
  return { id, resultado: 'creada' };
}

/**
 * The new end of an activa given more time: a purchase adds the curso's days from its end (or
 * from now, if that is later); an explicit date is kept if later. For ever on either side stays
 * for ever.
 */
function extendido(actual: unknown, hasta: string | null | undefined, dias: number | null | undefined, ahora: number): string | null {
  if (actual == null) return null;
  const fin = millisDe(actual);
  if (hasta !== undefined) return hasta === null ? null : new Date(Math.max(fin, millisDe(hasta))).toISOString();
  if (dias == null) return null;
  return new Date(Math.max(fin, ahora) + dias * DIA_MS).toISOString();
}

async function accesoDiasDe(w: Escritor, cursoId: number): Promise<number | null> {
  const curso = (await w.db('cursos').where('id', cursoId).first('accesoDias')) as Row | undefined;
  return curso?.accesoDias == null ? null : Number(curso.accesoDias);
}

/** Revokes an activa: from now on no access; who, when and why are kept. Money is not touched. */
export async function revokeMatricula(w: Escritor, id: number, motivo: string, opciones: { accion?: string; loginId?: number | null } = {}): Promise<Row> {
  return w.update(
    'matriculas',
    id,
    { estado: 'revocada', revocadaEn: new Date().toISOString(), revocadaPor: opciones.loginId ?? w.actor.loginId, motivoRevocacion: motivo.slice(0, 500) },
    { accion: opciones.accion ?? 'revocar' },
  );
}
