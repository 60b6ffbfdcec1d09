// Mi cuenta: what every account does for itself (docs/arquitectura.md §4). Its own password
// (also the step `cambiarPass` after an administrador reset it) and its own open sessions.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import { mensajes } from '../mensajes.js';
import { notFound, validationFailed, type ErrorDetail } from '../base/errors.js';
import { parseId } from '../rest/peticion.js';
import { registrarEvento } from './auditoria.js';
import { checkContrasenaActual } from './contrasenaActual.js';
import { faseSiguiente } from './fases.js';
import { CUALQUIER_CUENTA, permitirEnFase } from './guard.js';
import type { HashingQueue } from './hashing.js';
import { hashPassword } from './passwords.js';
import { motivoRechazo } from './politica.js';
import { sessionsEnded, type SessionStore } from './sessions.js';
import type { LoginThrottle } from './throttle.js';

export interface CuentaRouteOptions {
  db: Db;
  config: Pick<Config, 'scrypt' | 'mfaRoles'>;
  sessions: SessionStore;
  throttle: LoginThrottle;
  hashing: HashingQueue;
}

// The account whose password was reset has nothing else to do until it chooses a new one.
permitirEnFase('cambiarPass', 'POST /cuenta/contrasena');

/** `actual` and `nueva`, both texts; the values are never echoed (they are passwords). */
function leerCambio(body: unknown): { actual: string; nueva: string } {
  const data = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const details: ErrorDetail[] = [];
  for (const campo of ['actual', 'nueva'] as const) {
    if (typeof data[campo] !== 'string') details.push({ path: `/${campo}`, code: 'type', message: mensajes.filtro.valorInvalido(campo, 'un texto') });
  }
  if (details.length) throw validationFailed(details);
  return { actual: data.actual as string, nueva: data.nueva as string };
}

export function registerCuentaRoutes(app: FastifyInstance, { db, config, sessions, throttle, hashing }: CuentaRouteOptions) {
  const yo = (request: FastifyRequest) => request.login!;
  const cuenta = { config: { acceso: CUALQUIER_CUENTA } };

  app.post('/cuenta/contrasena', cuenta, async (request) => {
    const { actual, nueva } = leerCambio(request.body);
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
    await db.transaction(async (trx) => {
      await trx('logins').where('id', login.id).update({ pass: hash, debeCambiarPass: false, updatedAt: new Date().toISOString() });
      await trx('sesiones').where('loginId', login.id).whereNot('id', login.sesionId).delete();
      await registrarEvento(trx, { tipo: 'CONTRASENA', loginId: login.id, ip: request.ip, recurso: 'logins', recursoId: login.id });
    });
    sessionsEnded(login.id);
    const fase = await faseSiguiente(db, config, { ...row, debeCambiarPass: false }, { codigoDado: true });
    if (login.fase !== fase) await sessions.completar(login.sesionId, fase);
    return { fase };
  });

  app.get('/cuenta/sesiones', cuenta, async (request) => {
    const login = yo(request);
    return (await sessions.abiertas(login.id)).map((s) => ({ ...s, actual: s.id === login.sesionId }));
  });

  /** Ends the account's sessions `donde` names, in one transaction with its log row. */
  const cerrar = async (request: FastifyRequest, donde: { id?: number; excepto?: number }) => {
    const login = yo(request);
    const n = await db.transaction(async (trx) => {
      const q = trx('sesiones').where('loginId', login.id);
      if (donde.id !== undefined) q.where('id', donde.id);
      if (donde.excepto !== undefined) q.whereNot('id', donde.excepto);
      const cerradas = await q.delete();
      if (cerradas) await registrarEvento(trx, { tipo: 'SESIONES-CERRADAS', loginId: login.id, ip: request.ip, recurso: 'logins', recursoId: login.id, datos: { sesiones: cerradas } });
      return cerradas;
    });
    if (n) sessionsEnded(login.id);
    return n;
  };

  // Another account's session answers as one that does not exist: its ids reveal nothing.
  app.delete<{ Params: { id: string } }>('/cuenta/sesiones/:id', cuenta, async (request, reply) => {
    const id = parseId(request.params.id);
    if (!(await cerrar(request, { id }))) throw notFound('Sesion', id);
    return reply.code(204).send();
  });

  app.delete('/cuenta/sesiones', cuenta, async (request) => ({ count: await cerrar(request, { excepto: yo(request).sesionId }) }));
}
