// The demo's media files: a few short clips and one photo per categoría, so a
// new user sees players and thumbnails on first start. Made by ffmpeg when it runs (test
// patterns with a title); otherwise the small files shipped in seeds/media/ stand in. This only
// makes files: storing them and their archivos rows is the storage layer's job.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Carpeta } from '../api/src/media/firma.js';
import { categorias } from './catalogo.js';
import { slug } from './personas.js';

const run = promisify(execFile);

export interface MedioDemo {
  carpeta: Carpeta;
  /** File name as an uploader would have called it (display only). */
  nombre: string;
  tipo: string;
  ext: string;
  /** Where the file is on local disk now. */
  ruta: string;
  /** What it shows: a clase or categoría title. */
  titulo: string;
}

export interface MediosDemo {
  /** 'ffmpeg' when generated now, 'incluidos' when the shipped files stand in. */
  origen: 'ffmpeg' | 'incluidos';
  medios: MedioDemo[];
  /** Why ffmpeg could not make them, when the shipped files stand in (its own words, for a log). */
  motivo?: string;
  /** Removes the generated files (never the shipped ones); call once they are stored. */
  limpiar(): Promise<void>;
}

export const ANCHO = 640;
export const ALTO = 360;

export interface Clip {
  titulo: string;
  /** An ffmpeg test source (testsrc2, smptehdbars…), optionally followed by `,filter`. */
  fuente: string;
  segundos: number;
  fps?: number;
  crf?: number;
  /** x264's speed/size trade-off: fast for a first start, slow for the shipped files. */
  preset?: string;
}

const CLIPS: Clip[] = [
  { titulo: 'Bienvenida al curso', fuente: 'testsrc2', segundos: 4 },
  { titulo: 'Primeros pasos', fuente: 'smptehdbars', segundos: 3 },
  { titulo: 'Práctica guiada', fuente: 'testsrc2,hue=h=140', segundos: 5 },
];

/** Two colours per categoría, in the catálogo's order, for a diagonal gradient. */
export const GRADIENTES = [
  ['1e3a8a', '06b6d4'],
  ['831843', 'f472b6'],
  ['7c2d12', 'f59e0b'],
  ['111827', '6b7280'],
  ['14532d', '84cc16'],
  ['581c87', 'ec4899'],
  ['064e3b', '10b981'],
  ['991b1b', 'fb923c'],
];

const dirIncluidos = fileURLToPath(new URL('./media/', import.meta.url));

/**
 * The shipped stand-ins, kept small: made with ffmpeg 5.1 by `generarClip` (testsrc2 at 15 fps,
 * 3 s, crf 36, preset veryslow, «Clase de demostración») and `generarFoto` (GRADIENTES[0] and
 * [2], «Curso de demostración»).
 */
const INCLUIDOS: MedioDemo[] = [
  { carpeta: 'videos', nombre: 'clase-demo.mp4', tipo: 'video/mp4', ext: 'mp4', ruta: join(dirIncluidos, 'clase-demo.mp4'), titulo: 'Clase de demostración' },
  { carpeta: 'photos', nombre: 'curso-azul.jpg', tipo: 'image/jpeg', ext: 'jpg', ruta: join(dirIncluidos, 'curso-azul.jpg'), titulo: 'Curso de demostración' },
  { carpeta: 'photos', nombre: 'curso-naranja.jpg', tipo: 'image/jpeg', ext: 'jpg', ruta: join(dirIncluidos, 'curso-naranja.jpg'), titulo: 'Curso de demostración' },
];

/**
 * The filter that writes `titulo` on the picture, read from a file so no character of it needs
 * escaping; none when the folder's path itself would need escaping in a filter graph.
 */
async function rotulo(dir: string, nombre: string, titulo: string, estilo: string): Promise<string | undefined> {
  if (!/^[\w/.-]+$/.test(dir)) return undefined;
  const archivo = join(dir, `${nombre}.txt`);
  await writeFile(archivo, titulo);
  return `drawtext=textfile=${archivo}:fontcolor=white:${estilo}`;
}

const ROTULO_VIDEO = 'fontsize=32:box=1:boxcolor=black@0.6:boxborderw=12:x=(w-text_w)/2:y=h-text_h-30';
const ROTULO_FOTO = 'fontsize=40:shadowcolor=black@0.5:shadowx=2:shadowy=2:x=(w-text_w)/2:y=(h-text_h)/2';

