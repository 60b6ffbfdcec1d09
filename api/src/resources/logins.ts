import { hashPassword } from '../auth/passwords.js';
import { defineResource } from './types.js';

export default defineResource({
  name: 'logins',
  model: 'Login',
  fields: {
    usuario: { type: 'string', required: true, minLength: 3, maxLength: 60, unique: true },
    // Only ever stored as a scrypt hash; never returned or filterable (writeOnly).
    pass: { type: 'string', required: true, minLength: 1, maxLength: 200, writeOnly: true },
    nombre: { type: 'string', maxLength: 120 },
    email: { type: 'string', format: 'email', maxLength: 254 },
    activo: { type: 'boolean', default: true },
    ultimoAcceso: { type: 'date-time', readOnly: true },
  },
  relations: {
    logs: { type: 'hasMany', target: 'logs', foreignKey: 'loginId' },
  },
  searchFields: ['usuario', 'nombre', 'email'],
  async beforeWrite(data, { scrypt }) {
    if (typeof data.pass !== 'string') return data;
    return { ...data, pass: await hashPassword(data.pass, scrypt) };
  },
  // An administrator's open sessions end with the account.
  async beforeDelete(id, trx) {
    await trx('sesiones').where('loginId', id).delete();
  },
});
