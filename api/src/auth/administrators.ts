// Creating or recovering an administrator outside the API: the first one of an empty database
// at start-up (ADMIN_USUARIO / ADMIN_PASSWORD, which db/preparar.ts hands here), the production
// way to make one (scripts/create-admin.ts), and the way back in when the last administrador
// lost its password or its phone: whoever runs it has the server, and types the password
// themselves. Written through the repository as the server's (no account did it), so the
// account's history and the live lists see them like any other change.
import { SERVIDOR } from '../base/types.js';
import { isEmpty, lockForSeeding } from '../db/preparar.js';
import type { Repository } from '../rest/repository.js';
import { writeEvento } from './auditoria.js';
import { tieneSegundoFactor } from './fases.js';
import { hashPassword } from './passwords.js';
import { assertPolicy } from './politica.js';
import { sessionsEnded } from './sessions.js';
import { deleteSegundoFactor } from './totp.js';

export interface SaveResult {
  resultado: 'creado' | 'restablecido';
  /** The account had a second factor, now removed: its next login enrols one if its role must. */
  factorQuitado: boolean;
}

/**
 * The first administrador of an empty database, from the configuration; false when another
 * process starting on the same database made one first (or filled it with anything else).
 * Hashed before the lock is taken: a second process waits for the lock, not for scrypt.
 */
export async function createPrimerAdministrador(repo: Repository, usuario: string, password: string): Promise<boolean> {
  const pass = await hashPassword(password, repo.config.scrypt);
  return repo.transaction(
    SERVIDOR,
    async (w) => {
      await lockForSeeding(w.db);
      if (!(await isEmpty(w.db))) return false;
      // Its owner configured the password: nothing to choose at the first login.
      await w.create('logins', { usuario, pass, nombre: 'Administrador', activo: true, rol: 'administrador', debeCambiarPass: false });
      return true;
    },
    { accion: 'primerAdministrador' },
  );
}

/**
 * Creates `usuario` as an administrador with this password or, when it exists, recovers it: this
 * password (not to be changed at the next login: its owner typed it), active, administrador, and
 * without its second factor, whose phone may be what was lost. The password must meet the policy
 * (politica.ts): a 422 HttpError names the reason. A recovery also ends the account's open
 * sessions (whoever held the old password or the phone is out) and is in the activity log.
 */
export async function saveAdministrator(repo: Repository, usuario: string, password: string): Promise<SaveResult> {
  assertPolicy(password, usuario);
  const pass = await hashPassword(password, repo.config.scrypt);
  const cuenta = { pass, activo: true, rol: 'administrador', debeCambiarPass: false };
  // Nobody signed in did it: the server's console.
  return repo.transaction(SERVIDOR, async (w): Promise<SaveResult> => {
    const existing = await w.db('logins').where('usuario', usuario).first('id');
    if (!existing) {
      await w.create('logins', { ...cuenta, usuario, nombre: usuario }, { accion: 'crearAdministrador' });
      return { resultado: 'creado', factorQuitado: false };
    }
    const id = Number(existing.id);
    await w.update('logins', id, cuenta, { accion: 'recuperarAdministrador' });
    await w.db('sesiones').where('loginId', id).delete();
    const evento = { recurso: 'logins', recursoId: id, datos: { origen: 'scripts/create-admin.ts' } };
    await writeEvento(w, { ...evento, tipo: 'RESTABLECIDA' });
    const factorQuitado = await tieneSegundoFactor(w.db, id);
    await deleteSegundoFactor(w.db, id);
    if (factorQuitado) await writeEvento(w, { ...evento, tipo: 'MFA-BAJA' });
    sessionsEnded(id);
    return { resultado: 'restablecido', factorQuitado };
  });
}
