import { siguienteOrden } from './ordenClases.js';
import { defineResource } from './types.js';

export default defineResource({
  name: 'clases',
  model: 'Clase',
  fields: {
    titulo: { type: 'string', required: true, minLength: 1, maxLength: 160 },
    descripcion: { type: 'string', maxLength: 10000 },
    cursoId: { type: 'integer', references: 'cursos' },
    usuarioId: { type: 'integer', references: 'usuarios' },
    orden: { type: 'integer', default: 0 },
    video: { type: 'string', maxLength: 1000 },
    duracion: { type: 'integer', minimum: 0 },
    miniatura: { type: 'string', maxLength: 1000 },
    gratuita: { type: 'boolean', default: false },
    estado: { type: 'string', enum: ['borrador', 'publicada'], default: 'borrador' },
  },
  relations: {
    curso: { type: 'belongsTo', target: 'cursos', foreignKey: 'cursoId' },
    usuario: { type: 'belongsTo', target: 'usuarios', foreignKey: 'usuarioId' },
  },
  searchFields: ['titulo', 'descripcion'],
  // A clase added to a curso without an orden (absent, or null from an empty form field) goes
  // last, not to 0 before all the others. Without a curso there is no order to keep: the
  // registry default (0) applies.
  async beforeWrite(data, { op, db }) {
    if (op !== 'create' || (data.orden !== undefined && data.orden !== null) || typeof data.cursoId !== 'number') return data;
    return { ...data, orden: await siguienteOrden(db, data.cursoId) };
  },
});
