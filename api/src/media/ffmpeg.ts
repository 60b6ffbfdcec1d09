// A video's duration and size, a photo's size and a video's thumbnail, from Debian's ffprobe and
// ffmpeg run as child processes (issue 11, item 4; DESIGN §7). Arguments go as an array, never
// through a shell; every run has a time limit and a cap on what it may print. Without the
// programs the rest of the API works: `disponible()` says so once, in a warning.
import { execFile } from 'node:child_process';
import { rename, rm, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { mensajes } from '../mensajes.js';

export interface Dimensiones {
  ancho: number;
  alto: number;
}

export interface DatosVideo extends Dimensiones {
  /** Whole seconds, rounded (at least 1 for any clip that lasts); null when the file does not say (a browser-recorded webm). */
  duracion: number | null;
}

export type CodigoErrorMedios = 'no-disponible' | 'danado' | 'sin-video' | 'sin-imagen' | 'tiempo' | 'salida' | 'sin-miniatura';

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
  avisar?: (mensaje: string) => void;
  /** Longest a single run may take before it is killed. Default 60 s. */
  tiempoMaximoMs?: number;
}

export interface OpcionesMiniatura {
  /** The video's duration if already known (saves one ffprobe run). */
  duracion?: number | null;
  /** Widest the thumbnail may be; narrower videos keep their width. Default 640. */
  ancho?: number;
}

export interface Ffmpeg {
  /** Whether both programs run; checked once, warning once when they do not. */
  disponible(): Promise<boolean>;
  /** Duration and displayed size of a video at a local path or an http(s) URL. */
  leerVideo(entrada: string): Promise<DatosVideo>;
  /** Size of a photo (jpeg, png, webp) at a local path or an http(s) URL. */
  leerImagen(entrada: string): Promise<Dimensiones>;
  /** Writes a JPEG of the frame at 10 % of the video (1 s if its duration is unknown) to `rutaJpeg`; answers its size. */
  miniatura(entrada: string, rutaJpeg: string, opciones?: OpcionesMiniatura): Promise<Dimensiones>;
}

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

/**
 * A URL stays a URL, limited to web protocols; anything else is a local file, made absolute so
 * that no name is read as an option («-x») or a protocol («concat:…»).
 */
