// API tokens (docs/arquitectura.md §4): an administrador creates one for a machine (the academy's
// web shop) with a name, a role and an optional expiry; the creation's answer carries the token
// once (auth/tokens.ts keeps only its hash), the list shows its first characters and last use, and
// `revocar` stops it at once, keeping the row: its writes stay in the log under its name.
import { newToken } from '../auth/tokens.js';
import { conflict, forbidden, validationFailed } from '../base/errors.js';
import { defineResource, ETIQUETAS_ROL, ROLES, SIN_CUERPO, type Action } from '../base/types.js';
import { mensajes } from '../mensajes.js';

const revocar: Action = {
  method: 'POST',
  path: 'revocar',
  summary: mensajes.tokens.revocarResumen,
  body: SIN_CUERPO,
  returns: 'Token',
  async run(id, _body, w) {
    if (w.actor.tokenId !== undefined) throw forbidden(mensajes.tokens.noConToken);
    if (w.row.revocadoEn != null) throw conflict(mensajes.tokens.yaRevocado);
    await w.update('tokens', id, { revocadoEn: new Date().toISOString(), revocadoPor: w.actor.loginId });
    return w.findById('tokens', id);
  },
};

export default defineResource({
  name: 'tokens',
  model: 'Token',
  labels: { singular: 'token de API', plural: 'tokens de API', genero: 'm' },
  fields: {
    nombre: { label: 'Nombre', type: 'string', required: true, minLength: 1, maxLength: 100 },
    rol: { label: 'Rol', type: 'string', required: true, enum: ROLES, enumLabels: ETIQUETAS_ROL },
    caduca: { label: 'Caduca', type: 'date-time' },
    // The token's first characters, to tell it apart; the token itself is never stored.
    prefijo: { label: 'Empieza por', type: 'string', readOnly: true, serverDefault: true, maxLength: 16 },
    tokenHash: { label: 'Huella', type: 'string', readOnly: true, writeOnly: true, serverDefault: true, maxLength: 64 },
    // Noted by the server at most once a minute of use (auth/tokens.ts), outside the history.
    ultimoUso: { label: 'Último uso', type: 'date-time', readOnly: true, apunte: true },
    revocadoEn: { label: 'Revocado', type: 'date-time', readOnly: true },
    creadoPor: { label: 'Creado por', type: 'integer', readOnly: true, references: 'logins' },
    revocadoPor: { label: 'Revocado por', type: 'integer', readOnly: true, references: 'logins' },
  },
  relations: {
    creador: { type: 'belongsTo', target: 'logins', foreignKey: 'creadoPor' },
  },
  searchFields: ['nombre', 'prefijo'],
  // As the activity log names what a token wrote: «Tienda web (token)».
  nombre: '{nombre} (token)',
  // The administrador's alone (no other role is named).
  actions: { revocar },
  // Only its name changes, last writer wins; a version would go stale with every minute of use.
  sinVersion: true,
  beforeWrite(data, ctx) {
    // A leaked token must not outlive its revocation by minting others.
    if (ctx.actor.tokenId !== undefined) throw forbidden(mensajes.tokens.noConToken);
    if (ctx.op !== 'create') {
      // A token's power is what it was handed out with: another role or expiry is another token.
      const antes = ctx.existing!;
      const instante = (v: unknown) => (v == null ? null : new Date(v as string).getTime());
      const cambia = !ctx.servidor && (['rol', 'caduca'] as const).find((k) => k in data && (k === 'rol' ? data.rol !== antes.rol : instante(data.caduca) !== instante(antes.caduca)));
      if (cambia) throw validationFailed([{ path: `/${cambia}`, code: 'inmutable', message: mensajes.tokens.inmutable }]);
      return data;
    }
    if (data.caduca != null && Date.parse(String(data.caduca)) <= Date.now()) {
      throw validationFailed([{ path: '/caduca', code: 'caducaPasada', message: mensajes.tokens.caducaPasada }]);
    }
    const { token, tokenHash, prefijo } = newToken();
    ctx.reveal({ token });
    return { ...data, tokenHash, prefijo, creadoPor: ctx.actor.loginId };
  },
});
