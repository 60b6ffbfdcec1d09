// What the API tells browsers about its answers. They are JSON, never a page to run, frame,
// sniff or embed, so the policy allows nothing; the explorer is the one real page, and loads
// only its own scripts, styles and the document it describes. A CORS preflight that is not one
// is refused here, before @fastify/cors, so the refusal wears the envelope and these headers.
import type { FastifyPluginAsync } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import { mensajes } from '../mensajes.js';
import { badRequest } from '../base/errors.js';

type Directives = Record<string, string[]>;

const API_CSP: Directives = {
  'default-src': ["'none'"],
  // Neither is covered by default-src: a <base> or a form would still work without them.
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

// Swagger UI: its bundle, stylesheet, a data: logo, fetches of /explorer/json and of the API
// itself ("Try it out"), all on this origin. Its inline styles are set through the DOM, which
// CSP does not block, so no 'unsafe-inline'; the one <style> element it writes (the colours of
// its own logo's SVG, which @fastify/swagger-ui then swaps for another) is allowed by its hash.
const SWAGGER_LOGO_STYLE = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='";
const EXPLORER_CSP: Directives = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", SWAGGER_LOGO_STYLE],
};

const csp = (directives: Directives) => ({ useDefaults: false, directives });

/**
 * The headers helmet writes for these options, worked out once. None depends on the request
 * (no nonces), and @fastify/helmet built helmet's middleware again for every answer: on a read
 * by id that was a sixth of the API's time.
 */
function helmetHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const res = { setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value), removeHeader: () => {} };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return Object.freeze(headers);
}

const API_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: csp(API_CSP),
  frameguard: { action: 'deny' },
  // The admin is another origin of the same site (another port, or a sibling host): it must
  // be able to show the API's photos and videos in <img> and <video>.
  crossOriginResourcePolicy: { policy: 'same-site' },
};

/**
 * Every answer's security headers, also for the answers Fastify writes before any hook runs (a
 * URL that does not decode, an HTTP request that does not parse).
 */
export const apiSecurityHeaders = helmetHeaders(API_OPTIONS);
const EXPLORER_HEADERS = helmetHeaders({ ...API_OPTIONS, contentSecurityPolicy: csp(EXPLORER_CSP) });

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The explorer's pages: its own policy instead of the API's. */
    explorer?: boolean;
  }
}

export interface SecurityOptions {
  /** Where @fastify/swagger-ui serves the explorer (its routePrefix). */
  explorerPrefix: string;
}

const security: FastifyPluginAsync<SecurityOptions> = async (app, { explorerPrefix }) => {
  app.addHook('onRoute', (route) => {
    if (route.url === explorerPrefix || route.url.startsWith(`${explorerPrefix}/`)) route.config = { ...route.config, explorer: true };
  });

  // First of all hooks, so that every answer carries them, errors of later hooks included.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.routeOptions.config.explorer ? EXPLORER_HEADERS : apiSecurityHeaders);
    done();
  });

  // @fastify/cors would refuse it too, but as text/plain: checked with the same rule first.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.method === 'OPTIONS' && (!request.headers.origin || !request.headers['access-control-request-method'])) {
      return done(badRequest(mensajes.peticion.preflightInvalido));
    }
    done();
  });
};

export default fp(security, { name: 'aula-security', fastify: '5.x' });
