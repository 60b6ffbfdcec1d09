// Every route needs a live session except the few a browser must reach before logging in.
//
// The decision uses the pattern of the route the request was matched to, never the raw URL:
// the query string, percent-encoding and `..` segments cannot change which handler runs, so
// they cannot smuggle a request past the guard. A request that matches no route needs a
// session too, so an anonymous caller learns nothing about which paths exist.
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../base/errors.js';
import type { SessionStore } from './sessions.js';
import { SEGUNDO_PLANO } from './segundoPlano.js';
import { SESSION_COOKIE } from './sessions.js';

// The declaración responsable is for anyone to read (Orden HAC/1177/2024, art. 15.3), signed in or not.
const PUBLIC_ROUTES = new Set(['POST /logins/login', 'POST /logins/logout', 'GET /ping', 'GET /health', 'GET /openapi.json', 'GET /verifactu/declaracion']);
const EXPLORER = '/explorer';

export function isPublic(method: string, routeUrl: string | undefined): boolean {
  if (method === 'OPTIONS') return true; // CORS preflights carry no cookie by design
  if (routeUrl === undefined) return false;
  if (routeUrl === EXPLORER || routeUrl.startsWith(`${EXPLORER}/`)) return true;
  return PUBLIC_ROUTES.has(`${method === 'HEAD' ? 'GET' : method} ${routeUrl}`);
}

export function sessionGuard(sessions: SessionStore) {
  return async function requireSession(request: FastifyRequest) {
    if (isPublic(request.method, request.routeOptions.url)) return;
    // Reads may reuse a check made a moment ago; anything that changes data asks the database.
    const recheck = request.method !== 'GET' && request.method !== 'HEAD';
    const touch = request.headers[SEGUNDO_PLANO] === undefined;
    request.login = await sessions.resolve(request.cookies[SESSION_COOKIE], { recheck, touch });
    if (!request.login) throw unauthorized();
  };
}
