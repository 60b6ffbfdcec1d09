// Creating or recovering an administrator outside the API: the production way to make the first
// one (scripts/create-admin.ts), and the way back in when the last administrador lost its
// password or its phone: whoever runs it has the server, and types the password themselves.
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import { registrarEvento } from './auditoria.js';
import { tieneSegundoFactor } from './fases.js';
import { hashPassword } from './passwords.js';
import { assertPolicy } from './politica.js';
import { sessionsEnded } from './sessions.js';
import { borrarSegundoFactor } from './totp.js';

export interface SaveResult {
  resultado: 'creado' | 'restablecido';
  /** The account had a second factor, now removed: its next login enrols one if its role must. */
  factorQuitado: boolean;
}

/**
 * Creates `usuario` as an administrador with this password or, when it exists, recovers it: this
 * password (not to be changed at the next login: its owner typed it), active, administrador, and
 * without its second factor, whose phone may be what was lost. The password must meet the policy
 * (politica.ts): a 422 HttpError names the reason. A recovery also ends the account's open
 * sessions (whoever held the old password or the phone is out) and is in the activity log.
 */
export async function saveAdministrator(db: Db, scrypt: Config['scrypt'], usuario: string, password: string): Promise<SaveResult> {
  assertPolicy(password, usuario);
  const pass = await hashPassword(password, scrypt);
  const now = new Date().toISOString();
  return db.transaction(async (trx): Promise<SaveResult> => {
    const existing = await trx('logins').where('usuario', usuario).first('id');
    if (!existing) {
      await trx('logins').insert({ usuario, pass, nombre: usuario, activo: true, rol: 'administrador', createdAt: now, updatedAt: now });
      return { resultado: 'creado', factorQuitado: false };
    }
    const id = Number(existing.id);
    await trx('logins').where('id', id).update({ pass, activo: true, rol: 'administrador', debeCambiarPass: false, updatedAt: now });
    await trx('sesiones').where('loginId', id).delete();
    // Nobody signed in did it: the server's console.
    const evento = { loginId: null, ip: null, recurso: 'logins', recursoId: id, datos: { origen: 'scripts/create-admin.ts' } };
    await registrarEvento(trx, { ...evento, tipo: 'RESTABLECIDA' });
    const factorQuitado = await tieneSegundoFactor(trx, id);
    await borrarSegundoFactor(trx, id);
    if (factorQuitado) await registrarEvento(trx, { ...evento, tipo: 'MFA-BAJA' });
    sessionsEnded(id);
    return { resultado: 'restablecido', factorQuitado };
  });
}
