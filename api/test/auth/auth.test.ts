// Authentication and request protection (docs/arquitectura.md §4) on a minimal app: the error handler, the
// auth plugin and a few dummy routes, over a real migrated database (SQLite, or PostgreSQL with
// TEST_DATABASE_URL). Session expiry is tested by ageing the rows, as another process would
// see them; throttling windows by moving an injected clock.
import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { saveAdministrator } from '../../src/auth/administrators.js';
import authPlugin from '../../src/auth/index.js';
import { hashPassword, verifyPassword } from '../../src/auth/passwords.js';
import type { Config } from '../../src/config/index.js';
import type { Db } from '../../src/db/index.js';
import { registerErrorHandler } from '../../src/base/errors.js';
import { createTestDb, repositoryOf, testConfig, type TestDb } from '../support/db.js';

const PASS = 'Secreta-Ñandú-42';
const ALLOWED_ORIGIN = 'http://localhost:8080';
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let t: TestDb;
let db: Db;
let config: Config;
let anaId: number;
const apps: FastifyInstance[] = [];
const bodies: string[] = [];

async function buildApp(options: { now?: () => number; config?: Config } = {}) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  await app.register(authPlugin, { repo: repositoryOf(db), config: options.config ?? config, now: options.now });
  for (const url of ['/ping', '/health', '/openapi.json', '/explorer', '/explorer/static/*', '/explorerx']) app.get(url, async () => ({ ok: true }));
  app.get('/protegido', async (request) => ({ login: request.login }));
  app.post('/eco', async (request) => ({ body: request.body ?? null }));
  app.delete('/eco', async (_request, reply) => reply.code(204).send());
  await app.ready();
  apps.push(app);
  return app;
}

type Call = { cookie?: string; headers?: Record<string, string>; ip?: string; payload?: string };

