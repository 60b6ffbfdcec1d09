// Files (docs/arquitectura.md §7) as one service: the store, the uploads, the serving, and the
// clean-up of files nothing uses; what processing a file and sweeping abandoned uploads need,
// for their jobs (trabajoProcesado.ts, trabajoBarrido.ts). It writes archivo rows through the
// repository it is given, whose entities it serves; app.ts builds that repository first and
// hands it the `release` here, for what the records let go of, and registers its routes.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { SERVIDOR, type Escritor } from '../base/types.js';
import type { Config } from '../config/index.js';
import { usosDe } from '../resources/archivos.js';
import type { ArchivoHooks, Repository } from '../rest/repository.js';
import { createAlmacen, type Almacen } from './almacen.js';
import { subidasHuerfanas } from './comprobar.js';
import { createFfmpeg, type Ffmpeg } from './ffmpeg.js';
import type { Herramientas } from './procesado.js';
import { serveArchivos } from './servir.js';
import subidasRoutes from './subidas.js';

type MediaConfig = Pick<Config, 'storage' | 'media' | 'ffmpeg' | 'corsOrigins' | 'env'>;

export interface Media extends ArchivoHooks {
  almacen: Almacen;
  /** What processing an upload needs (its job's). */
  herramientas: Herramientas;
  /**
   * Removes uploads abandoned longer than UPLOAD_EXPIRY_HOURS (their parts and their rows) and
   * uploads, finished or not, whose archivo is gone; answers how many went. Their rows go in
   * `confirmar`'s transaction (the sweep's job's, fenced by its lease), or one of the server's own.
   */
  sweep(confirmar?: Confirmar): Promise<number>;
  rutas(app: FastifyInstance): Promise<void>;
}

/** A transaction of writes, given an Escritor: a job's fenced one, or the repository's. */
export type Confirmar = <T>(fn: (w: Escritor) => Promise<T>) => Promise<T>;

export interface OpcionesMedia {
  /** Default: ffmpeg as configured. */
  ffmpeg?: Ffmpeg;
}

export async function createMedia(repo: Repository, config: MediaConfig, log: FastifyBaseLogger, opciones: OpcionesMedia = {}): Promise<Media> {
  const db = repo.db;
  // Tests and development may start on an empty S3 server; production expects its bucket.
  const almacen = await createAlmacen(config.storage, config.media.uploadExpiryHours, { crearBucket: config.env !== 'production' });
  const ffmpeg = opciones.ffmpeg ?? createFfmpeg({ ...config.ffmpeg, warn: (m) => log.warn(m) });

  const media: Media = {
    almacen,
    herramientas: { db, almacen, ffmpeg, log },

    /**
     * A path nothing holds any more: its archivo row is deleted through the repository (the
     * server's deletion, in the archivo's history), which lets go of the paths that row held once
     * it commits, and so calls here again: the file itself, with no row left, is then removed
     * from storage, and a video's thumbnail goes the same way, unless a record took it as its own.
     */
    async release(rutas) {
      for (const ruta of new Set(rutas)) {
        const sinFila = await repo.transaction(SERVIDOR, async (w) => {
          if ((await usosDe(w.db, ruta, repo.registry)).length) return false;
          const fila = await w.db('archivos').where('ruta', ruta).first('id');
          if (fila) await w.remove('archivos', Number(fila.id));
          return !fila;
        }, { accion: 'soltar' });
        if (sinFila) await almacen.delete(ruta.slice(1)).catch((err) => log.warn({ err, ruta }, 'no se pudo borrar un archivo'));
      }
    },

    async sweep(confirmar = (fn) => repo.transaction(SERVIDOR, fn, { accion: 'barridoSubidas' })) {
      const borradas = await almacen.sweepCaducadas();
      const limite = new Date(Date.now() - config.media.uploadExpiryHours * 3600_000).toISOString();
      await confirmar(async (w) => {
        const abandonadas = (await w.db('archivos').where('estado', 'subiendo').andWhere('createdAt', '<', limite).pluck('id')) as number[];
        for (const id of abandonadas) await w.remove('archivos', Number(id));
      });
      const huerfanas = await subidasHuerfanas(db, almacen);
      for (const subida of huerfanas) await almacen.discardSubida(subida);
      return borradas + huerfanas.length;
    },

    async rutas(app) {
      await app.register(subidasRoutes, { repo, config, almacen });
      await serveArchivos(app, { db, almacen, raiz: config.storage.kind === 'local' ? config.storage.dir : undefined });
    },
  };
  return media;
}
