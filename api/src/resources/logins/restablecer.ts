// POST /logins/{id}/restablecer: an administrador resets an account's password. The account gets
// a temporary one, shown once, and must choose its own at its next login (auth/fases.ts
// `cambiarPass`); whoever was signed in with it is signed out at once.
import { randomInt } from 'node:crypto';
import { writeEvento } from '../../auth/auditoria.js';
import { hashPassword } from '../../auth/passwords.js';
import { sessionsEnded } from '../../auth/sessions.js';
import { SIN_CUERPO, type Action } from '../../base/types.js';
import { mensajes } from '../../mensajes.js';

// No 0/o, 1/l/i: it is read off a screen and typed or dictated.
const ALFABETO = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Four groups of four: about 79 bits, far beyond guessing within its few minutes of use. */
export function contrasenaTemporal(): string {
  const grupo = () => Array.from({ length: 4 }, () => ALFABETO[randomInt(ALFABETO.length)]).join('');
  return [grupo(), grupo(), grupo(), grupo()].join('-');
}

export const restablecer: Action = {
  method: 'POST',
  path: 'restablecer',
  summary: mensajes.cuenta.restablecerResumen,
  body: SIN_CUERPO,
  respuesta: {
    type: 'object',
    required: ['pass'],
    properties: { pass: { type: 'string', format: 'password', description: mensajes.cuenta.temporal } },
  },
  async run(id, _body, w) {
    const pass = contrasenaTemporal();
    // Hashed here, as the server's: the rule stores it as it is, and the account must replace it
    // whoever reset it (the administrador's own reset too).
    await w.update('logins', id, { pass: await hashPassword(pass, w.scrypt), debeCambiarPass: true });
    // Every session, even the administrador's own if they reset themselves: the old password is void.
    await w.db('sesiones').where('loginId', id).delete();
    sessionsEnded(id);
    await writeEvento(w, { tipo: 'RESTABLECIDA', recurso: 'logins', recursoId: id });
    return { pass };
  },
};
