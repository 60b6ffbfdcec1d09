// The demo's media put where uploads go: each file from mediosDemo() stored
// through the Almacen (local folder or S3) as an archivo `listo`, described by the same code
// that finishes an upload (sha256; with ffmpeg, duration, size and a thumbnail archivo), so
// the demo's clases and cursos point at files that are really there.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Knex } from 'knex';
import type { Almacen } from '../api/src/media/almacen.js';
import type { Ffmpeg } from '../api/src/media/ffmpeg.js';
import { describeArchivo, sha256De } from '../api/src/media/procesado.js';
import type { MedioDemo } from './media.js';

export interface VideoSembrado {
  ruta: string;
  /** Its thumbnail archivo's ruta, when ffmpeg made one. */
  miniatura: string | null;
  duracion: number | null;
}

export interface FotoSembrada {
  ruta: string;
  /** What it shows: a categoría's name, or a generic title for the shipped stand-ins. */
  titulo: string;
}

export interface ArchivosDemo {
  videos: VideoSembrado[];
  fotos: FotoSembrada[];
}

/**
 * Stores `medios` and writes their archivos rows in `trx`. A file is named by the start of its
 * sha256 (16 hex digits): a server-made name like an upload's, which the API serves, never the
 * same as a tus id (32 digits), short enough to read on a phone, and the same for the same
 * bytes, so a demo seeded again over an old storage folder replaces its files instead of piling
 * up new ones. A file ffprobe cannot read is still stored and listed, without its facts: the
 * demo must start anyway.
 */
export async function guardarMediosDemo(
  trx: Knex.Transaction,
  almacen: Almacen,
  ffmpeg: Ffmpeg,
  medios: MedioDemo[],
  avisar: (mensaje: string) => void,
  /** Filled with every key as it is stored (thumbnails too): what to remove if the seed's transaction fails. */
  guardadas: string[] = [],
): Promise<ArchivosDemo> {
  const sembrado: ArchivosDemo = { videos: [], fotos: [] };
  const log = {
    warn: (contexto: { err?: unknown }, mensaje: string) => avisar(contexto.err instanceof Error ? `${mensaje}: ${contexto.err.message}` : mensaje),
  };
  for (const m of medios) {
    const base = (await sha256De(createReadStream(m.ruta))).slice(0, 16);
    const ruta = `/${m.carpeta}/${base}.${m.ext}`;
    const rutaMiniatura = `/photos/${base}-miniatura.jpg`;
    guardadas.push(ruta.slice(1), rutaMiniatura.slice(1));
    await almacen.save(ruta.slice(1), m.ruta, m.tipo);
    const archivo = { carpeta: m.carpeta, ruta, nombre: m.nombre, tipo: m.tipo };
    let datos: Record<string, unknown>;
    try {
      const descripcion = await describeArchivo({ db: trx, almacen, ffmpeg, log }, archivo, rutaMiniatura);
      datos = descripcion.datos;
      const ahora = new Date().toISOString();
      if (descripcion.miniatura) await trx('archivos').insert({ ...descripcion.miniatura, createdAt: ahora, updatedAt: ahora }).onConflict('ruta').merge();
    } catch (err) {
      avisar(`No se han podido leer los datos de ${m.nombre}: ${err instanceof Error ? err.message : err}`);
      datos = {};
    }
    const ahora = new Date().toISOString();
    await trx('archivos').insert({
      ...archivo,
      tamano: (await stat(m.ruta)).size,
      ...datos,
      estado: 'listo',
      createdAt: ahora,
      updatedAt: ahora,
    });
    if (m.carpeta === 'videos') {
      sembrado.videos.push({ ruta, miniatura: (datos.miniatura as string) ?? null, duracion: (datos.duracion as number) ?? null });
    } else sembrado.fotos.push({ ruta, titulo: m.titulo });
  }
  return sembrado;
}
