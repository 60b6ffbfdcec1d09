// Authentication and request protection (docs/arquitectura.md §4) as one plugin. Wrapped with fastify-plugin
// so its hooks and the `request.login` decoration reach every route of the app, not only the
// routes declared here.
import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/index.js';
import type { Repository } from '../rest/repository.js';
import { writeRechazo } from './auditoria.js';
import { registerCuentaRoutes } from './cuenta.js';
import { sessionGuard } from './guard.js';
import { originCheck } from './origin.js';
import { sincrono } from '../base/gancho.js';
import '../rest/request.js';
import { registerAuthRoutes } from './routes.js';
import { registerSegundoFactor } from './segundoFactor.js';
import { SessionStore } from './sessions.js';
import { HashingQueue, type HashingLimits } from './hashing.js';
import { CodigoThrottle, LoginThrottle } from './throttle.js';
import { TokenStore } from './tokens.js';
import { rutaDe } from '../rest/ruta.js';

export interface AuthOptions {
  /** The records it reads and writes (the accounts, their events), and the registry it serves. */
  repo: Repository;
  config: Pick<Config, 'session' | 'loginThrottle' | 'scrypt' | 'corsOrigins' | 'mfaRoles' | 'productName' | 'actividad' | 'tokenMaxPorMinuto'>;
  /** The clock, in epoch milliseconds; tests move it instead of waiting. */
  now?: () => number;
  /** How much password hashing may run at once; defaults to the machine's cores. */
  hashing?: HashingLimits;
}

async function authPlugin(app: FastifyInstance, { repo, config, now = Date.now, hashing }: AuthOptions) {
  const db = repo.db;
  await app.register(cookie);
  app.decorateRequest('login', null);

  const sessions = new SessionStore({ db, config, now });
  // Routes that outlive their request (GET /eventos) check the session again later.
  app.decorate('sesiones', sessions);
  // One hashing queue for the process: the routes that set a password elsewhere (correo/cuentas.ts) share its limits.
  const cola = new HashingQueue(hashing);
  app.decorate('colaHashing', cola);
  const throttle = new LoginThrottle(db, config.loginThrottle, now);
  const codigos = new CodigoThrottle(db, config.loginThrottle, now);

  // Forgery checks first: a cross-site request is refused before it costs a database lookup.
  app.addHook('onRequest', sincrono(originCheck(config)));
  app.addHook('onRequest', sessionGuard(sessions, new TokenStore(repo, config.tokenMaxPorMinuto, now)));
  // Every write a role was refused is in the log: who tried what, from where, and why not.
  app.addHook('onError', async (request, _reply, error) => {
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== 403 || !request.login || request.method === 'GET' || request.method === 'HEAD') return;
    const acceso = rutaDe(request).acceso;
    await writeRechazo(repo, {
      ...(request.login.tokenId === undefined ? { loginId: request.login.id } : { loginId: null, tokenId: request.login.tokenId }),
      ip: request.ip,
      recurso: acceso && 'recurso' in acceso ? acceso.recurso.name : null,
      recursoId: /^\d{1,9}$/.test(String((request.params as { id?: string } | undefined)?.id)) ? Number((request.params as { id: string }).id) : null,
      datos: { ruta: `${request.method} ${rutaDe(request).url ?? request.url}`, motivo: error.message },
    }, config.actividad.ventanaMinutos * 60_000).catch((err) => request.log.warn({ err }, 'no se pudo registrar una acción denegada'));
  });

  await app.register(async (routes) => {
    // These are a person's account's (its session, password, factor): never a token's.
    routes.addHook('onRoute', (opciones) => {
      opciones.config = { ...opciones.config, soloCuentas: true };
    });
    // Logout carries no data, and a client that sets Content-Type: application/json on every
    // request sends it with an empty body: accept that here instead of answering 400.
    const json = routes.getDefaultJsonParser('error', 'error');
    routes.removeContentTypeParser('application/json');
    routes.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
      body === '' ? done(null, undefined) : json(request, body as string, done),
    );
    // Any other type reaches only logout here (origin.ts answers 415 to the rest first), which ignores its body.
    routes.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    registerAuthRoutes(routes, { repo, config, sessions, throttle, hashing: cola, now });
    registerSegundoFactor(routes, { repo, config, sessions, throttle, codigos, hashing: cola, now });
    registerCuentaRoutes(routes, { repo, config, sessions, throttle, hashing: cola });
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    sesiones: SessionStore;
    colaHashing: HashingQueue;
  }
}

export default fp(authPlugin, { name: 'aula-auth', fastify: '5.x' });
