// Serves the built admin (dist/admin) with an SPA fallback, plus /config.js, which tells the
// browser where the API is at run time so one build serves every environment (docs/arquitectura.md §8).
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlib } from 'node:zlib';
import type { Config } from './config/index.js';

// A host name, an IPv4 address or a bracketed IPv6 one. The Host header is the client's to
// choose, and its value ends up in a script and in the CSP header; anything else is refused.
const PLAIN_HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/i;

/** The API's address as the browser that sent `request` reaches it: API_URL, or this host on the API's port. */
export function apiUrlFor(config: Pick<Config, 'apiUrl' | 'port'>, request: FastifyRequest): string {
  if (config.apiUrl) return config.apiUrl;
  const host = (request.hostname || 'localhost').replace(/:\d+$/, '');
  return `${request.protocol}://${PLAIN_HOST.test(host) ? host : 'localhost'}:${config.port}`;
}

/**
 * The admin's policy: its own scripts only (there is no inline script in index.html), the
 * inline styles MUI/emotion inject at run time, and the API's origin for data. Photos and
 * videos are served by the API too (docs/arquitectura.md §7), so it may feed <img> and <video>.
 */
export function adminCsp(apiUrl: string) {
  const api = new URL(apiUrl).origin;
  return {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
      'object-src': ["'none'"],
      'script-src': ["'self'"],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:', api],
      'media-src': ["'self'", 'blob:', api],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'", api],
    },
  };
}

export async function buildAdminServer(config: Config, root: string): Promise<FastifyInstance> {
  const app = Fastify({ logger: { level: config.logLevel === 'silent' ? 'silent' : 'warn' } });
  if (!existsSync(join(root, 'index.html'))) throw new Error(`No está construido el admin: falta ${join(root, 'index.html')}`);

  // The policy depends on the request (the API's origin follows the Host the browser used), so
  // helmet is applied per request with it rather than once globally.
  await app.register(helmet, { global: false, frameguard: { action: 'deny' } });
  app.addHook('onRequest', (request, reply, done) => {
    reply.helmet({ contentSecurityPolicy: adminCsp(apiUrlFor(config, request)) });
    done();
  });

  // Scripts, styles and index.html compressed (a third of their size over the wire): on a phone
  // the login screen's script is most of what stands between the address and the form. Brotli
  // at a middling quality, as its default (11) costs far more time than it saves here.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });

  app.get('/config.js', async (request, reply) => {
    reply.type('application/javascript').header('cache-control', 'no-store');
    return `window.AULA_CONFIG = ${JSON.stringify({ apiUrl: apiUrlFor(config, request), productName: config.productName })};\n`;
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
