// Liveness and readiness for load balancers and orchestrators.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/index.js';
import { mensajes } from '../mensajes.js';
import { HttpError } from './errors.js';

export function registerHealthRoutes(app: FastifyInstance, db: Db) {
  app.get('/ping', async () => ({ greeting: 'pong', date: new Date().toISOString() }));

  // 200 only when the database answers, quickly: a hung database must read as "down".
  app.get('/health', async () => {
    try {
      await Promise.race([
        db.raw('select 1'),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref()),
      ]);
      return { status: 'ok' };
    } catch (err) {
      app.log.warn({ err }, 'health check failed');
      throw new HttpError(503, mensajes.salud.bdNoDisponible, 'SERVICE_UNAVAILABLE');
    }
  });
}