/** Every answer's body is kept, to check at the end that no password ever left the server. */
async function call(app: FastifyInstance, method: string, url: string, body?: unknown, extra: Call = {}) {
  const headers: Record<string, string> = { ...extra.headers };
  if (extra.cookie) headers.cookie = extra.cookie;
  const opts: InjectOptions = { method: method as InjectOptions['method'], url, headers, remoteAddress: extra.ip ?? '10.0.0.1' };
  if (extra.payload !== undefined) opts.payload = extra.payload;
  else if (body !== undefined) {
    opts.payload = JSON.stringify(body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await app.inject(opts);
  bodies.push(res.body);
  return { status: res.statusCode, headers: res.headers, body: res.body ? JSON.parse(res.body) : undefined, cookies: res.cookies };
}

const login = (app: FastifyInstance, usuario = 'ana', pass = PASS, extra: Call = {}) => call(app, 'POST', '/logins/login', { usuario, pass }, extra);

async function sessionCookie(app: FastifyInstance) {
  const res = await login(app);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const c = res.cookies.find((k) => k.name === 'aula_sesion')!;
  return { cookie: `aula_sesion=${c.value}`, token: c.value };
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const sessionRow = (token: string) => db('sesiones').where('tokenHash', sha256(token)).first();
const millis = (v: unknown) => new Date(v as string).getTime();

async function insertLogin(usuario: string, fields: Record<string, unknown> = {}) {
  const now = new Date().toISOString();
  const [row] = await db('logins')
    .insert({ usuario, pass: await hashPassword(PASS, config.scrypt), nombre: `Admin ${usuario}`, email: `${usuario}@aula.example`, activo: true, createdAt: now, updatedAt: now, ...fields })
    .returning('id');
  return typeof row === 'object' ? row.id : row;
}

beforeAll(async () => {
  t = await createTestDb();
  db = t.db;
  config = testConfig(t.database, { CORS_ORIGINS: `${ALLOWED_ORIGIN},https://admin.aula.example` });
  anaId = await insertLogin('ana');
});

afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

afterAll(async () => {
  await t?.destroy();
});

describe('login', () => {
  it('answers the record without pass, with a HttpOnly SameSite=Lax cookie whose hash alone is stored', async () => {
    const app = await buildApp();
    const before = Date.now();
    const res = await login(app);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['activo', 'createdAt', 'debeCambiarPass', 'email', 'fase', 'id', 'nombre', 'rol', 'ultimoAcceso', 'updatedAt', 'usuario', 'version']);
    // fase null: no step left, the session is a whole one (auth/fases.ts).
    expect(res.body).toMatchObject({ id: anaId, usuario: 'ana', nombre: 'Admin ana', email: 'ana@aula.example', activo: true, fase: null });
    for (const campo of ['createdAt', 'updatedAt', 'ultimoAcceso']) expect(res.body[campo]).toMatch(ISO_MS);
    expect(millis(res.body.ultimoAcceso)).toBeGreaterThanOrEqual(before - 1000);
    const stored = await db('logins').where('id', anaId).first();
    expect(new Date(stored.ultimoAcceso).toISOString()).toBe(res.body.ultimoAcceso);

    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^aula_sesion=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).not.toMatch(/Secure/);
    expect(setCookie).toContain(`; Max-Age=${config.session.absoluteHours * 3600}`);

    const token = res.cookies[0].value;
    expect(await sessionRow(token)).toMatchObject({ loginId: anaId });
    expect(await db('sesiones').where('tokenHash', token).first()).toBeUndefined();

    const me = await call(app, 'GET', '/logins/me', undefined, { cookie: `aula_sesion=${token}` });
    expect(me.status).toBe(200);
    expect(me.body).toEqual(res.body);
    const protegido = await call(app, 'GET', '/protegido', undefined, { cookie: `aula_sesion=${token}` });
    const sesion = await sessionRow(token);
    expect(protegido.body).toEqual({ login: { id: anaId, usuario: 'ana', rol: 'administrador', fase: null, nombre: 'Admin ana', sesionId: sesion.id } });
  });

  it('issues a new token on every login and ends the session the browser held before', async () => {
    const app = await buildApp();
    const before = await sessionCookie(app);
    const again = await login(app, 'ana', PASS, { cookie: before.cookie });
    expect(again.status).toBe(200);
    expect(again.cookies[0].value).not.toBe(before.token);
    expect(await sessionRow(before.token)).toBeUndefined();
    expect((await call(app, 'GET', '/logins/me', undefined, { cookie: `aula_sesion=${again.cookies[0].value}` })).status).toBe(200);
  });

  it('marks the cookie Secure when configured (production)', async () => {
    const app = await buildApp({ config: { ...config, session: { ...config.session, secureCookie: true } } });
    const res = await login(app);
    expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
  });

  it('answers the same 401 «login incorrecto» for a wrong pass, an unknown usuario and an inactive login', async () => {
    await insertLogin('inactivo', { activo: false });
    const app = await buildApp();
    const wrongPass = await login(app, 'ana', 'otra');
    const unknown = await login(app, 'nadie', PASS);
    const inactive = await login(app, 'inactivo', PASS);
    expect(wrongPass.status).toBe(401);
    expect(wrongPass.body).toEqual({ error: { statusCode: 401, name: 'UnauthorizedError', message: 'login incorrecto', code: 'UNAUTHORIZED' } });
    expect(unknown).toMatchObject({ status: 401, body: wrongPass.body });
    expect(inactive).toMatchObject({ status: 401, body: wrongPass.body });
    for (const r of [wrongPass, unknown, inactive]) expect(r.headers['set-cookie']).toBeUndefined();
  });

  it('takes as long for an unknown usuario as for a wrong password (a dummy hash is checked)', async () => {
    // A cost high enough that hashing dominates the request; without the dummy hash an unknown
    // usuario would answer in a small fraction of the time.
    const slow = { ...config, scrypt: { ...config.scrypt, N: 2 ** 14 } };
    await db('logins').where('usuario', 'ana').update({ pass: await hashPassword(PASS, slow.scrypt) });
    try {
      const app = await buildApp({ config: slow });
      // Each attempt from its own address, so a dozen failures stay under the throttle.
      let attempt = 0;
      const time = async (usuario: string) => {
        const ip = `10.9.0.${++attempt}`;
        const start = performance.now();
        expect((await login(app, usuario, 'mal', { ip })).status).toBe(401);
        return performance.now() - start;
      };
      // scrypt's first calls in a process pay for mapping fresh memory (measured 2–3× slower), so
      // one untimed call of each, then the two kinds alternate and share whatever the machine does.
      await time('ana');
      await time('nadie');
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 5; i++) {
        known.push(await time('ana'));
        unknown.push(await time('nadie'));
      }
      const median = (xs: number[]) => xs.sort((a, b) => a - b)[2];
      expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
      expect(median(unknown)).toBeLessThan(median(known) * 2);
    } finally {
      await db('logins').where('usuario', 'ana').update({ pass: await hashPassword(PASS, config.scrypt) });
    }
  });

  it('answers 422 with details when usuario or pass is not a string, without echoing values', async () => {
    const app = await buildApp();
    const res = await call(app, 'POST', '/logins/login', { usuario: 'ana', pass: 12345678 });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ name: 'UnprocessableEntityError', code: 'VALIDATION_FAILED' });
    expect(res.body.error.details).toEqual([expect.objectContaining({ path: '/pass', code: 'type' })]);
    expect(JSON.stringify(res.body)).not.toContain('12345678');
    const empty = await call(app, 'POST', '/logins/login', undefined, { headers: { 'content-type': 'application/json' } });
    expect(empty.status).toBe(422);
    expect(empty.body.error.details.map((d: { path: string }) => d.path)).toEqual(['/usuario', '/pass']);
  });

  it('rehashes a password stored with other scrypt parameters on a successful login', async () => {
    const old = await hashPassword(PASS, { ...config.scrypt, N: config.scrypt.N / 2 });
    const id = await insertLogin('antigua', { pass: old });
    const app = await buildApp();
    expect((await login(app, 'antigua')).status).toBe(200);
    const { pass } = await db('logins').where('id', id).first();
    expect(pass).not.toBe(old);
    expect(pass.split('$')[1]).toBe(String(config.scrypt.N));
    expect(await verifyPassword(PASS, pass)).toBe(true);
    expect((await login(app, 'antigua')).status).toBe(200);
  });
});

