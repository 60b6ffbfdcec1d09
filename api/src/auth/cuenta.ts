// Mi cuenta: what every account does for itself (docs/arquitectura.md §4). Its own password
// (also the step `cambiarPass` after an administrador reset it) and its own open sessions.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../base/types.js';
import type { Config } from '../config/index.js';
import { mensajes } from '../mensajes.js';
import { notFound, validationFailed, type ErrorDetail } from '../base/errors.js';
import { parseId } from '../rest/peticion.js';
import type { Repository } from '../rest/repository.js';
import { writeEvento } from './auditoria.js';
import { checkContrasenaActual } from './contrasenaActual.js';
import { faseSiguiente } from './fases.js';
import { CUALQUIER_CUENTA, allowEnFase } from './guard.js';
import type { HashingQueue } from './hashing.js';
import { hashPassword } from './passwords.js';
import { motivoRechazo } from './politica.js';
import { sessionsEnded, type SessionStore } from './sessions.js';
import type { LoginThrottle } from './throttle.js';

export interface CuentaRouteOptions {
  repo: Repository;
  config: Pick<Config, 'scrypt' | 'mfaRoles'>;
  sessions: SessionStore;
  throttle: LoginThrottle;
  hashing: HashingQueue;
}

// The account whose password was reset has nothing else to do until it chooses a new one.
allowEnFase('cambiarPass', 'POST /cuenta/contrasena');

/** `actual` and `nueva`, both texts; the values are never echoed (they are passwords). */
function parseCambio(body: unknown): { actual: string; nueva: string } {
  const data = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const details: ErrorDetail[] = [];
  for (const campo of ['actual', 'nueva'] as const) {
    if (typeof data[campo] !== 'string') details.push({ path: `/${campo}`, code: 'type', message: mensajes.filtro.valorInvalido(campo, 'un texto') });
  }
  if (details.length) throw validationFailed(details);
  return { actual: data.actual as string, nueva: data.nueva as string };
}

export function registerCuentaRoutes(app: FastifyInstance, { repo, config, sessions, throttle, hashing }: CuentaRouteOptions) {
  const db = repo.db;
  const yo = (request: FastifyRequest) => request.login!;
  /** The account acting on its own row: the server's write, by the account, from where it asked. */
  const propia = (request: FastifyRequest): Actor => ({ loginId: yo(request).id, ip: request.ip, sesionId: yo(request).sesionId });
  const cuenta = { config: { acceso: CUALQUIER_CUENTA } };

  app.post('/cuenta/contrasena', cuenta, async (request) => {
    const { actual, nueva } = parseCambio(request.body);
    const login = yo(request);
    // Whoever holds a session must still prove they know the password: the current one is
    // guessed under the same allowance as at the login page, or a left-open session would let
    // anyone try passwords without limit.
    if (!(await checkContrasenaActual({ db, throttle, hashing }, login, request.ip, actual))) {
      throw validationFailed([{ path: '/actual', code: 'password', message: mensajes.cuenta.actualIncorrecta }]);
    }
    const row = await db('logins').where('id', login.id).first('id', 'usuario', 'rol');

    const motivo = actual === nueva ? mensajes.cuenta.igualQueActual : motivoRechazo(nueva, row.usuario);
    if (motivo) throw validationFailed([{ path: '/nueva', code: 'password', message: motivo }]);
    const hash = await hashing.run(request.ip, () => hashPassword(nueva, config.scrypt));

    // Anyone signed in with the old password is signed out; this session, where it was proved, stays.
    await repo.transaction(propia(request), async (w) => {
      await w.update('logins', login.id, { pass: hash, debeCambiarPass: false });
      await w.db('sesiones').where('loginId', login.id).whereNot('id', login.sesionId).delete();
      await writeEvento(w, { tipo: 'CONTRASENA', recurso: 'logins', recursoId: login.id });
    }, { accion: 'cambiarContrasena' });
    sessionsEnded(login.id);
    const fase = await faseSiguiente(db, config, { ...row, debeCambiarPass: false }, { codigoDado: true });
    if (login.fase !== fase) await sessions.complete(login.sesionId, fase);
    return { fase };
  });

  app.get('/cuenta/sesiones', cuenta, async (request) => {
    const login = yo(request);
    return (await sessions.abiertas(login.id)).map((s) => ({ ...s, actual: s.id === login.sesionId }));
  });

  /** Ends the account's sessions `donde` names, in one transaction with its log row. */
  const closeSesiones = async (request: FastifyRequest, donde: { id?: number; excepto?: number }) => {
    const login = yo(request);
    const n = await repo.transaction(propia(request), async (w) => {
      const q = w.db('sesiones').where('loginId', login.id);
      if (donde.id !== undefined) q.where('id', donde.id);
      if (donde.excepto !== undefined) q.whereNot('id', donde.excepto);
      const cerradas = await q.delete();
      if (cerradas) await writeEvento(w, { tipo: 'SESIONES-CERRADAS', recurso: 'logins', recursoId: login.id, datos: { sesiones: cerradas } });
      return cerradas;
    });
    if (n) sessionsEnded(login.id);
    return n;
  };

  // Another account's session answers as one that does not exist: its ids reveal nothing.
  app.delete<{ Params: { id: string } }>('/cuenta/sesiones/:id', cuenta, async (request, reply) => {
    const id = parseId(request.params.id);
    if (!(await closeSesiones(request, { id }))) throw notFound('Sesion', id);
    return reply.code(204).send();
  });

  app.delete('/cuenta/sesiones', cuenta, async (request) => ({ count: await closeSesiones(request, { excepto: yo(request).sesionId }) }));
}
