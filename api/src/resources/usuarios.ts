import { defineResource } from '../base/types.js';

export default defineResource({
  name: 'usuarios',
  model: 'Usuario',
  labels: { singular: 'usuario', plural: 'usuarios', genero: 'm' },
  implicitLabels: { createdAt: 'Alta' },
  fields: {
    nombre: { label: 'Nombre', type: 'string', required: true, minLength: 1, maxLength: 80, indiceTrigramas: true },
    apellidos: { label: 'Apellidos', type: 'string', maxLength: 160, indiceTrigramas: true },
    email: { label: 'Email', type: 'string', required: true, format: 'email', maxLength: 254, unique: true, caseInsensitive: true, indiceTrigramas: true },
    telefono: { label: 'Teléfono', type: 'string', maxLength: 30 },
    nif: { label: 'NIF', type: 'string', maxLength: 20, indiceTrigramas: true },
    direccion: { label: 'Dirección', type: 'string', maxLength: 300 },
    codigoPostal: { label: 'Código postal', type: 'string', maxLength: 10 },
    ciudad: { label: 'Ciudad', type: 'string', maxLength: 100 },
    provincia: { label: 'Provincia', type: 'string', maxLength: 100 },
    pais: { label: 'País', type: 'string', pattern: '^[A-Z]{2}$', default: 'ES' },
    activo: { label: 'Activo', type: 'boolean', default: true },
    notas: { label: 'Notas', type: 'string', maxLength: 10000 },
  },
  relations: {
    clases: { type: 'hasMany', target: 'clases', foreignKey: 'usuarioId', nested: true },
    pagos: { type: 'hasMany', target: 'pagos', foreignKey: 'usuarioId' },
    facturas: { type: 'hasMany', target: 'facturas', foreignKey: 'usuarioId' },
    matriculas: { type: 'hasMany', target: 'matriculas', foreignKey: 'usuarioId', nested: true },
  },
  searchFields: ['nombre', 'apellidos', 'email', 'nif'],
  nombre: ['{nombre} {apellidos}', '{nombre}'],
  // The contable invoices them; an editor needs to know who a private clase is for, never their personal data.
  restaurable: true,
  // The shop (an API token) finds its customer by the email they typed, or adds them: never lists
  // anyone, never reads or changes more than who they are.
  acceso: {
    contable: { leer: true, escribir: true },
    editor: { leer: true, campos: ['id', 'nombre', 'apellidos', 'email'] },
    tienda: { leer: true, escribir: 'crear', buscarPor: 'email', campos: ['id', 'nombre', 'apellidos', 'email', 'pais'] },
  },
});
