// A video's duration and size, a photo's size and a video's thumbnail, from Debian's ffprobe and
// ffmpeg run as child processes (docs/arquitectura.md §7). Arguments go as an array, never
// through a shell; every run has a time limit and a cap on what it may print. Without the
// programs the rest of the API works: `disponible()` says so once, in a warning.
//
// What an upload says is never obeyed: the programs read one local file, with
// the container the upload check found (`demuxerDe`), through the `file` protocol alone, so no
// manifest, playlist or pattern inside it can make them open another file or an address; each
// run is capped in memory and CPU (prlimit) and decodes on one thread; and a file that declares
// absurd dimensions is refused before anything decodes it.
import { execFile } from 'node:child_process';
import { rename, rm, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { mensajes } from '../mensajes.js';
import { demuxerDe } from './firma.js';

export interface Dimensiones {
  ancho: number;
  alto: number;
}

export interface DatosVideo extends Dimensiones {
  /** Whole seconds, rounded (at least 1 for any clip that lasts); null when the file does not say (a browser-recorded webm). */
  duracion: number | null;
}

export type CodigoErrorMedios =
  | 'no-disponible'
  | 'danado'
  | 'sin-video'
  | 'sin-imagen'
  | 'tiempo'
  | 'salida'
  | 'recursos'
  | 'dimensiones'
  | 'tipo'
  | 'sin-miniatura';

/** A file ffprobe/ffmpeg could not deal with: `message` is Spanish, for the archivo's `error`. */
export class ErrorMedios extends Error {
  constructor(
    readonly codigo: CodigoErrorMedios,
    message: string,
    /** What the program itself printed, for the log (English, technical). */
    readonly detalle?: string,
  ) {
    super(message);
    this.name = 'ErrorMedios';
  }
}

export interface OpcionesFfmpeg {
  /** Program names (looked up on PATH) or paths: `config.ffmpeg`. */
  ffmpeg: string;
  ffprobe: string;
  /** Where the one warning about missing programs goes. Default: console.warn. */
  warn?: (mensaje: string) => void;
  /** Longest a single run may take before it is killed. Default 60 s. */
  tiempoMaximoMs?: number;
  /** Address space a run may use (prlimit --as). Default 1 GiB: a 4K frame takes about 150 MB. */
  memoriaMaximaMb?: number;
  /** prlimit, from util-linux: present on every Debian. Replaceable in tests. */
  prlimit?: string;
}

export interface OpcionesMiniatura {
  /** The video's duration if already known (saves one ffprobe run). */
  duracion?: number | null;
  /** Widest the thumbnail may be; narrower videos keep their width. Default 640. */
  ancho?: number;
}

/**
 * Every call reads one local file (`fichero`) as the stored type `tipo` says (an archivo's `tipo`,
 * which the upload check set from the file's first bytes); a type with no demuxer is refused.
 */
export interface Ffmpeg {
  /** Whether both programs run; checked once, warning once when they do not. */
  disponible(): Promise<boolean>;
  /** Duration and displayed size of a video. */
  readVideo(fichero: string, tipo: string): Promise<DatosVideo>;
  /** Size of a photo (jpeg, png, webp). */
  readImagen(fichero: string, tipo: string): Promise<Dimensiones>;
  /** Writes a JPEG of the frame at 10 % of the video (1 s if its duration is unknown) to `rutaJpeg`; answers its size. */
  miniatura(fichero: string, tipo: string, rutaJpeg: string, opciones?: OpcionesMiniatura): Promise<Dimensiones>;
}

/**
 * Larger than any camera or screen makes (8K is 7680×4320), smaller than what would take the
 * decoder's memory: a header that declares more is refused before a frame is decoded.
 */
export const MAX_LADO = 16384;
export const MAX_PIXELES = 8192 * 8192;

/** ffprobe's JSON for a moderately complex file is a few KB; anything near this is not a media file we want. */
const MAX_SALIDA_PROBE = 4 * 1024 * 1024;
/** With `-v error`, ffmpeg prints only its errors. */
const MAX_SALIDA_FFMPEG = 256 * 1024;
const TIEMPO_VERSION_MS = 10_000;

interface Stream {
  codec_type?: string;
  width?: number;
  height?: number;
  duration?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
}
interface Probe {
  streams?: Stream[];
  format?: { duration?: string };
}

/** A local file only, made absolute so that no name is read as an option («-x») or a protocol («concat:…»). */
function entradaDe(fichero: string, tipo: string): { url: string; demuxer: string } {
  const demuxer = demuxerDe(tipo);
  if (!demuxer) throw new ErrorMedios('tipo', mensajes.medios.tipoSinLector(tipo));
  return { url: `file:${resolve(fichero)}`, demuxer };
}

/**
 * The input options every run gets: the demuxer named, the file protocol alone (for the input
 * and for anything a demuxer might try to open from it), no external references in a QuickTime
 * file, one decoding thread (which bounds the CPU a thumbnail takes and its memory), and no
 * frame larger than MAX_PIXELES decoded (ffprobe decodes a PNG or WebP to learn its size).
 */
const entradaSegura = ({ url, demuxer }: { url: string; demuxer: string }, antes: string[] = []) => [
  '-protocol_whitelist', 'file', '-threads', '1', '-max_pixels', String(MAX_PIXELES), '-f', demuxer,
  ...(demuxer === 'mov' ? ['-enable_drefs', '0'] : []), ...antes, '-i', url,
];

const ultimaLinea = (texto: string) => texto.trim().split('\n').pop()?.slice(0, 500);

/** What a capped child's running out of its allowance looks like: killed by RLIMIT_CPU, or an allocation refused. */
const SIN_RECURSOS = /out of memory|cannot allocate memory|get_buffer\(\) failed|ENOMEM/i;

export function createFfmpeg(opciones: OpcionesFfmpeg): Ffmpeg {
  const tiempoMaximoMs = opciones.tiempoMaximoMs ?? 60_000;
  const memoriaBytes = (opciones.memoriaMaximaMb ?? 1024) * 1024 * 1024;
  const prlimit = opciones.prlimit ?? 'prlimit';
  const warn = opciones.warn ?? ((m: string) => console.warn(m));
  let comprobado: Promise<boolean> | undefined;

  /** What the program printed: stdout, and stderr (with `-v error`, only its complaints). */
  function execPrograma(programa: string, args: string[], maxBuffer: number, timeout = tiempoMaximoMs): Promise<{ stdout: string; stderr: string }> {
    // prlimit sets the caps on itself and then becomes the program (exec): the same process,
    // killed by the same timeout. CPU seconds match the wall-clock limit: one thread cannot use more.
    const limitado = [`--as=${memoriaBytes}`, `--cpu=${Math.ceil(timeout / 1000)}`, '--', programa, ...args];
    return new Promise((ok, falla) => {
      execFile(prlimit, limitado, { timeout, killSignal: 'SIGKILL', maxBuffer, encoding: 'utf8', env: { ...process.env, MALLOC_ARENA_MAX: '2' } }, (err, stdout, stderr) => {
        if (!err) return ok({ stdout, stderr });
        const e = err as Omit<NodeJS.ErrnoException, 'code'> & { killed?: boolean; code?: string | number; signal?: string };
        // prlimit itself missing (ENOENT), or prlimit saying it could not run the program (exit 126/127).
        if (e.code === 'ENOENT' || e.code === 'EACCES' || e.code === 126 || e.code === 127) {
          falla(new ErrorMedios('no-disponible', mensajes.medios.noDisponible, e.message));
        } else if (e.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER') falla(new ErrorMedios('salida', mensajes.medios.salidaExcesiva));
        else if (e.killed) falla(new ErrorMedios('tiempo', mensajes.medios.tiempoAgotado(Math.round(timeout / 1000))));
        else if (e.signal === 'SIGXCPU' || SIN_RECURSOS.test(stderr)) falla(new ErrorMedios('recursos', mensajes.medios.sinRecursos, ultimaLinea(stderr)));
        else falla(new ErrorMedios('danado', mensajes.medios.danado, ultimaLinea(stderr)));
      });
    });
  }

  const funciona = (programa: string) =>
    execPrograma(programa, ['-version'], MAX_SALIDA_FFMPEG, TIEMPO_VERSION_MS).then(
      () => true,
      () => false,
    );

  function disponible(): Promise<boolean> {
    return (comprobado ??= (async () => {
      // Both programs run under prlimit: without it neither would (and its absence is what to fix).
      if (!(await funciona('true'))) {
        warn(mensajes.medios.sinPrlimit(prlimit));
        return false;
      }
      const programas = [opciones.ffmpeg, opciones.ffprobe];
      const funcionan = await Promise.all(programas.map(funciona));
      const nombres = programas.filter((_, i) => !funcionan[i]).map((p) => `«${p}»`);
      if (nombres.length) warn(mensajes.medios.sinFfmpeg(nombres.join(' ni ')));
      return nombres.length === 0;
    })());
  }

  async function probeFichero(fichero: string, tipo: string): Promise<Probe> {
    if (!(await disponible())) throw new ErrorMedios('no-disponible', mensajes.medios.noDisponible);
    const { stdout: json, stderr } = await execPrograma(
      opciones.ffprobe,
      ['-v', 'error', ...entradaSegura(entradaDe(fichero, tipo)), '-show_format', '-show_streams', '-of', 'json'],
      MAX_SALIDA_PROBE,
    );
    // A picture ffprobe must decode to size (PNG, WebP) is refused by max_pixels, which it says only here.
    const desmesurada = /Picture size (\d+)x(\d+) (is invalid|exceeds)/.exec(stderr);
    if (desmesurada) throw new ErrorMedios('dimensiones', mensajes.medios.dimensiones(Number(desmesurada[1]), Number(desmesurada[2])));
    try {
      return JSON.parse(json) as Probe;
    } catch {
      throw new ErrorMedios('danado', mensajes.medios.danado, 'ffprobe printed no JSON');
    }
  }

  /** The picture: the first video stream that is not a cover image, turned the way it is shown. */
  function imagen(probe: Probe): Dimensiones | undefined {
    const s = probe.streams?.find((x) => x.codec_type === 'video' && !x.disposition?.attached_pic);
    if (!s || !(Number(s.width) > 0) || !(Number(s.height) > 0)) return undefined;
    // Every picture stream, not only the one shown: ffmpeg may decode any of them.
    for (const x of probe.streams ?? []) {
      const [w, h] = [Number(x.width ?? 0), Number(x.height ?? 0)];
      if (w > MAX_LADO || h > MAX_LADO || w * h > MAX_PIXELES) throw new ErrorMedios('dimensiones', mensajes.medios.dimensiones(w, h));
    }
    const giro = Math.abs(Number(s.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? s.tags?.rotate ?? 0)) % 180;
    return giro === 90 ? { ancho: s.height!, alto: s.width! } : { ancho: s.width!, alto: s.height! };
  }

  function duracionDe(probe: Probe): number | null {
    const candidatos = [probe.format?.duration, ...(probe.streams ?? []).map((s) => s.duration)];
    const segundos = candidatos.map(Number).find((n) => Number.isFinite(n) && n > 0);
    return segundos === undefined ? null : Math.max(1, Math.round(segundos));
  }

  async function readVideo(fichero: string, tipo: string): Promise<DatosVideo> {
    const probe = await probeFichero(fichero, tipo);
    const dimensiones = imagen(probe);
    if (!dimensiones) throw new ErrorMedios('sin-video', mensajes.medios.sinVideo);
    return { duracion: duracionDe(probe), ...dimensiones };
  }

  async function readImagen(fichero: string, tipo: string): Promise<Dimensiones> {
    const dimensiones = imagen(await probeFichero(fichero, tipo));
    if (!dimensiones) throw new ErrorMedios('sin-imagen', mensajes.medios.sinImagen);
    return dimensiones;
  }

  async function fotograma(entrada: ReturnType<typeof entradaDe>, segundo: number, ancho: number, salida: string): Promise<boolean> {
    await execPrograma(
      opciones.ffmpeg,
      // -ss before -i seeks to the nearest keyframe instead of decoding everything before it.
      ['-v', 'error', '-nostdin', '-y', ...entradaSegura(entrada, ['-ss', segundo.toFixed(3)]),
        '-frames:v', '1', '-vf', `scale='min(${ancho},iw)':-2`, '-q:v', '3', '-f', 'image2', '-c:v', 'mjpeg', '-update', '1', salida],
      MAX_SALIDA_FFMPEG,
    );
    // Past the last frame ffmpeg succeeds without writing anything.
    return stat(salida).then((s) => s.size > 0, () => false);
  }

  async function miniatura(fichero: string, tipo: string, rutaJpeg: string, o: OpcionesMiniatura = {}): Promise<Dimensiones> {
    // Probed here too when the caller did not: the dimensions are checked before anything decodes.
    const duracion = o.duracion === undefined ? (await readVideo(fichero, tipo)).duracion : o.duracion;
    const entrada = entradaDe(fichero, tipo);
    // Written aside and renamed, so a thumbnail is either whole or absent.
    const parcial = `${rutaJpeg}.parcial`;
    try {
      const segundo = duracion ? duracion * 0.1 : 1;
      const hecho = (await fotograma(entrada, segundo, o.ancho ?? 640, parcial)) || (segundo > 0 && (await fotograma(entrada, 0, o.ancho ?? 640, parcial)));
      if (!hecho) throw new ErrorMedios('sin-miniatura', mensajes.medios.sinMiniatura);
      await rename(parcial, rutaJpeg);
    } finally {
      await rm(parcial, { force: true });
    }
    return readImagen(rutaJpeg, 'image/jpeg');
  }

  return { disponible, readVideo, readImagen, miniatura };
}
