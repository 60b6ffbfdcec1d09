// The last active administrador can never go, by any route: with none, nobody could manage the
// accounts (scripts/create-admin.ts is then the only way back).
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { conflict } from '../../base/errors.js';
import { isTrue } from '../../base/values.js';
import { isPg } from '../../db/index.js';

/** PostgreSQL advisory lock of the rule below: every deactivation, deletion and demotion of a login takes it. */
const LOCK_ADMINISTRADORES = createHash('sha256').update('logins:activos').digest().readBigInt64BE(0).toString();

const esAdministradorActivo = (row: Record<string, unknown> | undefined) =>
  row !== undefined && row.rol === 'administrador' && isTrue(row.activo);

/**
 * Refuses with `motivo` when login `id`, an active administrador, is the last one. Asked before
 * it is deactivated, deleted or given another role, inside that write's transaction, so a bulk
 * write's earlier rows already count as changed; `seVan`, the accounts a bulk deletion takes
 * with it, do not count as the one left. On PostgreSQL two writes each leaving the
 * other's administrador active would both see one left and commit none: the lock, taken before
 * the count and held to the commit, makes the second count after the first has committed (READ
 * COMMITTED reads afresh per statement). SQLite runs one write at a time.
 */
export async function assertOtroAdministrador(db: Knex | Knex.Transaction, id: number, motivo: string, seVan: readonly number[] = [id]) {
  if (isPg(db)) await db.raw('SELECT pg_advisory_xact_lock(CAST(? AS bigint))', [LOCK_ADMINISTRADORES]);
  // Read after the lock: another write may have changed this very account meanwhile.
  if (!esAdministradorActivo(await db('logins').where('id', id).first('rol', 'activo'))) return;
  const otro = await db('logins').where({ activo: true, rol: 'administrador' }).whereNotIn('id', [id, ...seVan]).first('id');
  if (!otro) throw conflict(motivo);
}
