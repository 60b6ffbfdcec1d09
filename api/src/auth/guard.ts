// Every route needs a live session (or an API token) except the few a browser must reach before
// logging in, and a role that may use it (rest/permisos.ts): a route declares what it reaches in its
// `config.acceso`; one that declares nothing is the administrador's alone.
//
// The decision uses the pattern of the route the request was matched to, never the raw URL:
// the query string, percent-encoding and `..` segments cannot change which handler runs, so
// they cannot smuggle a request past the guard. A request that matches no route needs a
// session too, so an anonymous caller learns nothing about which paths exist.
import type { FastifyRequest } from 'fastify';
import { forbidden, HttpError, unauthorized } from '../base/errors.js';
import { refusalOf, type AccesoRuta } from '../rest/permisos.js';
import { mensajes } from '../mensajes.js';
import type { Fase } from './fases.js';
import type { SessionStore } from './sessions.js';
import { readBearer, type TokenStore } from './tokens.js';
import { SEGUNDO_PLANO } from '../../../contrato/segundoPlano.js';
import { SESSION_COOKIE } from './sessions.js';
import { rutaDe } from '../rest/ruta.js';

// The declaración responsable is for anyone to read (Orden HAC/1177/2024, art. 15.3), signed in or not.
// A gateway's notifications carry no session: their signature is what they are checked by (pasarelas/).
// Whoever forgot the password, or was invited, has none yet: a link of a message (correo/cuentas.ts).
const PUBLIC_ROUTES = new Set(['POST /logins/login', 'POST /logins/logout', 'POST /logins/olvido', 'POST /logins/restablecer', 'GET /ping', 'GET /health', 'GET /openapi.json', 'GET /verifactu/declaracion', 'POST /pasarelas/stripe', 'POST /pasarelas/redsys']);
const EXPLORER = '/explorer';

/** What a route that says nothing may be used by. */
export const SOLO_ADMINISTRADOR: AccesoRuta = { roles: ['administrador'] };
/** A route every account uses for itself (who am I, my session, my account). */
export const CUALQUIER_CUENTA: AccesoRuta = { roles: ['administrador', 'contable', 'editor'] };

// Knowing who it is and how long the session lasts: the admin asks both before showing any step.
const EN_TODA_FASE = ['GET /logins/me', 'GET /logins/sesion'];

/**
 * The routes a session that is not yet a whole one may use, by its fase (sesiones.fase): the
 * step it must take, leaving, and knowing who it is. Anything else is refused with the reason.
 */
export const RUTAS_DE_FASE: Record<Fase, Set<string>> = {
  codigo: new Set(EN_TODA_FASE),
  cambiarPass: new Set(EN_TODA_FASE),
  enrolar: new Set(EN_TODA_FASE),
};

/** Lets a session in `fase` use these routes («POST /logins/codigo»): each step declares its own. */
export function allowEnFase(fase: Fase, ...rutas: string[]) {
  for (const r of rutas) RUTAS_DE_FASE[fase].add(r);
}

const ruta = (request: FastifyRequest) => `${request.method === 'HEAD' ? 'GET' : request.method} ${rutaDe(request).url}`;

export function isPublic(method: string, routeUrl: string | undefined): boolean {
  if (method === 'OPTIONS') return true; // CORS preflights carry no cookie by design
  if (routeUrl === undefined) return false;
  if (routeUrl === EXPLORER || routeUrl.startsWith(`${EXPLORER}/`)) return true;
  return PUBLIC_ROUTES.has(`${method === 'HEAD' ? 'GET' : method} ${routeUrl}`);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route of a person's account (its session, password, live stream): an API token is refused. */
    soloCuentas?: boolean;
  }
}

/**
 * Who a request is: the session of its cookie or, with `Authorization: Bearer`, an API token
 * (auth/tokens.ts), whose request ignores any cookie and is counted against its per-minute limit.
 */
async function identify(request: FastifyRequest, sessions: SessionStore, tokens: TokenStore) {
  const bearer = readBearer(request.headers.authorization);
  if (bearer === undefined) {
    // Reads may reuse a check made a moment ago; anything that changes data asks the database.
    const recheck = request.method !== 'GET' && request.method !== 'HEAD';
    const touch = request.headers[SEGUNDO_PLANO] === undefined;
    request.login = await sessions.resolve(request.cookies[SESSION_COOKIE], { recheck, touch });
    if (!request.login) throw unauthorized();
    return;
  }
  request.login = bearer ? await tokens.resolve(bearer) : null;
  if (!request.login) throw unauthorized(mensajes.tokens.invalido);
  const espera = tokens.count(request.login.id);
  if (espera !== undefined) throw new HttpError(429, mensajes.tokens.demasiadas(tokens.maxPorMinuto), 'TOO_MANY_REQUESTS', undefined, { 'retry-after': String(espera) });
  if (rutaDe(request).soloCuentas) throw forbidden(mensajes.tokens.soloCuentas);
}

export function sessionGuard(sessions: SessionStore, tokens: TokenStore) {
  return async function requireSession(request: FastifyRequest) {
    if (isPublic(request.method, rutaDe(request).url)) return;
    await identify(request, sessions, tokens);
    // A request that matched no route gets its 404 (it names nothing a role could reach).
    if (rutaDe(request).url === undefined) return;
    const { fase, rol } = request.login!;
    if (fase) {
      // Its own code and the step in `details`: a session sent to a step while open (a new role
      // that must enrol) learns which, and the admin shows that step instead of the app.
      if (!RUTAS_DE_FASE[fase as Fase]?.has(ruta(request))) throw new HttpError(403, mensajes.acceso.fase(fase), 'FASE_PENDIENTE', { fase });
      return;
    }
    const refusal = refusalOf(rutaDe(request).acceso ?? SOLO_ADMINISTRADOR, rol);
    if (refusal) throw refusal;
  };
}
