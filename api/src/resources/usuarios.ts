import { defineResource } from '../base/types.js';

export default defineResource({
  name: 'usuarios',
  model: 'Usuario',
  fields: {
    nombre: { type: 'string', required: true, minLength: 1, maxLength: 80, indiceTrigramas: true },
    apellidos: { type: 'string', maxLength: 160, indiceTrigramas: true },
    email: { type: 'string', required: true, format: 'email', maxLength: 254, unique: true, caseInsensitive: true, indiceTrigramas: true },
    telefono: { type: 'string', maxLength: 30 },
    nif: { type: 'string', maxLength: 20, indiceTrigramas: true },
    direccion: { type: 'string', maxLength: 300 },
    codigoPostal: { type: 'string', maxLength: 10 },
    ciudad: { type: 'string', maxLength: 100 },
    provincia: { type: 'string', maxLength: 100 },
    pais: { type: 'string', pattern: '^[A-Z]{2}$', default: 'ES' },
    activo: { type: 'boolean', default: true },
    notas: { type: 'string', maxLength: 10000 },
  },
  relations: {
    clases: { type: 'hasMany', target: 'clases', foreignKey: 'usuarioId', nested: true },
    pagos: { type: 'hasMany', target: 'pagos', foreignKey: 'usuarioId' },
    facturas: { type: 'hasMany', target: 'facturas', foreignKey: 'usuarioId' },
  },
  searchFields: ['nombre', 'apellidos', 'email', 'nif'],
});