describe('the guard', () => {
  it('answers 401 in the envelope without a session, with a forged cookie, and to a query-string trick', async () => {
    const app = await buildApp();
    const envelope = { error: { statusCode: 401, name: 'UnauthorizedError', message: 'Se necesita iniciar sesión', code: 'UNAUTHORIZED' } };
    for (const url of ['/protegido', '/logins/me', '/protegido?x=/ping', '/protegido?/explorer/', '/no-existe']) {
      expect(await call(app, 'GET', url)).toMatchObject({ status: 401, body: envelope });
    }
    const forged = `aula_sesion=${'A'.repeat(43)}`;
    expect((await call(app, 'GET', '/protegido', undefined, { cookie: forged })).status).toBe(401);
    expect((await call(app, 'POST', '/eco', {})).status).toBe(401);
  });

  it('lets the public routes and CORS preflights through', async () => {
    const app = await buildApp();
    for (const url of ['/ping', '/health', '/openapi.json', '/explorer', '/explorer/static/index.css']) {
      expect((await call(app, 'GET', url)).status, url).toBe(200);
    }
    expect((await call(app, 'GET', '/explorerx')).status).toBe(401);
    expect((await call(app, 'GET', '/ping?filter=x')).status).toBe(200);
    expect((await call(app, 'HEAD', '/ping')).status).toBe(200);
    expect((await call(app, 'OPTIONS', '/protegido')).status).not.toBe(401);
  });
});

