// The auth plugin inside the real app (buildApp): how it meets CORS, the explorer, the health
// routes and the CRUD routes of `logins`, which share its /logins prefix.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';

let t: TestApp;
const allowed = () => t.config.corsOrigins[0];

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.destroy();
});

describe('auth in the real app', () => {
  it('keeps the explorer, the OpenAPI document and the health routes public', async () => {
    for (const url of ['/ping', '/health', '/openapi.json', '/explorer', '/explorer/']) {
      const res = await t.call('GET', url, undefined, { cookie: '' });
      expect(res.status, url).toBeLessThan(400);
    }
  });

  it('protects every resource, for reading and for writing', async () => {
    for (const [method, url] of [
      ['GET', '/cursos'],
      ['GET', '/logins'],
      ['GET', '/logins/count'],
      ['GET', '/logins/1'],
      ['GET', '/usuarios/1/clases'],
      ['POST', '/categorias'],
      ['DELETE', '/cursos/1'],
    ]) {
      const res = await t.call(method, url, method === 'POST' ? { nombre: 'x' } : undefined, { cookie: '' });
      expect(res.status, `${method} ${url}`).toBe(401);
      expect(res.body.error.name).toBe('UnauthorizedError');
    }
  });

  it('answers /logins/me with the session, not the /logins/{id} route', async () => {
    const me = await t.call('GET', '/logins/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ usuario: 'admin', activo: true });
    expect(me.body).not.toHaveProperty('pass');
  });

  it('answers /logins/sesion with the session\'s expiry from the configuration, and documents it', async () => {
    const res = await t.call('GET', '/logins/sesion');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ inactividadMinutos: t.config.session.idleMinutes, margenSegundos: 60 });
    const { caduca, caducaPorInactividad, ahora } = res.body;
    expect(Date.parse(caducaPorInactividad) - Date.parse(ahora)).toBeLessThanOrEqual(t.config.session.idleMinutes * 60_000);
    expect(Date.parse(caduca)).toBeGreaterThan(Date.parse(ahora));
    expect((await t.call('GET', '/logins/sesion', undefined, { cookie: '' })).status).toBe(401);
    const doc = (await t.call('GET', '/openapi.json', undefined, { cookie: '' })).body;
    expect(doc.paths['/logins/sesion'].get.responses['200'].content['application/json'].schema.required).toContain('caducaPorInactividad');
  });

  it('speaks CORS only to a cross-origin request: one without Origin gets none of its headers', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/cursos', headers: { cookie: t.cookie } });
    expect(plain.statusCode).toBe(200);
    expect(Object.keys(plain.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    expect(String(plain.headers.vary)).toMatch(/origin/i);
    const cross = await t.app.inject({ method: 'GET', url: '/cursos', headers: { cookie: t.cookie, origin: allowed() } });
    expect(cross.headers['access-control-allow-origin']).toBe(allowed());
    expect(cross.headers['access-control-allow-credentials']).toBe('true');
  });

  it('answers CORS preflights for the allowed origin with credentials, and not for others', async () => {
    const headers = { 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' };
    const ok = await t.app.inject({ method: 'OPTIONS', url: '/cursos', headers: { ...headers, origin: allowed() } });
    expect(ok.statusCode).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe(allowed());
    expect(ok.headers['access-control-allow-credentials']).toBe('true');
    const evil = await t.app.inject({ method: 'OPTIONS', url: '/cursos', headers: { ...headers, origin: 'https://evil.example' } });
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses a cross-site write to a resource even with a valid session', async () => {
    const res = await t.call('POST', '/categorias', { nombre: 'Intrusa' }, { headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    const form = await t.call('POST', '/categorias', 'nombre=Intrusa', { headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(415);
    expect((await t.call('GET', '/categorias/count')).body).toEqual({ count: 0 });
  });

  it('writes the administrator into the activity log of a mutation', async () => {
    const created = await t.call('POST', '/categorias', { nombre: 'Con autor' }, { headers: { origin: allowed() } });
    expect(created.status).toBe(200);
    const me = await t.call('GET', '/logins/me');
    const logs = await t.db('logs').where({ recurso: 'categorias', recursoId: created.body.id });
    expect(logs.map((l: { loginId: number }) => l.loginId)).toEqual([me.body.id]);
  });

  it('never lists a password through the CRUD routes of logins', async () => {
    const list = await t.call('GET', '/logins');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toMatch(/"pass"|scrypt\$/);
  });

  it('ends the session on logout', async () => {
    const cookie = t.cookie;
    expect((await t.call('POST', '/logins/logout', {})).status).toBe(204);
    expect((await t.call('GET', '/logins/me', undefined, { cookie })).status).toBe(401);
  });
});
