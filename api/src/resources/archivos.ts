import type { Knex } from 'knex';
import { mensajes } from '../mensajes.js';
import { conflict } from '../base/errors.js';
import { registryOf } from '../rest/registry.js';
import { defineResource, type Etiquetas, type Registry } from '../base/types.js';

/** The folders an upload may go to (docs/arquitectura.md §7), as its `carpeta` metadata names them. */
export const CARPETAS = ['videos', 'photos'] as const;
export type Carpeta = (typeof CARPETAS)[number];
export const ESTADOS_ARCHIVO = ['subiendo', 'procesando', 'listo', 'error'] as const;
export type EstadoArchivo = (typeof ESTADOS_ARCHIVO)[number];

/**
 * How many records of each kind hold this path: a file in use is never deleted. Among the
 * entities of `registry` (media's: the one it serves), or of the registry archivos is part of.
 */
export async function usosDe(db: Knex | Knex.Transaction, ruta: string, registry: Registry = registryOf(archivos)): Promise<{ recurso: string; etiquetas: Etiquetas; n: number }[]> {
  const usos: { recurso: string; etiquetas: Etiquetas; n: number }[] = [];
  for (const { resource, field } of registry.fileHolders()) {
    const [{ n }] = (await db(resource.name).where(field, ruta).count({ n: '*' })) as { n: number | string }[];
    if (Number(n) > 0) usos.push({ recurso: resource.name, etiquetas: resource.labels, n: Number(n) });
  }
  return usos;
}

// The media library: each row is written by the upload and its processing (api/src/media),
// never by a client; a client reads it and may delete a file nothing uses.
const archivos = defineResource({
  name: 'archivos',
  model: 'Archivo',
  labels: { singular: 'archivo', plural: 'archivos', genero: 'm' },
  fields: {
    subida: { label: 'Subida', type: 'string', readOnly: true, maxLength: 64 },
    carpeta: { label: 'Carpeta', enumLabels: { videos: 'Vídeos', photos: 'Fotos' }, type: 'string', readOnly: true, required: true, enum: CARPETAS },
    ruta: { label: 'Ruta', type: 'string', readOnly: true, maxLength: 200, archivo: 'cualquiera' },
    nombre: { label: 'Nombre original', type: 'string', readOnly: true, maxLength: 255 },
    tipo: { label: 'Tipo', type: 'string', readOnly: true, maxLength: 100 },
    tamano: { label: 'Tamaño (bytes)', type: 'integer', readOnly: true, minimum: 0 },
    sha256: { label: 'SHA-256', type: 'string', readOnly: true, maxLength: 64 },
    duracion: { label: 'Duración (s)', type: 'integer', readOnly: true, minimum: 0 },
    ancho: { label: 'Ancho (px)', type: 'integer', readOnly: true, minimum: 0 },
    alto: { label: 'Alto (px)', type: 'integer', readOnly: true, minimum: 0 },
    miniatura: { label: 'Miniatura', type: 'string', readOnly: true, maxLength: 200, archivo: 'photos' },
    estado: { label: 'Estado', enumLabels: { subiendo: 'Subiendo', procesando: 'Procesando', listo: 'Listo', error: 'Error' }, type: 'string', readOnly: true, required: true, enum: ESTADOS_ARCHIVO, default: 'subiendo' },
    error: { label: 'Error', type: 'string', readOnly: true, maxLength: 500 },
    // Who started the upload: their own, and counted against their limit of uploads at once.
    // No `references`: an administrator who uploaded files can still be deleted.
    subidoPor: { label: 'Subido por (id de administrador)', type: 'integer', readOnly: true },
  },
  searchFields: ['nombre', 'ruta'],
  // Uploaded media belongs to the content: the editors upload it, the contable reads it.
  acceso: { contable: { leer: true }, editor: { leer: true, escribir: true } },
  serverWritten: mensajes.peticion.soloServidor.archivos,
  async beforeDelete(id, trx) {
    const { ruta } = (await trx('archivos').where('id', id).first('ruta')) ?? {};
    const usos = ruta ? await usosDe(trx, ruta) : [];
    if (usos.length) throw conflict(mensajes.borrado.archivoEnUso(usos));
  },
});

export default archivos;