describe('logout', () => {
  it('ends the session server-side and clears the cookie', async () => {
    const app = await buildApp();
    const { cookie, token } = await sessionCookie(app);
    const res = await call(app, 'POST', '/logins/logout', {}, { cookie });
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    expect(String(res.headers['set-cookie'])).toMatch(/^aula_sesion=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/);
    expect(await sessionRow(token)).toBeUndefined();
    expect((await call(app, 'GET', '/logins/me', undefined, { cookie })).status).toBe(401);
  });

  it('answers 204 without a session, with an expired one, and with an empty JSON body', async () => {
    const app = await buildApp();
    expect((await call(app, 'POST', '/logins/logout', {})).status).toBe(204);
    const { cookie, token } = await sessionCookie(app);
    await db('sesiones').where('tokenHash', sha256(token)).update({ expiresAt: new Date(Date.now() - 1000).toISOString() });
    const res = await call(app, 'POST', '/logins/logout', undefined, { cookie, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(204);
  });
});

describe('session expiry', () => {
  const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
  // A read may reuse a session check up to a second old (sessions.ts, RECHECK_MS). The app's
  // clock runs this far ahead after a row is aged, as a later request would find it.
  let ahead = 0;
  const now = () => Date.now() + ahead;
  const aSecondLater = () => {
    ahead += 1001;
  };
  afterEach(() => {
    ahead = 0;
  });

  it('ends a session idle for longer than the idle timeout, and deletes its row', async () => {
    const app = await buildApp({ now });
    const { cookie, token } = await sessionCookie(app);
    const idleMs = config.session.idleMinutes * 60_000;
    await db('sesiones').where('tokenHash', sha256(token)).update({ lastSeenAt: ago(idleMs - 60_000) });
    expect((await call(app, 'GET', '/protegido', undefined, { cookie })).status).toBe(200);
    await db('sesiones').where('tokenHash', sha256(token)).update({ lastSeenAt: ago(idleMs + 1000) });
    aSecondLater();
    expect((await call(app, 'GET', '/protegido', undefined, { cookie })).status).toBe(401);
    expect(await sessionRow(token)).toBeUndefined();
  });

  it('ends a session past its absolute expiry however active it is', async () => {
    const app = await buildApp({ now });
    const { cookie, token } = await sessionCookie(app);
    const row = await sessionRow(token);
    expect(millis(row.expiresAt) - millis(row.createdAt)).toBe(config.session.absoluteHours * 3_600_000);
    await db('sesiones').where('id', row.id).update({ expiresAt: ago(1), lastSeenAt: new Date().toISOString() });
    expect((await call(app, 'GET', '/logins/me', undefined, { cookie })).status).toBe(401);
    expect(await sessionRow(token)).toBeUndefined();
  });

  it('writes lastSeenAt at most once a minute', async () => {
    const app = await buildApp({ now });
    const { cookie, token } = await sessionCookie(app);
    const fresh = (await sessionRow(token)).lastSeenAt;
    await call(app, 'GET', '/protegido', undefined, { cookie });
    expect(millis((await sessionRow(token)).lastSeenAt)).toBe(millis(fresh));
    const stale = ago(2 * 60_000);
    await db('sesiones').where('tokenHash', sha256(token)).update({ lastSeenAt: stale });
    aSecondLater();
    await call(app, 'GET', '/protegido', undefined, { cookie });
    expect(millis((await sessionRow(token)).lastSeenAt)).toBeGreaterThan(millis(stale) + 60_000);
  });

  it('purges abandoned sessions of anyone on a login', async () => {
    const row = (hash: string, lastSeenMsAgo: number, expiresInMs: number) => ({
      tokenHash: hash.repeat(64),
      loginId: anaId,
      createdAt: ago(lastSeenMsAgo),
      lastSeenAt: ago(lastSeenMsAgo),
      expiresAt: new Date(Date.now() + expiresInMs).toISOString(),
    });
    const idleMs = config.session.idleMinutes * 60_000;
    await db('sesiones').insert([row('a', 0, -1000), row('b', idleMs + 60_000, 3_600_000), row('c', 0, 3_600_000)]);
    await sessionCookie(await buildApp());
    const left = (await db('sesiones').whereIn('tokenHash', ['a', 'b', 'c'].map((h) => h.repeat(64))).select('tokenHash')).map((r: { tokenHash: string }) => r.tokenHash[0]);
    expect(left).toEqual(['c']);
  });

  it('ends the sessions of a deactivated administrator', async () => {
    const id = await insertLogin('baja');
    const app = await buildApp({ now });
    const res = await login(app, 'baja');
    const cookie = `aula_sesion=${res.cookies[0].value}`;
    expect((await call(app, 'GET', '/protegido', undefined, { cookie })).status).toBe(200);
    await db('logins').where('id', id).update({ activo: false });
    aSecondLater();
    expect((await call(app, 'GET', '/protegido', undefined, { cookie })).status).toBe(401);
  });

  it('checks the database on every write, and on a read once the last check is a second old', async () => {
    const app = await buildApp({ now });
    const { cookie, token } = await sessionCookie(app);
    const headers = { 'content-type': 'application/json' };
    expect((await call(app, 'GET', '/protegido', undefined, { cookie })).status).toBe(200);
    // Another API process logs this session out: its row goes.
    await db('sesiones').where('tokenHash', sha256(token)).delete();
    expect((await call(app, 'POST', '/eco', { a: 1 }, { cookie, headers })).status).toBe(401);
    expect((await call(app, 'DELETE', '/eco', undefined, { cookie })).status).toBe(401);
    expect((await call(app, 'GET', '/protegido', undefined, { cookie })).status).toBe(401);

    // A logout through this very process ends reads at once as well.
    const other = await sessionCookie(app);
    expect((await call(app, 'GET', '/protegido', undefined, { cookie: other.cookie })).status).toBe(200);
    expect((await call(app, 'POST', '/logins/logout', {}, { cookie: other.cookie })).status).toBe(204);
    expect((await call(app, 'GET', '/protegido', undefined, { cookie: other.cookie })).status).toBe(401);

    // Without any write in between, a read a second later sees what the database says.
    const third = await sessionCookie(app);
    expect((await call(app, 'GET', '/protegido', undefined, { cookie: third.cookie })).status).toBe(200);
    await db('sesiones').where('tokenHash', sha256(third.token)).delete();
    aSecondLater();
    expect((await call(app, 'GET', '/protegido', undefined, { cookie: third.cookie })).status).toBe(401);
  });

  it('GET /logins/sesion says when the session ends, from the server\'s rows and clock, and asking extends it', async () => {
    const app = await buildApp({ now });
    expect((await call(app, 'GET', '/logins/sesion')).status).toBe(401);
    const { cookie, token } = await sessionCookie(app);
    const idleMs = config.session.idleMinutes * 60_000;
    const row = await sessionRow(token);
    const first = await call(app, 'GET', '/logins/sesion', undefined, { cookie });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      inactividadMinutos: config.session.idleMinutes,
      margenSegundos: 60,
      caducaPorInactividad: new Date(millis(row.lastSeenAt) + idleMs).toISOString(),
      caduca: new Date(millis(row.expiresAt)).toISOString(),
      ahora: expect.stringMatching(ISO_MS),
    });

    // Idle for all but five minutes: asking is activity, and the answer counts from it.
    await db('sesiones').where('id', row.id).update({ lastSeenAt: ago(idleMs - 5 * 60_000) });
    aSecondLater();
    const later = await call(app, 'GET', '/logins/sesion', undefined, { cookie });
    const lastSeen = millis((await sessionRow(token)).lastSeenAt);
    expect(millis(later.body.ahora) - lastSeen).toBeLessThan(1000);
    expect(millis(later.body.caducaPorInactividad)).toBe(lastSeen + idleMs);
    expect(later.body.caduca).toBe(first.body.caduca);
  });

  it('a short idle timeout is extended often enough that a session in steady use never lapses', async () => {
    const short = testConfig(t.database, { SESSION_IDLE_MINUTES: '1' });
    const app = await buildApp({ now, config: short });
    const { cookie, token } = await sessionCookie(app);
    expect((await call(app, 'GET', '/logins/sesion', undefined, { cookie })).body).toMatchObject({ inactividadMinutos: 1, margenSegundos: 15 });
    // A request every 25 s: each well inside the minute, yet 75 s after the first touch.
    for (const request of [1, 2, 3, 4]) {
      ahead += 25_000;
      expect((await call(app, 'GET', '/protegido', undefined, { cookie })).status, `request ${request}`).toBe(200);
    }
    expect(now() - millis((await sessionRow(token)).lastSeenAt)).toBeLessThan(1000);
  });

  it('a poll in the background is answered but is not activity: a tab left open still reaches the idle timeout', async () => {
    const short = testConfig(t.database, { SESSION_IDLE_MINUTES: '1' });
    const app = await buildApp({ now, config: short });
    const { cookie, token } = await sessionCookie(app);
    const poll = { cookie, headers: { 'aula-segundo-plano': '1' } };
    const touched = millis((await sessionRow(token)).lastSeenAt);
    // Every 25 s for 50 s: answered each time, the session's last activity left where it was.
    for (const request of [1, 2]) {
      ahead += 25_000;
      expect((await call(app, 'GET', '/protegido', undefined, poll)).status, `poll ${request}`).toBe(200);
    }
    expect(millis((await sessionRow(token)).lastSeenAt)).toBe(touched);
    ahead += 15_000;
    expect((await call(app, 'GET', '/protegido', undefined, poll)).status).toBe(401);
    expect(await sessionRow(token)).toBeUndefined();
  });

  it('is shared by every process on the database: another app instance accepts the cookie', async () => {
    const { cookie } = await sessionCookie(await buildApp());
    expect((await call(await buildApp(), 'GET', '/logins/me', undefined, { cookie })).status).toBe(200);
  });
});

