// POST /logins/{id}/quitar-segundo-factor: an administrador removes another account's second
// factor, for whoever lost the phone and the recovery codes. Its sessions end at once (one of them
// may be the person who took the phone); if its role must have a factor (MFA_ROLES), its next
// login enrols a new one. One's own is removed in Mi cuenta, with the password and a code.
import { writeEvento } from '../../auth/auditoria.js';
import { tieneSegundoFactor } from '../../auth/fases.js';
import { sessionsEnded } from '../../auth/sessions.js';
import { deleteSegundoFactor } from '../../auth/totp.js';
import { conflict } from '../../base/errors.js';
import { SIN_CUERPO, type Action } from '../../base/types.js';
import { mensajes } from '../../mensajes.js';

export const quitarSegundoFactor: Action = {
  method: 'POST',
  path: 'quitar-segundo-factor',
  summary: mensajes.segundoFactor.quitarResumen,
  body: SIN_CUERPO,
  async run(id, _body, w) {
    if (id === w.actor.loginId) throw conflict(mensajes.segundoFactor.quitarPropio);
    if (!(await tieneSegundoFactor(w.db, id))) throw conflict(mensajes.segundoFactor.quitarSinFactor);
    await deleteSegundoFactor(w.db, id);
    await w.db('sesiones').where('loginId', id).delete();
    sessionsEnded(id);
    // Who removed it is the row's login; whose it was, its record.
    await writeEvento(w, { tipo: 'MFA-BAJA', recurso: 'logins', recursoId: id });
  },
};
