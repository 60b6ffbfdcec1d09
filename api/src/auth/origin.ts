// Cross-site request forgery protection for state-changing requests (docs/arquitectura.md §4).
//
// A page on another site can make a browser send a form (urlencoded, multipart or text/plain)
// with no CORS preflight; requiring application/json rules all of those out, since a JSON
// request from another origin needs a preflight that CORS refuses. The Origin check is the
// second lock: browsers send Origin on every cross-site POST, while curl and other
// non-browser clients send none, so its absence is allowed.
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config/index.js';
import { mensajes } from '../mensajes.js';
import { forbidden, HttpError } from '../base/errors.js';
import { rutaDe } from '../rest/ruta.js';
import { readBearer } from './tokens.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);
const JSON_TYPE = /^application\/json\s*(;\s*charset\s*=\s*"?utf-?8"?\s*)?$/i;
// Logging out reads no body, so whatever a client labels it (or forgets to) it must still end
// the session; the Origin check still applies to it.
const BODYLESS = new Set(['/logins/logout']);

/**
 * Routes whose bodies are bytes, not JSON: the tus uploads. A cross-site form cannot send the
 * `Tus-Resumable` header (it would need a preflight CORS refuses), so requiring it is the same
 * lock as requiring JSON elsewhere.
 */
export const conCabeceraTus = { tus: true };
const esTus = (request: FastifyRequest) => rutaDe(request).tus === true;

/**
 * Routes another party's servers call, each request signed with a secret they share with Aula
 * (a gateway's notifications): they read no cookie and change nothing without that signature,
 * so a forged cross-site form gains nothing, and they come in the party's own format (Redsys
 * posts a form).
 */
export const firmadaPorTercero = { firmada: true };

/**
 * Routes whose body is a whole file as bytes (a bank statement, docs/arquitectura.md §21):
 * `application/octet-stream`, which a cross-site form cannot send either (only urlencoded,
 * multipart and text/plain go without a preflight), so it is the same lock as JSON.
 */
export const conOctetos = { octetos: true };
const OCTETOS = /^application\/octet-stream\s*$/i;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes tus requests (see conCabeceraTus). */
    tus?: boolean;
    /** The route is a party's, checked by its own signature (see firmadaPorTercero). */
    firmada?: boolean;
    /** The route takes a file's bytes (see conOctetos). */
    octetos?: boolean;
  }
}

export function originCheck(config: Pick<Config, 'corsOrigins'>) {
  const allowed = new Set(config.corsOrigins);
  return function checkOrigin(request: FastifyRequest) {
    if (!STATE_CHANGING.has(request.method)) return;
    const origin = request.headers.origin;
    // A request with an API token carries no cookie a forged page could ride on (and a browser
    // cannot send an Authorization header cross-site without a preflight CORS refuses): the
    // machine's server-side calls may say any Origin. The token itself is checked by the guard.
    if (origin !== undefined && !allowed.has(origin) && readBearer(request.headers.authorization) === undefined) throw forbidden(mensajes.peticion.origenNoPermitido(origin));
    if (rutaDe(request).firmada === true) return;
    if (esTus(request)) {
      if (!request.headers['tus-resumable']) throw new HttpError(412, mensajes.subidas.sinTus, 'PRECONDITION_FAILED');
      return;
    }
    if (rutaDe(request).octetos === true) {
      if (!OCTETOS.test(request.headers['content-type'] ?? '')) throw new HttpError(415, mensajes.peticion.tipoOctetos, 'UNSUPPORTED_MEDIA_TYPE');
      return;
    }
    // Checked even with an empty body: the content type is what a cross-site form cannot forge.
    if (WITH_BODY.has(request.method) && !BODYLESS.has(rutaDe(request).url ?? '') && !JSON_TYPE.test(request.headers['content-type'] ?? '')) {
      throw new HttpError(415, mensajes.peticion.tipoNoSoportado, 'UNSUPPORTED_MEDIA_TYPE');
    }
  };
}