/** Runs ffmpeg with the title filter, and again without it when drawtext fails (no font, say). */
async function conRotulo(ffmpeg: string, entrada: string[], filtro: string | undefined, salida: string[]) {
  const base = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...entrada];
  const opciones = { timeout: 60_000, killSignal: 'SIGKILL' as const, maxBuffer: 256 * 1024 };
  if (filtro) {
    try {
      return await run(ffmpeg, [...base, '-vf', filtro, ...salida], opciones);
    } catch {
      // Fall through to the plain picture.
    }
  }
  return run(ffmpeg, [...base, ...salida], opciones);
}

/** A clip of `segundos` with a silent sound track, H.264/AAC with its index first (plays while loading). */
export async function generarClip(ffmpeg: string, dir: string, nombre: string, clip: Clip) {
  const ruta = join(dir, nombre);
  const [fuente, ...filtros] = clip.fuente.split(',');
  const imagen = [`${fuente}=size=${ANCHO}x${ALTO}:rate=${clip.fps ?? 25}:duration=${clip.segundos}`, ...filtros].join(',');
  await conRotulo(
    ffmpeg,
    ['-f', 'lavfi', '-i', imagen, '-f', 'lavfi', '-i', 'anullsrc=r=44100:cl=mono'],
    await rotulo(dir, nombre, clip.titulo, ROTULO_VIDEO),
    ['-t', String(clip.segundos), '-c:v', 'libx264', '-preset', clip.preset ?? 'veryfast', '-crf', String(clip.crf ?? 30), '-pix_fmt', 'yuv420p',
      '-c:a', 'aac', '-b:a', '24k', '-movflags', '+faststart', '-shortest', ruta],
  );
  return ruta;
}

/** A course photo: a diagonal gradient between two colours with the title in the middle. */
export async function generarFoto(ffmpeg: string, dir: string, nombre: string, titulo: string, [desde, hasta]: string[]) {
  const ruta = join(dir, nombre);
  await conRotulo(
    ffmpeg,
    ['-f', 'lavfi', '-i', `gradients=s=${ANCHO}x${ALTO}:c0=0x${desde}:c1=0x${hasta}:x0=0:y0=0:x1=${ANCHO}:y1=${ALTO}:duration=1`],
    await rotulo(dir, nombre, titulo, ROTULO_FOTO),
    ['-frames:v', '1', '-q:v', '4', ruta],
  );
  return ruta;
}

async function generar(ffmpeg: string, dir: string): Promise<MedioDemo[]> {
  const medios: MedioDemo[] = [];
  for (const clip of CLIPS) {
    const nombre = `${slug(clip.titulo, '-')}.mp4`;
    medios.push({ carpeta: 'videos', nombre, tipo: 'video/mp4', ext: 'mp4', ruta: await generarClip(ffmpeg, dir, nombre, clip), titulo: clip.titulo });
  }
  for (const [i, { nombre: titulo }] of categorias.entries()) {
    // One PNG among the JPEGs, so the demo holds both photo types the admin accepts.
    const ext = i === categorias.length - 1 ? 'png' : 'jpg';
    const nombre = `${slug(titulo, '-')}.${ext}`;
    const ruta = await generarFoto(ffmpeg, dir, nombre, titulo, GRADIENTES[i % GRADIENTES.length]);
    medios.push({ carpeta: 'photos', nombre, tipo: ext === 'png' ? 'image/png' : 'image/jpeg', ext, ruta, titulo });
  }
  return medios;
}

/**
 * The demo's media on local disk: generated in a temporary folder by `ffmpeg` (a name on PATH
 * or a path: `config.ffmpeg.ffmpeg`), or, when that fails for any reason, the shipped files.
 */
export async function mediosDemo(ffmpeg = 'ffmpeg'): Promise<MediosDemo> {
  const dir = await mkdtemp(join(tmpdir(), 'aula-demo-'));
  const limpiar = () => rm(dir, { recursive: true, force: true });
  try {
    return { origen: 'ffmpeg', medios: await generar(ffmpeg, dir), limpiar };
  } catch (err) {
    await limpiar();
    const motivo = err instanceof Error ? err.message : String(err);
    return { origen: 'incluidos', medios: INCLUIDOS.map((m) => ({ ...m })), motivo, limpiar: async () => {} };
  }
}