describe('login throttling', () => {
  let clock = Date.now();
  const now = () => clock;
  const windowMs = () => config.loginThrottle.windowMinutes * 60_000;

  it('refuses the 6th attempt after 5 failures with 429 and Retry-After, even with the right pass', async () => {
    clock = Date.now();
    const app = await buildApp({ now });
    for (let i = 0; i < config.loginThrottle.maxPerUsuario; i++) {
      expect((await login(app, 'ana', `mal-${i}`)).status).toBe(401);
      clock += 1000;
    }
    const locked = await login(app);
    expect(locked.status).toBe(429);
    expect(locked.body.error).toMatchObject({ statusCode: 429, name: 'TooManyRequestsError' });
    expect(locked.body.error.message).toBe('Demasiados intentos fallidos. Vuelve a intentarlo dentro de 15 minutos');
    const retryAfter = Number(locked.headers['retry-after']);
    // The oldest failure, 5 s ago, leaves the window in (window − 5 s).
    expect(retryAfter).toBe(windowMs() / 1000 - 5);

    // Another address is not locked out by these failures.
    expect((await login(app, 'ana', PASS, { ip: '10.9.9.9' })).status).toBe(200);

    // The window slides: once the oldest failure leaves it, one more attempt is allowed.
    clock += retryAfter * 1000 - 1000;
    expect((await login(app)).status).toBe(429);
    clock += 1000;
    expect((await login(app)).status).toBe(200);
  });

  it('lets a success clear the count for that usuario and address', async () => {
    clock = Date.now();
    const app = await buildApp({ now });
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < config.loginThrottle.maxPerUsuario - 1; i++) expect((await login(app, 'ana', 'mal')).status).toBe(401);
      expect((await login(app)).status).toBe(200);
    }
  });

  it('limits one address across usuarios', async () => {
    clock = Date.now();
    const app = await buildApp({ now });
    for (let i = 0; i < config.loginThrottle.maxPerIp; i++) expect((await login(app, `nadie${i}`, 'mal', { ip: '10.6.6.6' })).status).toBe(401);
    const locked = await login(app, 'ana', PASS, { ip: '10.6.6.6' });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(app, 'ana', PASS, { ip: '10.6.6.7' })).status).toBe(200);
    clock += windowMs();
    expect((await login(app, 'ana', PASS, { ip: '10.6.6.6' })).status).toBe(200);
  });
});

