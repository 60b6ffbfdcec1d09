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
    video: { type: 'string', maxLength: 1000, archivo: 'videos' },
    duracion: { type: 'integer', minimum: 0 },
    miniatura: { type: 'string', maxLength: 1000, archivo: 'photos' },
    gratuita: { type: 'boolean', default: false },
    estado: { type: 'string', enum: ['borrador', 'publicada'], default: 'borrador' },
  },
  relations: {
    curso: { type: 'belongsTo', target: 'cursos', foreignKey: 'cursoId' },
    usuario: { type: 'belongsTo', target: 'usuarios', foreignKey: 'usuarioId' },
  },
  searchFields: ['titulo', 'descripcion'],
  // A clase that takes an uploaded video takes its duration too, unless one is given.
  async beforeWrite(data, { db }) {
    if (typeof data.video !== 'string' || data.duracion != null) return data;
    const archivo = await db('archivos').where({ ruta: data.video, estado: 'listo' }).first('duracion');
    return archivo?.duracion == null ? data : { ...data, duracion: Number(archivo.duracion) };
  },
});
