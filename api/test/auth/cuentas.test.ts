// The administrators' accounts: nobody can lock everybody out, and a new password or a
// deactivation ends the account's other sessions in every process. Runs on SQLite and, with
// TEST_DATABASE_URL, on PostgreSQL.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { saveAdministrator } from '../../src/auth/administrators.js';
import { hashPassword } from '../../src/auth/passwords.js';
import { mensajes } from '../../src/mensajes.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { repositoryOf } from '../support/db.js';
import { startChildApi } from '../support/child-api.js';

const CLAVE = 'Cuenta-de-prueba-2026';
const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));

let t: TestApp;
/** Another API instance on the same database: its own session cache, as another process has. */
let otra: FastifyInstance;
let adminId: number;
/** admin's own session for each test: a test may end the one the harness opened. */
let cookieAdmin: string;

async function crearLogin(usuario: string, activo = true): Promise<number> {
  const now = new Date().toISOString();
  const [row] = await t.db('logins').insert({ usuario, pass: await hashPassword(CLAVE, t.config.scrypt), nombre: usuario, activo, createdAt: now, updatedAt: now }).returning('id');
  return typeof row === 'object' ? row.id : row;
}

/** Logs in through `app` (the test app by default) and returns the cookie to send back. */
async function entrar(usuario: string, pass = CLAVE, app: FastifyInstance = t.app): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/logins/login', payload: { usuario, pass } });
  expect(res.statusCode, res.body).toBe(200);
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/** A call as admin, or as whoever `cookie` is. */
const call = (method: string, url: string, body?: unknown, cookie = cookieAdmin) => t.call(method, url, body, { cookie });
const me = async (cookie: string, app: FastifyInstance = t.app) => (await app.inject({ method: 'GET', url: '/logins/me', headers: { cookie } })).statusCode;
const activos = async () => Number(((await t.db('logins').where('activo', true).count({ n: '*' })) as { n: number | string }[])[0].n);

beforeAll(async () => {
  t = await createTestApp();
  otra = await buildApp({ config: t.config, db: t.db });
  adminId = (await t.db('logins').where('usuario', 'admin').first('id')).id;
});

afterAll(async () => {
  await otra?.close();
  await t?.destroy();
});

beforeEach(async () => {
  // Only admin (logged in by the harness), active; everyone else gone.
  await t.db('sesiones').whereNot('loginId', adminId).delete();
  await t.db('logs').delete();
  await t.db('logins').whereNot('id', adminId).delete();
  await t.db('logins').where('id', adminId).update({ activo: true });
  cookieAdmin = await entrar('admin', 'admin');
});

describe('the last active administrator', () => {
  const refused = (res: { status: number; body: any }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.error).toMatchObject({ statusCode: 409, name: 'ConflictError', message: mensajes.auth.ultimoAdministrador });
  };

  it('cannot be deactivated by PATCH, PUT or a bulk PATCH, nor deleted by id or in bulk', async () => {
    const inactiva = await crearLogin('inactiva', false);
    refused(await call('PATCH', `/logins/${adminId}`, { activo: false }));
    refused(await call('PUT', `/logins/${adminId}`, { usuario: 'admin', pass: 'Clave-nueva-de-admin-1', activo: false }));
    refused(await call('PATCH', `/logins?where=${q({ activo: true })}`, { activo: false }));
    refused(await call('DELETE', `/logins/${adminId}`));
    // Nothing of any of them happened: the inactive one is still there, admin still works.
    expect(await activos()).toBe(1);
    expect(await t.db('logins').where('id', inactiva).first('id')).toBeTruthy();
    expect((await call('GET', '/logins/me')).status).toBe(200);
  });

  it('can go while another administrator stays active, and then that one cannot', async () => {
    const ana = await crearLogin('ana');
    const cookieAna = await entrar('ana');
    expect((await call('PATCH', `/logins/${adminId}`, { activo: false })).status).toBe(204);
    refused(await call('DELETE', `/logins/${ana}`, undefined, cookieAna));
    refused(await call('PATCH', `/logins?where=${q({ usuario: 'ana' })}`, { activo: false }, cookieAna));
    expect((await call('PATCH', `/logins/${adminId}`, { activo: true }, cookieAna)).status).toBe(204);
    expect((await call('PATCH', `/logins/${ana}`, { activo: false }, cookieAna)).status).toBe(204);
    expect(await activos()).toBe(1);
  });

  it('holds when two requests deactivate the last two at once: one of them is refused', async () => {
    for (let ronda = 0; ronda < 5; ronda++) {
      const ids = [await crearLogin(`ana${ronda}`), await crearLogin(`bea${ronda}`)];
      const cookies = [await entrar(`ana${ronda}`), await entrar(`bea${ronda}`)];
      await t.db('logins').where('id', adminId).update({ activo: false });
      // Each deactivates the other: both pass the session check before either write commits.
      const [a, b] = await Promise.all([
        call('PATCH', `/logins/${ids[1]}`, { activo: false }, cookies[0]),
        call('PATCH', `/logins/${ids[0]}`, { activo: false }, cookies[1]),
      ]);
      expect(await activos(), `ronda ${ronda}: ${a.status} ${b.status}`).toBe(1);
      // The loser is refused for the rule or, when it arrives after the winner ended its session, for that.
      const [ganadora, perdedora] = [a.status, b.status].sort();
      expect(ganadora, `ronda ${ronda}`).toBe(204);
      expect([401, 409]).toContain(perdedora);
      await t.db('logins').whereIn('id', ids).update({ activo: false });
    }
  });
});