describe('origin and content type of state-changing requests', () => {
  it('refuses a foreign Origin with 403 and lets an allowed one, or none, through', async () => {
    const app = await buildApp();
    const { cookie } = await sessionCookie(app);
    const evil = await call(app, 'POST', '/eco', { a: 1 }, { cookie, headers: { origin: 'https://evil.example' } });
    expect(evil.status).toBe(403);
    expect(evil.body.error).toMatchObject({ statusCode: 403, name: 'ForbiddenError', message: 'Origen no permitido: https://evil.example' });
    expect(await call(app, 'POST', '/eco', { a: 1 }, { cookie, headers: { origin: ALLOWED_ORIGIN } })).toMatchObject({ status: 200, body: { body: { a: 1 } } });
    expect((await call(app, 'POST', '/eco', { a: 1 }, { cookie })).status).toBe(200);
    expect((await call(app, 'DELETE', '/eco', undefined, { cookie, headers: { origin: 'null' } })).status).toBe(403);
    expect((await call(app, 'DELETE', '/eco', undefined, { cookie })).status).toBe(204);
    // Reading is not state-changing: a foreign Origin on a GET is left to CORS.
    expect((await call(app, 'GET', '/protegido', undefined, { cookie, headers: { origin: 'https://evil.example' } })).status).toBe(200);
    // A cross-site login attempt is refused before it counts or checks anything.
    expect((await login(app, 'ana', PASS, { headers: { origin: 'https://evil.example' } })).status).toBe(403);
  });

  it('answers 415 to a body that is not JSON, even an empty one', async () => {
    const app = await buildApp();
    const { cookie } = await sessionCookie(app);
    const envelope = { statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'El cuerpo de la petición debe ser JSON (Content-Type: application/json)' };
    for (const [type, payload] of [
      ['text/plain', '{"a":1}'],
      ['application/x-www-form-urlencoded', 'a=1'],
      ['multipart/form-data; boundary=x', '--x--'],
    ]) {
      const res = await call(app, 'POST', '/eco', undefined, { cookie, payload, headers: { 'content-type': type, origin: ALLOWED_ORIGIN } });
      expect(res.status, type).toBe(415);
      expect(res.body.error).toMatchObject(envelope);
    }
    expect((await call(app, 'POST', '/eco', undefined, { cookie })).status).toBe(415);
    const charset = await call(app, 'POST', '/eco', { a: 1 }, { cookie, headers: { 'content-type': 'application/json; charset=utf-8' } });
    expect(charset.status).toBe(200);
  });

  it('ends the session on logout whatever the content type, still checking the Origin', async () => {
    const app = await buildApp();
    for (const [type, payload] of [[undefined, undefined], ['text/plain', 'x'], ['application/x-www-form-urlencoded', 'a=1'], ['application/json', '']]) {
      const { cookie } = await sessionCookie(app);
      const headers: Record<string, string> = type ? { 'content-type': type } : {};
      expect((await call(app, 'POST', '/logins/logout', undefined, { cookie, payload, headers: { ...headers, origin: 'https://evil.example' } })).status).toBe(403);
      expect((await call(app, 'GET', '/protegido', undefined, { cookie })).status, String(type)).toBe(200);
      expect((await call(app, 'POST', '/logins/logout', undefined, { cookie, payload, headers })).status, String(type)).toBe(204);
      expect((await call(app, 'GET', '/protegido', undefined, { cookie })).status, String(type)).toBe(401);
    }
  });
});

