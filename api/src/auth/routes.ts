// POST /logins/login, POST /logins/logout, GET /logins/me and GET /logins/sesion (docs/arquitectura.md §4).
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config/index.js';
import { mensajes } from '../mensajes.js';
import type { Repository } from '../rest/repository.js';
import { HttpError, tooManyRequests, unauthorized } from '../base/errors.js';
import { parseTextos } from './cuerpo.js';
import { isStorableText, isTrue, serializeRow } from '../base/values.js';
import { CUALQUIER_CUENTA } from './guard.js';
import { faseSiguiente } from './fases.js';
import type { HashingQueue } from './hashing.js';
import { hashPassword, needsRehash, verifyPassword } from './passwords.js';
import { SESSION_COOKIE, type SessionStore } from './sessions.js';
import type { LoginThrottle } from './throttle.js';

export interface AuthRouteOptions {
  repo: Repository;
  config: Pick<Config, 'scrypt' | 'mfaRoles'>;
  sessions: SessionStore;
  throttle: LoginThrottle;
  hashing: HashingQueue;
  now: () => number;
}

/** Only the types are checked: any other mistake is the same «login incorrecto». */
const readCredentials = (body: unknown) => parseTextos(body, ['usuario', 'pass'] as const);

export function registerAuthRoutes(app: FastifyInstance, { repo, config, sessions, throttle, hashing, now }: AuthRouteOptions) {
  const db = repo.db;
  const logins = repo.registry.get('logins');
  const loginIncorrecto = () => unauthorized(mensajes.auth.loginIncorrecto);

  // An unknown usuario is checked against this hash so it costs as much as a wrong password
  // and the response time does not tell which usuarios exist. Same parameters as real hashes;
  // made now so that not even the first unknown usuario pays for making it.
  const dummyHash = hashPassword(randomBytes(16).toString('hex'), config.scrypt);

  app.post('/logins/login', async (request, reply) => {
    const { usuario, pass } = readCredentials(request.body);
    // Counted before anything is checked, so concurrent attempts cannot outrun the limit and a
    // refused one costs no hashing.
    const reservation = await throttle.begin(usuario, request.ip);
    if (!reservation.attempt) throw tooManyRequests(reservation.retryAfterSeconds);
    const { attempt } = reservation;

    // A usuario no column can hold (NUL, a lone surrogate) names nobody: asking would only be a database error.
    const row = isStorableText(usuario) ? await db('logins').where('usuario', usuario).first() : undefined;
    let ok: boolean;
    try {
      ok = await hashing.run(request.ip, async () => verifyPassword(pass, row ? row.pass : await dummyHash));
    } catch (err) {
      await throttle.abandon(attempt);
      throw err;
    }
    if (!row || !ok || !isTrue(row.activo)) throw loginIncorrecto();
    await throttle.succeeded(attempt);

    const ultimoAcceso = new Date(now()).toISOString();
    const changes: Record<string, unknown> = { ultimoAcceso };
    // Hashes made with older parameters are upgraded while the plain password is at hand.
    // Skipped when hashing is busy: the next login will do it.
    if (needsRehash(row.pass, config.scrypt)) {
      const rehashed = await hashing.run(request.ip, () => hashPassword(pass, config.scrypt)).catch((err) => {
        if (err instanceof HttpError) return undefined;
        throw err;
      });
      if (rehashed) changes.pass = rehashed;
    }
    // The account's own bookkeeping, as the server's: in its history as `entrar`, by itself.
    const actual = await repo.transaction({ loginId: Number(row.id), ip: request.ip }, (w) => w.update('logins', Number(row.id), changes), { accion: 'entrar' });

    // A fresh token on every login, and the one the browser held is ended: a session planted
    // before login (fixation) never becomes an authenticated one.
    await sessions.destroy(request.cookies[SESSION_COOKIE]);
    // The right password may still leave steps to take (auth/fases.ts): the answer says which.
    const fase = await faseSiguiente(db, config, row, { codigoDado: false });
    const token = await sessions.create(row.id, { fase, ip: request.ip, dispositivo: request.headers['user-agent'] ?? null });
    reply.setCookie(SESSION_COOKIE, token, sessions.cookieOptions());
    // As stored by the update above, which moved its version (docs/arquitectura.md §17) besides ultimoAcceso.
    return { ...serializeRow(logins, actual), fase };
  });

  // Public and idempotent: a stale or missing cookie still ends in a clean, logged-out browser.
  app.post('/logins/logout', async (request, reply) => {
    await sessions.destroy(request.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, sessions.clearCookieOptions());
    return reply.code(204).send();
  });

  app.get('/logins/me', { config: { acceso: CUALQUIER_CUENTA } }, async (request: FastifyRequest) => {
    const row = await db('logins').where('id', request.login!.id).first();
    // The guard saw the session a moment ago; the account may have been deleted since.
    if (!row) throw unauthorized();
    return { ...serializeRow(logins, row), fase: request.login!.fase };
  });

  // Asking is itself a request, so it extends the session as any other does: the admin's
  // «Seguir conectado».
  app.get('/logins/sesion', { config: { acceso: CUALQUIER_CUENTA } }, async (request: FastifyRequest) => {
    const state = await sessions.state(request.login!.sesionId);
    // Logged out or expired by another process since the guard's check.
    if (!state) throw unauthorized();
    return state;
  });
}
