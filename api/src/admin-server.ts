// Serves the built admin (dist/admin) with an SPA fallback, plus /config.js, which tells the
// browser where the API is at run time so one build serves every environment (DESIGN §8).
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config.js';

export async function buildAdminServer(config: Config, root: string): Promise<FastifyInstance> {
  const app = Fastify({ logger: { level: config.logLevel === 'silent' ? 'silent' : 'warn' } });
  if (!existsSync(join(root, 'index.html'))) throw new Error(`No está construido el admin: falta ${join(root, 'index.html')}`);

  app.get('/config.js', async (request, reply) => {
    // Without API_URL the API is on the same host the browser used, on the API's port.
    const host = (request.hostname || 'localhost').replace(/:\d+$/, '');
    const apiUrl = config.apiUrl ?? `${request.protocol}://${host}:${config.port}`;
    reply.type('application/javascript').header('cache-control', 'no-store');
    return `window.AULA_CONFIG = ${JSON.stringify({ apiUrl, productName: config.productName })};\n`;
  });

  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    // Hashed assets never change; index.html must always be revalidated.
    setHeaders(reply, path) {
      reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' || request.url.startsWith('/assets/')) return reply.code(404).send('No encontrado');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return app;
}
