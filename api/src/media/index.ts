// Files (docs/arquitectura.md §7) as one service: the store, the uploads, the serving, and the
// clean-up of files nothing uses; what processing a file and sweeping abandoned uploads need,
// for their jobs (trabajoProcesado.ts, trabajoBarrido.ts). app.ts builds it before the
// repository, which tells it what the records let go of, and registers its routes.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import { usosDe } from '../resources/archivos.js';
import type { ArchivoHooks } from '../rest/repository.js';
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
   * uploads, finished or not, whose archivo is gone; answers how many went.
   */
  barrer(): Promise<number>;
  rutas(app: FastifyInstance): Promise<void>;
}

export interface OpcionesMedia {
  /** Default: ffmpeg as configured. */
  ffmpeg?: Ffmpeg;
}

export async function createMedia(db: Db, config: MediaConfig, log: FastifyBaseLogger, opciones: OpcionesMedia = {}): Promise<Media> {
  // Tests and development may start on an empty S3 server; production expects its bucket.
  const almacen = await createAlmacen(config.storage, config.media.uploadExpiryHours, { crearBucket: config.env !== 'production' });
  const ffmpeg = opciones.ffmpeg ?? createFfmpeg({ ...config.ffmpeg, avisar: (m) => log.warn(m) });

  const media: Media = {
    almacen,
    herramientas: { db, almacen, ffmpeg, log },

    async soltar(rutas) {
      const pendientes = [...rutas];
      while (pendientes.length) {
        const ruta = pendientes.pop()!;
        const archivo = await db.transaction(async (trx) => {
          if ((await usosDe(trx, ruta)).length) return undefined;
          const fila = await trx('archivos').where('ruta', ruta).first('id', 'miniatura');
          if (fila) await trx('archivos').where('id', fila.id).delete();
          return fila ?? { miniatura: null };
        });
        if (!archivo) continue;
        // A video's thumbnail goes with it, unless a record took it as its own.
        if (archivo.miniatura) pendientes.push(archivo.miniatura);
        await almacen.borrar(ruta.slice(1)).catch((err) => log.warn({ err, ruta }, 'no se pudo borrar un archivo'));
      }
    },

    async barrer() {
      const borradas = await almacen.barrerCaducadas();
      const limite = new Date(Date.now() - config.media.uploadExpiryHours * 3600_000).toISOString();
      await db('archivos').where('estado', 'subiendo').andWhere('createdAt', '<', limite).delete();
      const huerfanas = await subidasHuerfanas(db, almacen);
      for (const subida of huerfanas) await almacen.descartarSubida(subida);
      return borradas + huerfanas.length;
    },

    async rutas(app) {
      await app.register(subidasRoutes, { db, config, almacen });
      await serveArchivos(app, { db, almacen, raiz: config.storage.kind === 'local' ? config.storage.dir : undefined });
    },
  };
  return media;
}
