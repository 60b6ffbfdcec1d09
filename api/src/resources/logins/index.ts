import { randomBytes } from 'node:crypto';
import { writeEvento } from '../../auth/auditoria.js';
import { validationFailed } from '../../base/errors.js';
import { queueEnlace } from '../../correo/cuentas.js';
import { hashPassword, isHash } from '../../auth/passwords.js';
import { assertPolicy } from '../../auth/politica.js';
import { sessionsEnded } from '../../auth/sessions.js';
import { mensajes } from '../../mensajes.js';
import { defineResource, ETIQUETAS_ROL_CUENTA, ROLES_CUENTA, type WriteContext } from '../../base/types.js';
import { assertOtroAdministrador } from './administradores.js';
import { invitar } from './invitar.js';
import { quitarSegundoFactor } from './quitarSegundoFactor.js';
import { restablecer } from './restablecer.js';

/**
 * A new password or a deactivation ends the account's sessions in the write's transaction, so
 * every process sees them gone: this one at once, another on its next write or within a second
 * on a read (its recent check, sessions.ts). Whoever changes their own password keeps the
 * session they did it from.
 */
async function endSessions(id: number, data: Record<string, unknown>, { db, actor }: WriteContext) {
  const sesiones = db('sesiones').where('loginId', id);
  if (data.activo !== false && actor.loginId === id && actor.sesionId !== undefined) sesiones.whereNot('id', actor.sesionId);
  await sesiones.delete();
  sessionsEnded(id);
}

export default defineResource({
  name: 'logins',
  model: 'Login',
  labels: { singular: 'administrador', plural: 'administradores', genero: 'm' },
  fields: {
    usuario: { label: 'Usuario', type: 'string', required: true, minLength: 3, maxLength: 60, unique: true },
    // Only ever stored as a scrypt hash; never returned or filterable (writeOnly). Optional for a
    // new account with an email: it is invited to choose its own (beforeWrite, afterWrite).
    pass: { label: 'Contraseña', type: 'string', serverDefault: true, minLength: 1, maxLength: 200, writeOnly: true },
    nombre: { label: 'Nombre', type: 'string', maxLength: 120 },
    email: { label: 'Email', type: 'string', format: 'email', maxLength: 254 },
    activo: { label: 'Activo', type: 'boolean', default: true },
    rol: {
      label: 'Rol',
      type: 'string',
      // A person's roles: `tienda` is a machine's, an API token's (resources/tokens.ts).
      enum: ROLES_CUENTA,
      enumLabels: ETIQUETAS_ROL_CUENTA,
      default: 'administrador',
      serverDefault: true,
    },
    // Set when an administrador resets the password: the account chooses its own at its next login.
    debeCambiarPass: { label: 'Debe cambiar la contraseña', type: 'boolean', readOnly: true, default: false, serverDefault: true },
    ultimoAcceso: { label: 'Último acceso', type: 'date-time', readOnly: true },
  },
  relations: {
    logs: { type: 'hasMany', target: 'logs', foreignKey: 'loginId' },
  },
  searchFields: ['usuario', 'nombre', 'email'],
  nombre: '{usuario}',
  // Accounts are the administrador's; everyone else sees only their own (and changes it in Mi cuenta).
  acceso: { contable: { leer: 'propios' }, editor: { leer: 'propios' } },
  propio: 'id',
  actions: { restablecer, quitarSegundoFactor, invitar },
  async beforeWrite(data, ctx) {
    // A new account without a password must have an email, where its invitation goes; until it
    // is accepted, its password is the hash of a random secret nobody knows (a real hash, so a
    // login against it costs what any other does and says nothing).
    if (!ctx.existing && data.pass == null) {
      if (!data.email) throw validationFailed([{ path: '/pass', code: 'required', message: mensajes.enlaces.sinPassNiEmail }]);
      return { ...data, pass: await hashPassword(randomBytes(32).toString('base64url'), ctx.scrypt), debeCambiarPass: true };
    }
    // A hash the server made itself (a login's rehash, Mi cuenta's new password hashed in the
    // hashing queue, a reset, the first administrador) is stored as it is: the policy was applied
    // where the password was at hand, and the caller says what else it means (the sessions it
    // ends, its event, debeCambiarPass). Only the server's writes may: a client's text in a
    // hash's shape is a password like any other, checked and hashed.
    const nueva = typeof data.pass === 'string' && !(ctx.servidor && isHash(data.pass));
    if (nueva) assertPolicy(data.pass as string, (data.usuario ?? ctx.existing?.usuario) as string | undefined);
    const id = ctx.existing?.id as number | undefined;
    if (id !== undefined && data.activo === false) await assertOtroAdministrador(ctx.db, id, mensajes.auth.ultimoAdministrador);
    const rolAntes = ctx.existing?.rol;
    const cambiaRol = id !== undefined && data.rol !== undefined && data.rol !== rolAntes;
    if (cambiaRol && data.rol !== 'administrador') await assertOtroAdministrador(ctx.db, id, mensajes.auth.ultimoAdministradorRol);
    if (id !== undefined && (nueva || data.activo === false)) await endSessions(id, data, ctx);
    // The account's open sessions take the new role at once in this process (another within a
    // second): one moved into MFA_ROLES without a factor can then only enrol (auth/fases.ts).
    else if (cambiaRol) sessionsEnded(id);
    const evento = { recurso: 'logins', recursoId: id };
    if (cambiaRol) await writeEvento(ctx.escritor, { ...evento, tipo: 'ROL', datos: { antes: rolAntes, despues: data.rol } });
    if (id !== undefined && nueva) await writeEvento(ctx.escritor, { ...evento, tipo: 'CONTRASENA' });
    if (!nueva) return data;
    // A password typed by someone else (a new account, or another's changed by an administrador)
    // is known to two people: the account chooses its own at its next login (`cambiarPass`).
    const propia = id !== undefined && ctx.actor.loginId === id;
    return { ...data, pass: await hashPassword(data.pass as string, ctx.scrypt), debeCambiarPass: !propia };
  },
  // A person who creates an account with an email invites it, in the same transaction: the
  // message exists if and only if the account does. The server's own accounts (the first
  // administrador, the demonstration ones) are not invited.
  async afterWrite(despues, antes, { escritor, correo }) {
    if (antes || !despues.email || escritor.actor.loginId === null) return;
    await queueEnlace(escritor, correo, despues, 'invitacion');
  },
  async beforeDelete(id, trx, borrando) {
    await assertOtroAdministrador(trx, id, mensajes.auth.ultimoAdministrador, borrando);
    // An administrator's open sessions end with the account.
    await trx('sesiones').where('loginId', id).delete();
  },
});