describe('a new password or a deactivation', () => {
  it('ends every other session of the account, in every process, and keeps the one that changed it', async () => {
    await crearLogin('ana');
    const id = (await t.db('logins').where('usuario', 'ana').first('id')).id;
    const aqui = await entrar('ana');
    const enOtroProceso = await entrar('ana', CLAVE, otra);
    // Read once in the other process, so its cache holds the session as it was a moment ago.
    expect(await me(enOtroProceso, otra)).toBe(200);
    const desde = await entrar('ana');
    const res = await call('PATCH', `/logins/${id}`, { pass: 'Otra-clave-de-Ana-2026' }, desde);
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    expect(await me(aqui)).toBe(401);
    // Another process asks the database once its recent check is a second old (this instance
    // shares the test's process, so it would forget sooner: only the deleted row answers 401).
    await new Promise((r) => setTimeout(r, 1_100));
    expect(await me(enOtroProceso, otra)).toBe(401);
    expect(await me(desde)).toBe(200);
    expect(Number((await t.db('sesiones').where('loginId', id).count({ n: '*' }))[0].n)).toBe(1);
  });

  it('ends them in another operating-system process on the same database: its next write at once, a read within a second', { timeout: 90_000 }, async () => {
    const ana = await crearLogin('ana');
    const hijo = await startChildApi(t.config.database);
    try {
      const cookie = await hijo.login('ana', CLAVE);
      expect((await hijo.call('GET', '/logins/me', undefined, { cookie })).status).toBe(200);
      expect((await call('PATCH', `/logins/${ana}`, { pass: 'Otra-clave-de-Ana-2026' })).status).toBe(204);
      expect((await hijo.call('PATCH', `/logins/${ana}`, { nombre: 'Ana' }, { cookie })).status).toBe(401);
      await new Promise((r) => setTimeout(r, 1_100));
      expect((await hijo.call('GET', '/logins/me', undefined, { cookie })).status).toBe(401);
    } finally {
      await hijo.kill('SIGTERM');
    }
  });

  it('set by another administrator, or in bulk, ends all of that account\'s sessions', async () => {
    const ana = await crearLogin('ana');
    const bea = await crearLogin('bea');
    const [cookieAna, cookieBea] = [await entrar('ana'), await entrar('bea')];
    expect((await call('PATCH', `/logins/${ana}`, { pass: 'Nueva-clave-para-Ana-1' })).status).toBe(204);
    expect(await me(cookieAna)).toBe(401);
    expect(await me(cookieBea)).toBe(200);
    expect((await call('PUT', `/logins/${bea}`, { usuario: 'bea', pass: 'Nueva-clave-para-Bea-1' })).status).toBe(204);
    expect(await me(cookieBea)).toBe(401);
    const [otraAna, otraBea] = [await entrar('ana', 'Nueva-clave-para-Ana-1'), await entrar('bea', 'Nueva-clave-para-Bea-1')];
    expect((await call('PATCH', `/logins?where=${q({ usuario: { inq: ['ana', 'bea'] } })}`, { pass: 'Clave-comun-de-ambas-9' })).status).toBe(200);
    expect([await me(otraAna), await me(otraBea)]).toEqual([401, 401]);
    // The administrator who made the changes is still in.
    expect((await call('GET', '/logins/me')).status).toBe(200);
  });

  it('a deactivation ends every session, the current one too when it is one\'s own', async () => {
    const ana = await crearLogin('ana');
    const [una, otraMas] = [await entrar('ana'), await entrar('ana')];
    expect((await call('PATCH', `/logins/${ana}`, { activo: false }, una)).status).toBe(204);
    expect([await me(una), await me(otraMas)]).toEqual([401, 401]);
    expect(Number((await t.db('sesiones').where('loginId', ana).count({ n: '*' }))[0].n)).toBe(0);
  });

  it('leaves the sessions alone when neither the password nor activo changes', async () => {
    const ana = await crearLogin('ana');
    const cookie = await entrar('ana');
    expect((await call('PATCH', `/logins/${ana}`, { nombre: 'Ana G.', activo: true })).status).toBe(204);
    expect(await me(cookie)).toBe(200);
  });
});

