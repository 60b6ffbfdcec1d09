import { siguienteOrden } from './cursos/ordenClases.js';
import { defineResource, type WriteContext } from '../base/types.js';

type Row = Record<string, unknown>;

/**
 * A clase added to a curso without an orden (absent, or null from an empty form field) goes
 * last, not to 0 before all the others. Without a curso there is no order to keep: the
 * registry default (0) applies.
 */
async function alFinalDelCurso(data: Row, { op, db }: WriteContext): Promise<Row> {
  if (op !== 'create' || (data.orden !== undefined && data.orden !== null) || typeof data.cursoId !== 'number') return data;
  return { ...data, orden: await siguienteOrden(db, data.cursoId) };
}

/** A clase that takes an uploaded video takes its duration too, unless one is given. */
async function conDuracionDelVideo(data: Row, { db }: WriteContext): Promise<Row> {
  if (typeof data.video !== 'string' || data.duracion != null) return data;
  const archivo = await db('archivos').where({ ruta: data.video, estado: 'listo' }).first('duracion');
  return archivo?.duracion == null ? data : { ...data, duracion: Number(archivo.duracion) };
}

export default defineResource({
  name: 'clases',
  model: 'Clase',
  labels: { singular: 'clase', plural: 'clases', genero: 'f' },
  fields: {
    titulo: { label: 'Título', type: 'string', required: true, minLength: 1, maxLength: 160 },
    descripcion: { label: 'Descripción', type: 'string', maxLength: 10000 },
    cursoId: { label: 'Curso', type: 'integer', references: 'cursos' },
    usuarioId: { label: 'Usuario (clase privada)', type: 'integer', references: 'usuarios' },
    orden: { label: 'Orden', type: 'integer', default: 0 },
    video: { label: 'Vídeo', type: 'string', maxLength: 1000, archivo: 'videos' },
    duracion: { label: 'Duración', type: 'integer', minimum: 0 },
    miniatura: { label: 'Miniatura', type: 'string', maxLength: 1000, archivo: 'photos' },
    gratuita: { label: 'Gratuita', type: 'boolean', default: false },
    estado: { label: 'Estado', enumLabels: { borrador: 'Borrador', publicada: 'Publicada' }, type: 'string', enum: ['borrador', 'publicada'], default: 'borrador' },
  },
  relations: {
    curso: { type: 'belongsTo', target: 'cursos', foreignKey: 'cursoId' },
    usuario: { type: 'belongsTo', target: 'usuarios', foreignKey: 'usuarioId' },
  },
  searchFields: ['titulo', 'descripcion'],
  nombre: '{titulo}',
  // Content: the editors make it, the contable reads it.
  restaurable: true,
  acceso: { contable: { leer: true }, editor: { leer: true, escribir: true } },
  async beforeWrite(data, ctx) {
    return conDuracionDelVideo(await alFinalDelCurso(data, ctx), ctx);
  },
});
