import { mensajes } from '../mensajes.js';
import { validationFailed } from '../rest/errors.js';
import { defineResource } from './types.js';

/** What the repository writes for every mutation (rest/repository.ts audit()). */
export const AUDIT_TIPOS = ['CREATE', 'UPDATE', 'DELETE'] as const;
export type AuditTipo = (typeof AUDIT_TIPOS)[number];

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
  // Who wrote an entry is the session's, not the client's, to say; and so are the audit's own
  // entries: a client's «DELETE» row would read as a deletion that never happened.
  beforeWrite(data, { actor }) {
    const tipo = typeof data.tipo === 'string' ? data.tipo.trim().toUpperCase() : '';
    if ((AUDIT_TIPOS as readonly string[]).includes(tipo)) {
      throw validationFailed([{ path: '/tipo', code: 'reserved', message: mensajes.validacion.tipoReservado(String(data.tipo)) }]);
    }
    return { ...data, loginId: actor.loginId, ip: actor.ip };
  },
});