describe('the password policy', () => {
  const refused = (res: { status: number; body: any }, motivo: string) => {
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.error.details).toEqual([{ path: '/pass', code: 'password', message: motivo }]);
  };
  const { corta, comun, usuario } = mensajes.auth.contrasena;

  it('refuses on create a short, a common (however dressed up) or the usuario\'s own password, with the reason at /pass', async () => {
    refused(await call('POST', '/logins', { usuario: 'ana', pass: 'corta' }), corta(12));
    refused(await call('POST', '/logins', { usuario: 'ana', pass: 'once-letras' }), corta(12));
    for (const pass of ['Password2024!', 'P@ssw0rd-2024', 'qwertyuiopasdf', '123456789012', '1q2w3e4r5t6y', 'iloveyou!!!!', 'contraseña1234', 'Tequiero2026.']) {
      refused(await call('POST', '/logins', { usuario: 'ana', pass }), comun);
    }
    for (const pass of ['Margarita.Lopez', '2024margarita.lopez!', 'margarita.lopezmargarita.lopez', 'Margarita.Lopez-88']) {
      refused(await call('POST', '/logins', { usuario: 'margarita.lopez', pass }), usuario);
    }
    expect(await t.db('logins').whereNot('id', adminId).count({ n: '*' })).toEqual([{ n: 0 }]);
    // Holding the usuario among more is no offence: «ana» in «banana».
    expect((await call('POST', '/logins', { usuario: 'ana', pass: 'Banana split de 2026' })).status).toBe(200);
    expect(await entrar('ana', 'Banana split de 2026')).toMatch(/aula_sesion=/);
  });

  it('holds on PATCH, PUT and bulk PATCH, checked against each account\'s usuario, changing nothing when refused', async () => {
    const ana = await crearLogin('ana.garcia');
    await crearLogin('bea.ruiz');
    refused(await call('PATCH', `/logins/${ana}`, { pass: 'ana.garcia2026' }), usuario);
    refused(await call('PUT', `/logins/${ana}`, { usuario: 'ana.garcia', pass: 'letmein' }), corta(12));
    refused(await call('PATCH', `/logins?where=${q({ usuario: { like: '%.%' } })}`, { pass: 'bea.ruiz.2026' }), usuario);
    // Nothing changed: both still log in with their old password.
    await entrar('ana.garcia');
    await entrar('bea.ruiz');
  });
});

describe('the role', () => {
  // Found by parity.test: a null rol reached the column's NOT NULL and answered 500.
  it('refuses a null on create, PUT and PATCH with the reason at /rol, changing nothing; left out, it is administrador', async () => {
    const ana = await crearLogin('ana.garcia');
    for (const [method, url, body] of [
      ['POST', '/logins', { usuario: 'bea.ruiz', pass: CLAVE, rol: null }],
      ['PUT', `/logins/${ana}`, { usuario: 'ana.garcia', pass: 'Otra-clave-de-2026', rol: null }],
      ['PATCH', `/logins/${ana}`, { rol: null }],
    ] as const) {
      const res = await call(method, url, body);
      expect(res.status, `${method} ${JSON.stringify(res.body)}`).toBe(422);
      expect(res.body.error.details).toEqual([expect.objectContaining({ path: '/rol', message: mensajes.validacion.unoDe(['administrador', 'contable', 'editor']) })]);
    }
    expect(await t.db('logins').where('usuario', 'bea.ruiz').first()).toBeUndefined();
    expect((await t.db('logins').where('id', ana).first()).rol).toBe('administrador');
    const creada = await call('POST', '/logins', { usuario: 'bea.ruiz', pass: CLAVE });
    expect(creada.body.rol).toBe('administrador');
  });
});

describe('saveAdministrator (scripts/create-admin.ts)', () => {
  it('refuses a password against the policy, before writing anything', async () => {
    await expect(saveAdministrator(repositoryOf(t.db), 'jefa', 'jefa')).rejects.toMatchObject({
      statusCode: 422,
      details: [{ path: '/pass', code: 'password', message: mensajes.auth.contrasena.corta(12) }],
    });
    await expect(saveAdministrator(repositoryOf(t.db), 'jefa', 'Jefa-jefa-2026')).rejects.toMatchObject({ statusCode: 422 });
    expect(await t.db('logins').where('usuario', 'jefa').first()).toBeUndefined();
    expect(await saveAdministrator(repositoryOf(t.db), 'jefa', 'Estudios-2026-jefatura')).toMatchObject({ resultado: 'creado' });
  });
});
