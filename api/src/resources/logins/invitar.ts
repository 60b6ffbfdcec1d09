// The invitation of an account (docs/arquitectura.md §4): a message with a single-use link to
// choose its password (correo/enlaces.ts, 72 h). Queued in the transaction that creates the
// account with an email (the logins afterWrite), or again by an administrador with
// POST /logins/{id}/invitar. The link itself is made as the message leaves (the sender): the
// outbox never holds a live one.
import { conflict } from '../../base/errors.js';
import { isTrue } from '../../base/values.js';
import { SIN_CUERPO, type Action } from '../../base/types.js';
import { queueEnlace } from '../../correo/cuentas.js';
import { mensajes } from '../../mensajes.js';

export const invitar: Action = {
  method: 'POST',
  path: 'invitar',
  summary: mensajes.enlaces.invitarResumen,
  body: SIN_CUERPO,
  returns: 'Correo',
  async run(_id, _body, ctx) {
    if (!ctx.row.email) throw conflict(mensajes.correo.sinDireccion('Esta cuenta'));
    if (!isTrue(ctx.row.activo)) throw conflict(mensajes.enlaces.invitarInactiva);
    const correoId = await queueEnlace(ctx, ctx.correo, ctx.row, 'invitacion');
    return ctx.findById('correos', correoId);
  },
};
