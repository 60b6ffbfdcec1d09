// What happens to a finished upload, after its last request has been answered: it moves to its
// final key, gets its sha256, and (with ffmpeg) its duration, size and a thumbnail. One file at
// a time, so a batch of uploads does not starve the API of CPU and disk. The archivo reads
// `procesando` meanwhile, then `listo`, or `error` with the reason.
import { createHash } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import { isPg, type Db } from '../db/index.js';
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
 * `archivo` is the row as far as it goes (carpeta, ruta, nombre); a damaged file throws.
 */
export async function datosDeArchivo(h: Herramientas, archivo: Fila, rutaMiniatura: string): Promise<Fila> {
  const clave = String(archivo.ruta).slice(1);
  const datos: Fila = { sha256: await resumen(h.almacen, clave) };
  if (await h.ffmpeg.disponible()) Object.assign(datos, await hechos(h, archivo, clave, rutaMiniatura));
  return datos;
}

/** The sha256 of a stream of bytes, in hex: what an archivo's `sha256` holds. */
export async function sha256De(bytes: AsyncIterable<unknown>): Promise<string> {
  const hash = createHash('sha256');
  for await (const trozo of bytes) hash.update(trozo as Buffer);
  return hash.digest('hex');
}

async function resumen(almacen: Almacen, clave: string): Promise<string> {
  return sha256De(await almacen.leer(clave));
}

/** Duration, size and thumbnail of a video; size of a photo. */
async function hechos(h: Herramientas, archivo: Fila, clave: string, rutaMiniatura: string): Promise<Fila> {
  const entrada = await h.almacen.ubicacion(clave);
  if (archivo.carpeta === 'photos') return h.ffmpeg.leerImagen(entrada);
  const video = await h.ffmpeg.leerVideo(entrada);
  const datos: Fila = { ...video };
  try {
    datos.miniatura = await miniatura(h, archivo, entrada, video.duracion, rutaMiniatura);
  } catch (err) {
    // The video itself is fine: it stays usable, and the missing thumbnail is said, not hidden.
    h.log.warn({ err, subida: archivo.subida }, 'no se pudo sacar la miniatura');
    datos.error = (err instanceof ErrorMedios ? err.message : mensajes.subidas.procesado).slice(0, 500);
  }
  return datos;
}

/** The thumbnail is an archivo of its own in /photos/, so a clase can take it as its miniatura. */
async function miniatura(h: Herramientas, archivo: Fila, entrada: string, duracion: number | null, ruta: string): Promise<string> {
  const carpeta = await mkdtemp(join(tmpdir(), 'aula-miniatura-'));
  try {
    const fichero = join(carpeta, 'miniatura.jpg');
    const { ancho, alto } = await h.ffmpeg.miniatura(entrada, fichero, { duracion });
    await h.almacen.guardar(ruta.slice(1), fichero, 'image/jpeg');
    const { size } = await stat(fichero);
    const ahora = new Date().toISOString();
    await h.db('archivos').insert({
      carpeta: 'photos',
      ruta,
      nombre: mensajes.medios.nombreMiniatura(archivo.nombre ?? ''),
      tipo: 'image/jpeg',
      tamano: size,
      sha256: await resumen(h.almacen, ruta.slice(1)),
      ancho,
      alto,
      estado: 'listo',
      createdAt: ahora,
      updatedAt: ahora,
    });
    return ruta;
  } finally {
    await rm(carpeta, { recursive: true, force: true });
  }
}

export class Procesado {
  private cola: Promise<void> = Promise.resolve();
  private readonly herramientas: Herramientas;

  constructor(
    private readonly db: Db,
    private readonly almacen: Almacen,
    private readonly ffmpeg: Ffmpeg,
    private readonly log: FastifyBaseLogger,
  ) {
    this.herramientas = { db, almacen, ffmpeg, log };
  }

  encolar(subida: string): void {
    this.cola = this.cola.then(() => this.procesar(subida)).catch((err) => this.log.error({ err, subida }, 'procesado de una subida'));
  }

  /** Resolves once everything queued so far is done. */
  async esperar(): Promise<void> {
    let antes: Promise<void>;
    do {
      antes = this.cola;
      await antes;
    } while (antes !== this.cola);
  }

  /** Files a stopped process left half done are taken up again at start. */
  async reanudar(): Promise<void> {
    const pendientes = (await this.db('archivos').where('estado', 'procesando').whereNotNull('subida').select('subida')) as Fila[];
    for (const { subida } of pendientes) this.encolar(subida);
  }

  /**
   * On PostgreSQL, under a lock per file held until it is done: API instances on other machines
   * share the database, and one starting while another processes a file would otherwise take
   * it up too (reanudar) and race it, the loser marking a good file `error`. The instance that
   * does not get the lock leaves the file to the one that has it. (One machine's workers never
   * race: only one of them resumes, cluster.ts; SQLite is never shared across machines.)
   */
  private async procesar(subida: string): Promise<void> {
    if (!isPg(this.db)) return this.procesarYa(subida);
    const clave = createHash('sha256').update(`procesado:${subida}`).digest().readBigInt64BE(0).toString();
    await this.db.transaction(async (trx) => {
      const { rows } = await trx.raw('SELECT pg_try_advisory_xact_lock(CAST(? AS bigint)) AS ok', [clave]);
      if (rows[0].ok) await this.procesarYa(subida);
    });
  }

  private async procesarYa(subida: string): Promise<void> {
    const archivo = (await this.db('archivos').where({ subida, estado: 'procesando' }).first()) as Fila | undefined;
    if (!archivo) return;
    const clave = String(archivo.ruta).slice(1);
    try {
      // Taken up again after a stop, the move may already have happened.
      if (!(await this.almacen.existe(clave))) await this.almacen.colocar(subida, clave, archivo.tipo);
      const datos = await datosDeArchivo(this.herramientas, archivo, `/photos/${subida}-miniatura.jpg`);
      await this.actualizar(subida, { ...datos, estado: 'listo' });
    } catch (err) {
      this.log.warn({ err, subida }, 'no se pudo procesar un archivo');
      const mensaje = err instanceof ErrorMedios ? err.message : mensajes.subidas.procesado;
      await this.actualizar(subida, { estado: 'error', error: mensaje.slice(0, 500) });
    }
  }

  private async actualizar(subida: string, datos: Fila) {
    await this.db('archivos').where('subida', subida).update({ ...datos, updatedAt: new Date().toISOString() });
  }
}
