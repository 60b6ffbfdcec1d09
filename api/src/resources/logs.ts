import { defineResource } from './types.js';

export default defineResource({
  name: 'logs',
  model: 'Log',
  fields: {
    tipo: { type: 'string', required: true, minLength: 1, maxLength: 40 },
    fecha: { type: 'date-time', required: true },
    datos: { type: 'string', maxLength: 10000 },
    loginId: { type: 'integer', readOnly: true, references: 'logins' },
    recurso: { type: 'string', readOnly: true, maxLength: 40 },
    recursoId: { type: 'integer', readOnly: true },
    ip: { type: 'string', readOnly: true, maxLength: 64 },
  },
  relations: {
    login: { type: 'belongsTo', target: 'logins', foreignKey: 'loginId' },
  },
  searchFields: ['tipo', 'datos', 'recurso'],
  appendOnly: true,
  // The log is the audit trail itself: writing it does not log again.
  audited: false,
  // Who wrote an entry is the session's, not the client's, to say.
  beforeWrite(data, { actor }) {
    return { ...data, loginId: actor.loginId, ip: actor.ip };
  },
});
