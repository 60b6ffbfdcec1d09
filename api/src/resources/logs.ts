import type { Knex } from 'knex';
import { mensajes } from '../mensajes.js';
import { HttpError, validationFailed, type ErrorDetail } from '../base/errors.js';
import { AUDIT_TIPOS, defineResource, EVENTOS_CUENTA, type WriteContext } from '../base/types.js';
import { isPg } from '../db/index.js';

const RESERVADOS: readonly string[] = [...AUDIT_TIPOS, ...EVENTOS_CUENTA];

/**
 * A tipo a client writes: plain ASCII letters, digits and hyphens, so no letter of another script
 * (a Cyrillic «Е» in «DЕLETE»), no fullwidth or invisible character, can make one that reads as
 * the audit's own; those are then refused whatever their case.
 */
const PATRON_TIPO = '^[A-Za-z0-9-]+$';

/**
 * The account's own entries in the window, at most `maxPorCuenta`: past them, 429 until the
 * oldest leaves it. Counted by the server's clock (createdAt; an entry's fecha is the client's).
 * Serialized per account on PostgreSQL, so concurrent writes cannot all see room for one more;
 * SQLite runs one write transaction at a time.
 */
async function checkCuota(db: Knex | Knex.Transaction, loginId: number | null, { ventanaMinutos, maxPorCuenta }: WriteContext['actividad']) {
  if (loginId === null) return;
  const ventanaMs = ventanaMinutos * 60_000;
  const ahora = Date.now();
  if (isPg(db as Knex)) await db.raw('SELECT pg_advisory_xact_lock(hashtext(?), CAST(? AS integer))', ['aula:actividad', loginId]);
  const ultimaQueCabe = (await db('logs')
    .where('loginId', loginId)
    .where('createdAt', '>', new Date(ahora - ventanaMs).toISOString())
    .whereNotIn('tipo', RESERVADOS)
    .orderBy('createdAt', 'desc')
    .offset(maxPorCuenta - 1)
    .first('createdAt')) as { createdAt: string } | undefined;
  if (!ultimaQueCabe) return;
  const segundos = Math.max(1, Math.ceil((Date.parse(ultimaQueCabe.createdAt) + ventanaMs - ahora) / 1000));
  throw new HttpError(429, mensajes.actividad.demasiadas(maxPorCuenta, ventanaMinutos), 'TOO_MANY_REQUESTS', undefined, { 'retry-after': String(segundos) });
}

/** How far from the server's clock an entry's fecha may be, either way. */
const MARGEN_FECHA_MS = 24 * 60 * 60 * 1000;

export default defineResource({
  name: 'logs',
  model: 'Log',
  labels: { singular: 'registro de actividad', plural: 'registros de actividad', genero: 'm' },
  fields: {
    tipo: {
      label: 'Tipo',
      enumLabels: {
        'BACK-LOGIN': 'Inicio de sesión',
        CREATE: 'Alta',
        UPDATE: 'Modificación',
        DELETE: 'Borrado',
        PROHIBIDO: 'Acción denegada',
        ROL: 'Cambio de rol',
        CONTRASENA: 'Cambio de contraseña',
        RESTABLECIDA: 'Contraseña restablecida',
        'MFA-ALTA': 'Segundo factor activado',
        'MFA-BAJA': 'Segundo factor desactivado',
        'SESIONES-CERRADAS': 'Sesiones cerradas',
        REINTENTO: 'Trabajo reintentado',
      },
      type: 'string',
      required: true,
      minLength: 1,
      maxLength: 40,
      pattern: PATRON_TIPO,
    },
    fecha: { label: 'Fecha', type: 'date-time', required: true },
    datos: { label: 'Datos', type: 'string', maxLength: 10000 },
    loginId: { label: 'Administrador', type: 'integer', readOnly: true, references: 'logins' },
    // A write made with an API token is the token's («Tienda web (token)»): no account made it.
    tokenId: { label: 'Token de API', type: 'integer', readOnly: true, references: 'tokens' },
    recurso: { label: 'Recurso', nombraRecurso: true, type: 'string', readOnly: true, maxLength: 40 },
    recursoId: { label: 'Id del recurso', type: 'integer', readOnly: true },
    ip: { label: 'IP', type: 'string', readOnly: true, maxLength: 64 },
    // A record's history (docs/arquitectura.md §17): what the write changed, {campo: [antes, después]}, and the version it left.
    cambios: { label: 'Cambios', type: 'string', readOnly: true },
    version: { label: 'Versión del registro', type: 'integer', readOnly: true },
  },
  relations: {
    login: { type: 'belongsTo', target: 'logins', foreignKey: 'loginId' },
    token: { type: 'belongsTo', target: 'tokens', foreignKey: 'tokenId' },
  },
  searchFields: ['tipo', 'datos', 'recurso'],
  nombre: '{tipo}',
  // Every account writes its own entries (the admin's BACK-LOGIN) and reads only its own, but an administrador.
  acceso: { contable: { leer: 'propios', escribir: true }, editor: { leer: 'propios', escribir: true } },
  propio: 'loginId',
  appendOnly: true,
  sinVersion: true,
  // The log is the audit trail itself: writing it does not log again.
  audited: false,
  // Who wrote an entry is the session's, not the client's, to say; and so are the audit's own
  // entries: a client's «DELETE» row would read as a deletion that never happened (the tipo's
  // pattern keeps out anything that only looks like one). An entry is written when it happens,
  // so its fecha is now, give or take a client's clock; and an account writes only so many.
  // The server's own rows (an account's events, a refusal and its count, a job retried:
  // auth/auditoria.ts) are none of that: its tipos, its clock, no quota; whose they are is still
  // the writer's (the Escritor's actor), never a field of the row.
  async beforeWrite(data, { actor, db, actividad, servidor, op }) {
    if (servidor) return op === 'create' ? { ...data, loginId: actor.loginId, tokenId: actor.tokenId ?? null, ip: actor.ip } : data;
    const tipo = String(data.tipo).toUpperCase();
    const details: ErrorDetail[] = [];
    if (RESERVADOS.includes(tipo)) {
      details.push({ path: '/tipo', code: 'reserved', message: mensajes.validacion.tipoReservado(tipo) });
    }
    if (Math.abs(Date.parse(String(data.fecha)) - Date.now()) > MARGEN_FECHA_MS) {
      details.push({ path: '/fecha', code: 'fecha', message: mensajes.validacion.fechaLejana });
    }
    if (details.length) throw validationFailed(details);
    await checkCuota(db, actor.loginId, actividad);
    return { ...data, tipo, loginId: actor.loginId, tokenId: actor.tokenId ?? null, ip: actor.ip };
  },
});
