// What happens to a finished upload, after its last request has been answered: it moves to its
// final key, gets its sha256, and (with ffmpeg) its duration, size and a thumbnail. One file at
// a time, so a batch of uploads does not starve the API of CPU and disk. The archivo reads
// `procesando` meanwhile, then `listo`, or `error` with the reason.
//
// `error` is ffprobe's verdict on the file, and only that: a storage or
// database fault on the way (S3 down for a moment, a full disk) leaves the file `procesando` and
// tries again after a growing pause. Whoever processes a file holds a lease on it (`latido`,
// renewed while it works); a file whose lease has lapsed was left by a process that died, and
// any process's periodic sweep takes it up again, on this machine or another.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import type { Db } from '../db/index.js';
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

export interface OpcionesProcesado {
  /** A lease not renewed for this long was left by a process that died. Default 2 min. */
  plazoMs?: number;
  /** How often a process renews the lease of the file it works on. Default 20 s. */
  latidoMs?: number;
  /** First pause after a storage fault; each further one doubles, up to `pausaMaximaMs`. */
  pausaMs?: number;
  pausaMaximaMs?: number;
}

export class Procesado {
  private cola: Promise<void> = Promise.resolve();
  private readonly herramientas: Herramientas;
  private readonly plazoMs: number;
  private readonly latidoMs: number;
  private readonly pausaMs: number;
  private readonly pausaMaximaMs: number;
  /** Storage faults met so far by each file waiting to be tried again. */
  private readonly intentos = new Map<string, number>();
  private readonly esperas = new Set<NodeJS.Timeout>();
  private cerrado = false;

  constructor(
    private readonly db: Db,
    private readonly almacen: Almacen,
    private readonly ffmpeg: Ffmpeg,
    private readonly log: FastifyBaseLogger,
    opciones: OpcionesProcesado = {},
  ) {
    this.herramientas = { db, almacen, ffmpeg, log };
    this.plazoMs = opciones.plazoMs ?? 120_000;
    this.latidoMs = opciones.latidoMs ?? 20_000;
    this.pausaMs = opciones.pausaMs ?? 2_000;
    this.pausaMaximaMs = opciones.pausaMaximaMs ?? 300_000;
  }

  enqueue(subida: string): void {
    this.cola = this.cola.then(() => this.procesar(subida)).catch((err) => this.log.error({ err, subida }, 'procesado de una subida'));
  }

  /** Resolves once everything queued so far is done (retries still waiting their pause are not). */
  async esperar(): Promise<void> {
    let antes: Promise<void>;
    do {
      antes = this.cola;
      await antes;
    } while (antes !== this.cola);
  }

  /** Stops the pending retries: the app is closing. */
  cerrar(): void {
    this.cerrado = true;
    for (const t of this.esperas) clearTimeout(t);
    this.esperas.clear();
  }

  /**
   * Files left `procesando`, queued again; the lease, not this list, decides who takes each. At
   * start, all of them (a live process's lease keeps its own); periodically (`soloCaducados`),
   * only those nobody has renewed for a while: never taken up, or left by a process that died.
   */
  async reanudar({ soloCaducados = false } = {}): Promise<void> {
    const caducado = new Date(Date.now() - this.plazoMs).toISOString();
    const q = this.db('archivos').where('estado', 'procesando').whereNotNull('subida');
    if (soloCaducados) q.where((w) => w.where('latido', '<', caducado).orWhere((w2) => w2.whereNull('latido').andWhere('updatedAt', '<', caducado)));
    for (const { subida } of (await q.select('subida')) as Fila[]) this.enqueue(subida);
  }

  /**
   * Takes the file's lease if nobody holds a live one: one conditional UPDATE, atomic on both
   * databases, so of two processes (or machines) reaching a file together only one works on it.
   */
  private async tomar(subida: string): Promise<boolean> {
    const ahora = Date.now();
    const caducado = new Date(ahora - this.plazoMs).toISOString();
    const n = await this.db('archivos')
      .where({ subida, estado: 'procesando' })
      .where((q) => q.whereNull('latido').orWhere('latido', '<', caducado))
      .update({ latido: new Date(ahora).toISOString() });
    return Number(n) === 1;
  }

  private async procesar(subida: string): Promise<void> {
    if (this.cerrado || !(await this.tomar(subida))) return;
    const latido = setInterval(() => {
      this.db('archivos').where({ subida, estado: 'procesando' }).update({ latido: new Date().toISOString() })
        .catch((err) => this.log.warn({ err, subida }, 'renovar el plazo del procesado'));
    }, this.latidoMs);
    latido.unref();
    try {
      await this.procesarYa(subida);
    } finally {
      clearInterval(latido);
    }
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
      this.intentos.delete(subida);
    } catch (err) {
      if (err instanceof ErrorMedios) {
        this.log.warn({ err, subida }, 'no se pudo procesar un archivo');
        await this.actualizar(subida, { estado: 'error', error: err.message.slice(0, 500) });
        this.intentos.delete(subida);
      } else await this.reintentar(subida, err);
    }
  }

  /** A fault of storage or the database, not of the file: the lease goes, and the file is tried again later. */
  private async reintentar(subida: string, err: unknown) {
    const n = (this.intentos.get(subida) ?? 0) + 1;
    this.intentos.set(subida, n);
    const pausa = Math.min(this.pausaMs * 2 ** (n - 1), this.pausaMaximaMs);
    this.log.warn({ err, subida, intento: n, pausaMs: pausa }, 'fallo del almacenamiento al procesar un archivo: se reintentará');
    // If even this fails, the lease lapses by itself and the sweep takes the file up.
    await this.db('archivos').where({ subida, estado: 'procesando' }).update({ latido: null }).catch(() => undefined);
    if (this.cerrado) return;
    const espera = setTimeout(() => {
      this.esperas.delete(espera);
      this.enqueue(subida);
    }, pausa);
    espera.unref();
    this.esperas.add(espera);
  }

  private async actualizar(subida: string, datos: Fila) {
    await this.db('archivos').where('subida', subida).update({ ...datos, latido: null, updatedAt: new Date().toISOString() });
  }
}
