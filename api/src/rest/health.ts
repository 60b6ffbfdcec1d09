// Liveness and readiness for load balancers and orchestrators. The database and the file
// storage are reported apart: with only storage down, /health stays 200 (saying so in its body),
// so the proxy keeps routing the reads and writes that need no file; with the database down,
// 503, since nothing can be served.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/index.js';
import { mensajes } from '../mensajes.js';
import { HttpError } from '../base/errors.js';

const PLAZO_MS = 2000;

/** Resolves when `comprobar` does within the time limit: a hung service must read as "down". */
async function responde(comprobar: () => Promise<unknown>): Promise<boolean> {
  let plazo: NodeJS.Timeout | undefined;
  try {
    await Promise.race([comprobar(), new Promise((_, reject) => (plazo = setTimeout(() => reject(new Error('timeout')), PLAZO_MS)))]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(plazo);
  }
}

const estado = (ok: boolean) => (ok ? 'ok' : 'no disponible');

export function registerHealthRoutes(app: FastifyInstance, db: Db, almacenEscribible: () => Promise<void>) {
  app.get('/ping', async () => ({ greeting: 'pong', date: new Date().toISOString() }));

  app.get('/health', async () => {
    const [baseDeDatos, almacen] = await Promise.all([responde(() => db.raw('select 1')), responde(almacenEscribible)]);
    const partes = { baseDeDatos: estado(baseDeDatos), almacen: estado(almacen) };
    if (!baseDeDatos) {
      app.log.warn(partes, 'health check failed');
      throw new HttpError(503, mensajes.salud.bdNoDisponible, 'SERVICE_UNAVAILABLE', partes);
    }
    if (!almacen) app.log.warn(partes, 'health check: storage down');
    return { status: almacen ? 'ok' : 'degradado', ...partes };
  });
}
