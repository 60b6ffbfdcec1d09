// Creating or resetting an administrator outside the API: the production way to make the first
// one (scripts/create-admin.ts), and usable by seeding from ADMIN_USUARIO/ADMIN_PASSWORD.
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import { hashPassword } from './passwords.js';
import { assertPolicy } from './politica.js';

export type SaveResult = 'creado' | 'restablecido';

/**
 * Creates `usuario` with this password, or, when it exists, sets the password and reactivates
 * it. The password must meet the policy (politica.ts): a 422 HttpError names the reason. A reset also ends the account's open sessions: whoever held the old password is out.
 */
export async function saveAdministrator(db: Db, scrypt: Config['scrypt'], usuario: string, password: string): Promise<SaveResult> {
  assertPolicy(password, usuario);
  const pass = await hashPassword(password, scrypt);
  const now = new Date().toISOString();
  return db.transaction(async (trx) => {
    const existing = await trx('logins').where('usuario', usuario).first('id');
    if (existing) {
      await trx('logins').where('id', existing.id).update({ pass, activo: true, updatedAt: now });
      await trx('sesiones').where('loginId', existing.id).delete();
      return 'restablecido';
    }
    await trx('logins').insert({ usuario, pass, nombre: usuario, activo: true, createdAt: now, updatedAt: now });
    return 'creado';
  });
}
