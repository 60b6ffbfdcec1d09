// The files, back at the paths records hold (`GET /videos/…`, `GET /photos/…`), for a logged-in
// administrator only (the session guard covers these routes like any other), and only a file
// whose archivo is `listo`: one ffprobe judged `error` (or still being processed) is not served,
// whatever its bytes are. From a local folder: @fastify/static, with Range (so a <video> can
// seek), ETag and the type of the file. From S3: a short-lived presigned redirect, so the bytes
// never pass through the API.
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/index.js';
import { CUALQUIER_CUENTA } from '../auth/guard.js';
import { CARPETAS } from '../resources/archivos.js';
import type { Almacen } from './almacen.js';

/** Names are the server's (an upload id, maybe `-miniatura`, an extension): nothing else is a file here. */
const NOMBRE = /^[0-9a-f]{16,64}(-miniatura)?\.(mp4|webm|mov|jpg|png|webp)$/;
const ENLACE_SEGUNDOS = 60;
// A stored name is never reused for other bytes, so a browser may keep it; private: it needs a session.
const PARA_SIEMPRE = 'private, max-age=31536000, immutable';

/** Every account sees the clases' videos and the cursos' photos, which the admin embeds (rest/security.ts). */
const RUTA = { acceso: CUALQUIER_CUENTA, incrustable: true } as const;

export async function serveArchivos(app: FastifyInstance, { db, almacen, raiz }: { db: Db; almacen: Almacen; raiz?: string }) {
  const listo = async (carpeta: string, nombre: string) =>
    NOMBRE.test(nombre) && Boolean(await db('archivos').where({ ruta: `/${carpeta}/${nombre}`, estado: 'listo' }).first('id'));

  for (const carpeta of CARPETAS) {
    if (almacen.tipo === 'local' && raiz) {
      // A context of their own, so the check applies to these files' routes alone.
      await app.register(async (archivos) => {
        archivos.addHook('onRoute', (route) => {
          route.config = { ...route.config, ...RUTA };
        });
        archivos.addHook('onRequest', async (request, reply) => {
          if (!(await listo(carpeta, (request.params as { '*'?: string })['*'] ?? ''))) return reply.callNotFound();
        });
        await archivos.register(fastifyStatic, {
          root: join(raiz, carpeta),
          prefix: `/${carpeta}/`,
          decorateReply: false,
          index: false,
          list: false,
          dotfiles: 'deny',
          cacheControl: false,
          // Created at the first upload; until then every request is a plain 404.
          allowedPath: (path) => NOMBRE.test(path.replace(/^\//, '')),
          setHeaders: (reply) => reply.header('cache-control', PARA_SIEMPRE),
        });
      });
      continue;
    }
    app.get<{ Params: { nombre: string } }>(`/${carpeta}/:nombre`, { config: RUTA }, async (request, reply) => {
      const { nombre } = request.params;
      if (!(await listo(carpeta, nombre))) return reply.callNotFound();
      const enlace = await almacen.enlaceTemporal(`${carpeta}/${nombre}`, ENLACE_SEGUNDOS);
      return reply.header('cache-control', `private, max-age=${ENLACE_SEGUNDOS / 2}`).redirect(enlace!, 302);
    });
  }
}
