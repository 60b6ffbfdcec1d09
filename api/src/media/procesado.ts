// What happens to a finished upload, after its last request has been answered: it moves to its
// final key, gets its sha256, and (with ffmpeg) its duration, size and a thumbnail. The archivo
// reads `procesando` meanwhile, then `listo`, or `error` with the reason. It runs as a job of the
// runner (media/trabajoProcesado.ts), one per upload.
//
// `error` is ffprobe's verdict on the file, and only that: a storage or database fault on the way
// (S3 down for a moment, a full disk) leaves the file `procesando`, and the job is retried after
// a growing pause.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import type { Escritor } from '../base/types.js';
import { mensajes } from '../mensajes.js';
import type { Almacen } from './almacen.js';
import { ErrorMedios, type Ffmpeg } from './ffmpeg.js';

type Fila = Record<string, any>;

/** What describing a stored file needs; `db` may be a transaction (the demo seed's). */
export interface Herramientas {
  db: Knex | Knex.Transaction;
  almacen: Almacen;
  ffmpeg: Ffmpeg;
  log: { warn(contexto: object, mensaje: string): void };
}

/** A stored file described: what its archivo row gets, and a video's thumbnail as the archivo row to write for it. */
export interface Descripcion {
  datos: Fila;
  miniatura?: Fila;
}

/**
 * What makes a stored file's archivo `listo`: its sha256 and, with ffmpeg, a photo's size or a
 * video's duration, size and thumbnail (stored at `rutaMiniatura`, an archivo of its own whose
 * row the caller writes with the file's). Shared by the uploads and the demo seed, so a demo
 * file is described exactly as an upload would be. `archivo` is the row as far as it goes
 * (carpeta, ruta, nombre, tipo); a damaged file throws. The programs read a local copy of the
 * file (the file itself on local storage), never a URL.
 */
export async function describeArchivo(h: Herramientas, archivo: Fila, rutaMiniatura: string): Promise<Descripcion> {
  const local = await h.almacen.enLocal(String(archivo.ruta).slice(1));
  try {
    const datos: Fila = { sha256: await sha256De(createReadStream(local.fichero)) };
    if (!(await h.ffmpeg.disponible())) return { datos };
    const { miniatura, ...hechosDelFichero } = await hechos(h, archivo, local.fichero, rutaMiniatura);
    return { datos: { ...datos, ...hechosDelFichero, ...(miniatura ? { miniatura: miniatura.ruta } : {}) }, miniatura };
  } finally {
    await local.release();
  }
}

/** The sha256 of a stream of bytes, in hex: what an archivo's `sha256` holds. */
export async function sha256De(bytes: AsyncIterable<unknown>): Promise<string> {
  const hash = createHash('sha256');
  for await (const trozo of bytes) hash.update(trozo as Buffer);
  return hash.digest('hex');
}

/** Duration, size and thumbnail (its archivo row) of a video; size of a photo. */
async function hechos(h: Herramientas, archivo: Fila, fichero: string, rutaMiniatura: string): Promise<Fila> {
  if (archivo.carpeta === 'photos') return h.ffmpeg.readImagen(fichero, archivo.tipo);
  const video = await h.ffmpeg.readVideo(fichero, archivo.tipo);
  const datos: Fila = { ...video };
  try {
    datos.miniatura = await miniatura(h, archivo, fichero, video.duracion, rutaMiniatura);
  } catch (err) {
    if (!(err instanceof ErrorMedios)) throw err; // a storage fault: the whole file is tried again
    // The video itself is fine: it stays usable, and the missing thumbnail is said, not hidden.
    h.log.warn({ err, subida: archivo.subida }, 'no se pudo sacar la miniatura');
    datos.error = err.message.slice(0, 500);
  }
  return datos;
}

/** The thumbnail is an archivo of its own in /photos/, so a clase can take it as its miniatura: stored, and its row answered. */
async function miniatura(h: Herramientas, archivo: Fila, fichero: string, duracion: number | null, ruta: string): Promise<Fila> {
  const carpeta = await mkdtemp(join(tmpdir(), 'aula-miniatura-'));
  try {
    const jpeg = join(carpeta, 'miniatura.jpg');
    const { ancho, alto } = await h.ffmpeg.miniatura(fichero, archivo.tipo, jpeg, { duracion });
    await h.almacen.save(ruta.slice(1), jpeg, 'image/jpeg');
    const { size } = await stat(jpeg);
    return {
      carpeta: 'photos',
      ruta,
      nombre: mensajes.medios.nombreMiniatura(archivo.nombre ?? ''),
      tipo: 'image/jpeg',
      tamano: size,
      sha256: await sha256De(createReadStream(jpeg)),
      ancho,
      alto,
      estado: 'listo',
    };
  } finally {
    await rm(carpeta, { recursive: true, force: true });
  }
}

/**
 * Processes a finished upload's archivo, if it is still `procesando`: moves it to its final key
 * (unless a first try already did), describes it, and makes it `listo`, or `error` with ffprobe's
 * verdict. Anything else (the store, the database) throws, and the runner retries the job.
 * `confirmar` writes the outcome: the job's fenced transaction, so a runner that lost its lease
 * does not overwrite what the one that took the job over wrote.
 */
export async function processSubida(h: Herramientas, subida: string, confirmar: <T>(fn: (w: Escritor) => Promise<T>) => Promise<T>): Promise<void> {
  const archivo = (await h.db('archivos').where({ subida, estado: 'procesando' }).first()) as Fila | undefined;
  if (!archivo) return; // deleted meanwhile, or already done
  const clave = String(archivo.ruta).slice(1);
  let descripcion: Descripcion;
  try {
    // Taken up again after a stop, the move may already have happened.
    if (!(await h.almacen.existe(clave))) await h.almacen.place(subida, clave, archivo.tipo);
    descripcion = await describeArchivo(h, archivo, `/photos/${subida}-miniatura.jpg`);
    descripcion.datos.estado = 'listo';
  } catch (err) {
    if (!(err instanceof ErrorMedios)) throw err;
    h.log.warn({ err, subida }, 'no se pudo procesar un archivo');
    descripcion = { datos: { estado: 'error', error: err.message.slice(0, 500) } };
  }
  const { datos, miniatura } = descripcion;
  await confirmar(async (w) => {
    if (miniatura) {
      // A first try that got this far and then met a fault may have left the thumbnail's row.
      const previa = (await w.db('archivos').where('ruta', miniatura.ruta).first('id')) as Fila | undefined;
      if (previa) await w.update('archivos', Number(previa.id), miniatura);
      else await w.create('archivos', miniatura);
    }
    await w.updateWhere('archivos', { subida }, datos);
  });
}