function entradaDe(entrada: string): { url: string; protocolos: string } {
  if (/^https?:\/\//i.test(entrada)) return { url: entrada, protocolos: 'http,https,tcp,tls' };
  return { url: resolve(entrada), protocolos: 'file' };
}

const ultimaLinea = (texto: string) => texto.trim().split('\n').pop()?.slice(0, 500);

export function crearFfmpeg(opciones: OpcionesFfmpeg): Ffmpeg {
  const tiempoMaximoMs = opciones.tiempoMaximoMs ?? 60_000;
  const avisar = opciones.avisar ?? ((m: string) => console.warn(m));
  let comprobado: Promise<boolean> | undefined;

  function ejecutar(programa: string, args: string[], maxBuffer: number, timeout = tiempoMaximoMs): Promise<string> {
    return new Promise((ok, falla) => {
      execFile(programa, args, { timeout, killSignal: 'SIGKILL', maxBuffer, encoding: 'utf8' }, (err, stdout, stderr) => {
        if (!err) return ok(stdout);
        const e = err as NodeJS.ErrnoException & { killed?: boolean; code?: unknown };
        if (e.code === 'ENOENT' || e.code === 'EACCES') falla(new ErrorMedios('no-disponible', mensajes.medios.noDisponible, e.message));
        else if (e.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER') falla(new ErrorMedios('salida', mensajes.medios.salidaExcesiva));
        else if (e.killed) falla(new ErrorMedios('tiempo', mensajes.medios.tiempoAgotado(Math.round(timeout / 1000))));
        else falla(new ErrorMedios('danado', mensajes.medios.danado, ultimaLinea(stderr)));
      });
    });
  }

  const funciona = (programa: string) =>
    ejecutar(programa, ['-version'], MAX_SALIDA_FFMPEG, TIEMPO_VERSION_MS).then(
      () => true,
      () => false,
    );

  function disponible(): Promise<boolean> {
    return (comprobado ??= (async () => {
      const programas = [opciones.ffmpeg, opciones.ffprobe];
      const funcionan = await Promise.all(programas.map(funciona));
      const nombres = programas.filter((_, i) => !funcionan[i]).map((p) => `«${p}»`);
      if (nombres.length) avisar(mensajes.medios.sinFfmpeg(nombres.join(' ni ')));
      return nombres.length === 0;
    })());
  }

  async function sondear(entrada: string): Promise<Probe> {
    if (!(await disponible())) throw new ErrorMedios('no-disponible', mensajes.medios.noDisponible);
    const { url, protocolos } = entradaDe(entrada);
    const json = await ejecutar(
      opciones.ffprobe,
      ['-v', 'error', '-protocol_whitelist', protocolos, '-show_format', '-show_streams', '-of', 'json', url],
      MAX_SALIDA_PROBE,
    );
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
    const giro = Math.abs(Number(s.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? s.tags?.rotate ?? 0)) % 180;
    return giro === 90 ? { ancho: s.height!, alto: s.width! } : { ancho: s.width!, alto: s.height! };
  }

  function duracionDe(probe: Probe): number | null {
    const candidatos = [probe.format?.duration, ...(probe.streams ?? []).map((s) => s.duration)];
    const segundos = candidatos.map(Number).find((n) => Number.isFinite(n) && n > 0);
    return segundos === undefined ? null : Math.max(1, Math.round(segundos));
  }

  async function leerVideo(entrada: string): Promise<DatosVideo> {
    const probe = await sondear(entrada);
    const dimensiones = imagen(probe);
    if (!dimensiones) throw new ErrorMedios('sin-video', mensajes.medios.sinVideo);
    return { duracion: duracionDe(probe), ...dimensiones };
  }

  async function leerImagen(entrada: string): Promise<Dimensiones> {
    const dimensiones = imagen(await sondear(entrada));
    if (!dimensiones) throw new ErrorMedios('sin-imagen', mensajes.medios.sinImagen);
    return dimensiones;
  }

  async function fotograma(url: string, protocolos: string, segundo: number, ancho: number, salida: string): Promise<boolean> {
    await ejecutar(
      opciones.ffmpeg,
      // -ss before -i seeks to the nearest keyframe instead of decoding everything before it.
      ['-v', 'error', '-nostdin', '-y', '-protocol_whitelist', protocolos, '-ss', segundo.toFixed(3), '-i', url,
        '-frames:v', '1', '-vf', `scale='min(${ancho},iw)':-2`, '-q:v', '3', '-f', 'image2', '-c:v', 'mjpeg', '-update', '1', salida],
      MAX_SALIDA_FFMPEG,
    );
    // Past the last frame ffmpeg succeeds without writing anything.
    return stat(salida).then((s) => s.size > 0, () => false);
  }

  async function miniatura(entrada: string, rutaJpeg: string, o: OpcionesMiniatura = {}): Promise<Dimensiones> {
    const duracion = o.duracion === undefined ? (await leerVideo(entrada)).duracion : o.duracion;
    const { url, protocolos } = entradaDe(entrada);
    // Written aside and renamed, so a thumbnail is either whole or absent.
    const parcial = `${rutaJpeg}.parcial`;
    try {
      const segundo = duracion ? duracion * 0.1 : 1;
      const hecho = (await fotograma(url, protocolos, segundo, o.ancho ?? 640, parcial)) || (segundo > 0 && (await fotograma(url, protocolos, 0, o.ancho ?? 640, parcial)));
      if (!hecho) throw new ErrorMedios('sin-miniatura', mensajes.medios.sinMiniatura);
      await rename(parcial, rutaJpeg);
    } finally {
      await rm(parcial, { force: true });
    }
    return leerImagen(rutaJpeg);
  }

  return { disponible, leerVideo, leerImagen, miniatura };
}
