// Real media files for the media tests, made by Debian's ffmpeg in a temporary folder (CI
// installs it; see .ci/run), so the tests read what an encoder really writes.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface CarpetaTemporal {
  dir: string;
  /** Runs ffmpeg with `args` writing `nombre` in the folder; answers its path. */
  generar(nombre: string, args: string[]): Promise<string>;
  borrar(): Promise<void>;
}

export async function carpetaTemporal(): Promise<CarpetaTemporal> {
  const dir = await mkdtemp(join(tmpdir(), 'aula-medios-'));
  return {
    dir,
    async generar(nombre, args) {
      const ruta = join(dir, nombre);
      await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args, ruta]);
      return ruta;
    },
    borrar: () => rm(dir, { recursive: true, force: true }),
  };
}

/** Input arguments for a short synthetic video: `segundos` of testsrc at `ancho`×`alto`. */
export const videoDePrueba = (segundos: number, ancho = 320, alto = 240) => [
  '-f', 'lavfi', '-i', `testsrc=size=${ancho}x${alto}:rate=10:duration=${segundos}`,
];

/** One still frame of testsrc, for photos. */
export const fotoDePrueba = (ancho = 160, alto = 120) => ['-f', 'lavfi', '-i', `testsrc=size=${ancho}x${alto}`, '-frames:v', '1'];
