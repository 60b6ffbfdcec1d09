// What the API tells browsers about its answers. They are JSON, never a page to run, frame,
// sniff or embed, so the policy allows nothing; the explorer is the one real page, and loads
// only its own scripts, styles and the document it describes; images, videos and sounds (the
// files, an invoice's QR) may be embedded by any origin. A CORS preflight that is not one is
// refused here, before @fastify/cors, so the refusal wears the envelope and these headers.
import type { FastifyPluginAsync } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import { mensajes } from '../mensajes.js';
import { badRequest } from '../base/errors.js';
import { rutaDe } from './ruta.js';

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
  // JSON is read by the admin through CORS, which this does not restrict; what it embeds is
  // allowed further below (INCRUSTABLE).
  crossOriginResourcePolicy: { policy: 'same-site' },
};

/**
 * What the admin shows in <img> and <video> (the photos and videos, an invoice's QR) is embedded
 * from its own origin, which need not be the API's site: Chromium does not count two ports of an
 * IP address (127.0.0.1:8080 and :3000, a LAN address) as one site, nor are admin.ejemplo.es and
 * api.otro.es. So such answers allow any origin to embed them, decided here by what they are, not
 * route by route. That exposes nothing: each needs the session cookie, which is SameSite=Lax and
 * so never goes with another site's <img>; such a request gets a 401, which is JSON.
 */
const INCRUSTABLE = /^(image|video|audio)\//;

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
    /**
     * The route answers media even where its answer does not say so: a redirect to the file in
     * S3, a 304 that revalidates one. Any answer of type image/, video/ or audio/ is already.
     */
    incrustable?: boolean;
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
    reply.headers(rutaDe(request).explorer ? EXPLORER_HEADERS : apiSecurityHeaders);
    // @fastify/cors would refuse it too, but as text/plain: checked with the same rule first.
    if (request.method === 'OPTIONS' && (!request.headers.origin || !request.headers['access-control-request-method'])) {
      return done(badRequest(mensajes.peticion.preflightInvalido));
    }
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const tipo = reply.getHeader('content-type');
    const incrustable = reply.statusCode < 400 && (rutaDe(request).incrustable || (typeof tipo === 'string' && INCRUSTABLE.test(tipo)));
    if (incrustable) reply.header('cross-origin-resource-policy', 'cross-origin');
    done(null, payload);
  });
};

export default fp(security, { name: 'aula-security', fastify: '5.x' });
