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

/**
 * What makes a stored file's archivo `listo`: its sha256 and, with ffmpeg, a photo's size or a
 * video's duration, size and thumbnail (an archivo of its own at `rutaMiniatura`). Shared by
 * the uploads and the demo seed, so a demo file is described exactly as an upload would be.
 * `archivo` is the row as far as it goes (carpeta, ruta, nombre, tipo); a damaged file throws.
 * The programs read a local copy of the file (the file itself on local storage), never a URL.
 */
export async function datosDeArchivo(h: Herramientas, archivo: Fila, rutaMiniatura: string): Promise<Fila> {
  const local = await h.almacen.enLocal(String(archivo.ruta).slice(1));
  try {
    const datos: Fila = { sha256: await sha256De(createReadStream(local.fichero)) };
    if (await h.ffmpeg.disponible()) Object.assign(datos, await hechos(h, archivo, local.fichero, rutaMiniatura));
    return datos;
  } finally {
    await local.liberar();
  }
}

/** The sha256 of a stream of bytes, in hex: what an archivo's `sha256` holds. */
export async function sha256De(bytes: AsyncIterable<unknown>): Promise<string> {
  const hash = createHash('sha256');
  for await (const trozo of bytes) hash.update(trozo as Buffer);
  return hash.digest('hex');
}

/** Duration, size and thumbnail of a video; size of a photo. */
async function hechos(h: Herramientas, archivo: Fila, fichero: string, rutaMiniatura: string): Promise<Fila> {
  if (archivo.carpeta === 'photos') return h.ffmpeg.leerImagen(fichero, archivo.tipo);
  const video = await h.ffmpeg.leerVideo(fichero, archivo.tipo);
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

/** The thumbnail is an archivo of its own in /photos/, so a clase can take it as its miniatura. */
async function miniatura(h: Herramientas, archivo: Fila, fichero: string, duracion: number | null, ruta: string): Promise<string> {
  const carpeta = await mkdtemp(join(tmpdir(), 'aula-miniatura-'));
  try {
    const jpeg = join(carpeta, 'miniatura.jpg');
    const { ancho, alto } = await h.ffmpeg.miniatura(fichero, archivo.tipo, jpeg, { duracion });
    await h.almacen.guardar(ruta.slice(1), jpeg, 'image/jpeg');
    const { size } = await stat(jpeg);
    const ahora = new Date().toISOString();
    // Merged: a first try that got this far and then met a storage fault left the row behind.
    await h.db('archivos').insert({
      carpeta: 'photos',
      ruta,
      nombre: mensajes.medios.nombreMiniatura(archivo.nombre ?? ''),
      tipo: 'image/jpeg',
      tamano: size,
      sha256: await sha256De(createReadStream(jpeg)),
      ancho,
      alto,
      estado: 'listo',
      createdAt: ahora,
      updatedAt: ahora,
    }).onConflict('ruta').merge();
    return ruta;
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
export async function processSubida(h: Herramientas, subida: string, confirmar: <T>(fn: (trx: Knex.Transaction) => Promise<T>) => Promise<T>): Promise<void> {
  const archivo = (await h.db('archivos').where({ subida, estado: 'procesando' }).first()) as Fila | undefined;
  if (!archivo) return; // deleted meanwhile, or already done
  const clave = String(archivo.ruta).slice(1);
  let datos: Fila;
  try {
    // Taken up again after a stop, the move may already have happened.
    if (!(await h.almacen.existe(clave))) await h.almacen.colocar(subida, clave, archivo.tipo);
    datos = { ...(await datosDeArchivo(h, archivo, `/photos/${subida}-miniatura.jpg`)), estado: 'listo' };
  } catch (err) {
    if (!(err instanceof ErrorMedios)) throw err;
    h.log.warn({ err, subida }, 'no se pudo procesar un archivo');
    datos = { estado: 'error', error: err.message.slice(0, 500) };
  }
  await confirmar((trx) => trx('archivos').where('subida', subida).update({ ...datos, updatedAt: new Date().toISOString() }));
}