describe('saveAdministrator (scripts/create-admin.ts)', () => {
  it('creates an administrator who can log in, and a reset ends the old sessions and password', async () => {
    expect(await saveAdministrator(repositoryOf(db), 'jefa', 'primera-clave-de-jefa')).toEqual({ resultado: 'creado', factorQuitado: false });
    const app = await buildApp();
    const first = await login(app, 'jefa', 'primera-clave-de-jefa');
    expect(first.status).toBe(200);
    const cookie = `aula_sesion=${first.cookies[0].value}`;
    await db('logins').where('usuario', 'jefa').update({ activo: false });

    expect(await saveAdministrator(repositoryOf(db), 'jefa', 'segunda-clave-de-jefa')).toEqual({ resultado: 'restablecido', factorQuitado: false });
    expect((await call(app, 'GET', '/logins/me', undefined, { cookie })).status).toBe(401);
    expect((await login(app, 'jefa', 'primera-clave-de-jefa')).status).toBe(401);
    expect(await login(app, 'jefa', 'segunda-clave-de-jefa')).toMatchObject({ status: 200, body: { usuario: 'jefa', activo: true } });
    expect(await db('logins').where('usuario', 'jefa').count({ n: '*' })).toEqual([{ n: 1 }]);
  });
});

describe('secrets', () => {
  it('never sent a password in any response body of this file', () => {
    expect(bodies.length).toBeGreaterThan(50);
    for (const body of bodies) {
      expect(body).not.toContain(PASS);
      expect(body).not.toContain('"pass"');
      expect(body).not.toContain('scrypt$');
    }
  });
});
