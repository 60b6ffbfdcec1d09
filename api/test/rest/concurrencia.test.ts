// Saves that know what they overwrite (issue 24 item 1): the version read as an ETag, a write
// with a stale If-Match refused with 412 and the record as it is now, and a write without it
// going through as before. Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mensajes } from '../../src/mensajes.js';
import { cuentaCon } from '../support/cuentas.js';
import { createTestApp, type TestApp } from '../support/app.js';

let t: TestApp;
const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.destroy();
});

async function curso(extra: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/cursos', { titulo: 'Guitarra', precio: 1000, descripcion: 'Para empezar', ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: number; version: number };
}
const leer = (id: number) => t.call('GET', `/cursos/${id}`);

describe('versions and ETag', () => {
  it('a new record is version 1, each write moves it on, and GET answers it as a strong ETag', async () => {
    const c = await curso();
    expect(c.version).toBe(1);
    expect((await leer(c.id)).headers.etag).toBe('"1"');
    expect((await t.call('PATCH', `/cursos/${c.id}`, { titulo: 'Guitarra II' })).status).toBe(204);
    const r = await leer(c.id);
    expect(r.body.version).toBe(2);
    expect(r.headers.etag).toBe('"2"');
    // Asked for fewer fields, the same record: the same tag, and no version it did not ask for.
    const pocos = await t.call('GET', `/cursos/${c.id}?filter=${q({ fields: ['titulo'] })}`);
    expect(pocos.headers.etag).toBe('"2"');
    expect(pocos.body).toEqual({ titulo: 'Guitarra II' });
  });

  it('a change made outside the REST routes moves the version too (an action reordering clases)', async () => {
    const c = await curso();
    const a = (await t.call('POST', '/clases', { titulo: 'Uno', cursoId: c.id, orden: 1 })).body;
    const b = (await t.call('POST', '/clases', { titulo: 'Dos', cursoId: c.id, orden: 2 })).body;
    expect((await t.call('PUT', `/cursos/${c.id}/clases/orden`, { clases: [b.id, a.id] })).status).toBe(204);
    expect((await t.call('GET', `/clases/${a.id}`)).body.version).toBe(2);
  });

  it('the browser may read the ETag across origins', async () => {
    const c = await curso();
    const res = await t.call('GET', `/cursos/${c.id}`, undefined, { headers: { origin: t.config.corsOrigins[0] } });
    expect(String(res.headers['access-control-expose-headers']).toLowerCase()).toContain('etag');
  });
});

describe('If-Match', () => {
  it('PATCH with the version read saves; with a stale one answers 412 with the record as it is now, and changes nothing', async () => {
    const c = await curso();
    // A saves with the version both read.
    expect((await t.call('PATCH', `/cursos/${c.id}`, { descripcion: 'La de A' }, { headers: { 'if-match': '"1"' } })).status).toBe(204);
    // B, still on version 1, fixes a typo in the old text.
    const b = await t.call('PATCH', `/cursos/${c.id}`, { descripcion: 'Para empezar.' }, { headers: { 'if-match': '"1"' } });
    expect(b.status).toBe(412);
    expect(b.body.error).toMatchObject({ statusCode: 412, name: 'PreconditionFailedError', code: 'PRECONDITION_FAILED', message: mensajes.historial.versionCambiada({ singular: 'curso', plural: 'cursos', genero: 'm' }, 2) });
    expect(b.body.error.actual).toMatchObject({ id: c.id, descripcion: 'La de A', version: 2 });
    expect(b.headers.etag).toBe('"2"');
    expect((await leer(c.id)).body.descripcion).toBe('La de A');
  });

  it('PUT with a stale If-Match is 412 too; with the current one it replaces', async () => {
    const c = await curso();
    await t.call('PATCH', `/cursos/${c.id}`, { titulo: 'Otro' });
    const viejo = await t.call('PUT', `/cursos/${c.id}`, { titulo: 'Viejo', precio: 5 }, { headers: { 'if-match': '"1"' } });
    expect(viejo.status).toBe(412);
    expect(viejo.body.error.actual.titulo).toBe('Otro');
    expect((await t.call('PUT', `/cursos/${c.id}`, { titulo: 'Nuevo', precio: 5 }, { headers: { 'if-match': '"2"' } })).status).toBe(204);
    expect((await leer(c.id)).body).toMatchObject({ titulo: 'Nuevo', precio: 5, version: 3 });
  });

  it('an action with a stale If-Match is 412 and is not applied', async () => {
    const c = await curso();
    const a = (await t.call('POST', '/clases', { titulo: 'Uno', cursoId: c.id, orden: 1 })).body;
    const b = (await t.call('POST', '/clases', { titulo: 'Dos', cursoId: c.id, orden: 2 })).body;
    await t.call('PATCH', `/cursos/${c.id}`, { precio: 2000 });
    const res = await t.call('PUT', `/cursos/${c.id}/clases/orden`, { clases: [b.id, a.id] }, { headers: { 'if-match': '"1"' } });
    expect(res.status).toBe(412);
    expect(res.body.error.actual).toMatchObject({ precio: 2000, version: 2 });
    expect((await t.call('GET', `/clases/${a.id}`)).body.orden).toBe(1);
    expect((await t.call('PUT', `/cursos/${c.id}/clases/orden`, { clases: [b.id, a.id] }, { headers: { 'if-match': '"2"' } })).status).toBe(204);
  });

  it('without If-Match a write goes through as before (LoopBack clients); `*` and a list accept what they name', async () => {
    const c = await curso();
    await t.call('PATCH', `/cursos/${c.id}`, { titulo: 'Uno' });
    expect((await t.call('PATCH', `/cursos/${c.id}`, { titulo: 'Dos' })).status).toBe(204);
    expect((await t.call('PATCH', `/cursos/${c.id}`, { titulo: 'Tres' }, { headers: { 'if-match': '*' } })).status).toBe(204);
    expect((await t.call('PATCH', `/cursos/${c.id}`, { titulo: 'Cuatro' }, { headers: { 'if-match': '"1", "4"' } })).status).toBe(204);
    expect((await leer(c.id)).body).toMatchObject({ titulo: 'Cuatro', version: 5 });
  });

  it('a weak tag never matches (If-Match compares strongly), and a malformed header is a 400 in Spanish', async () => {
    const c = await curso();
    expect((await t.call('PATCH', `/cursos/${c.id}`, { titulo: 'x' }, { headers: { 'if-match': 'W/"1"' } })).status).toBe(412);
    const mal = await t.call('PATCH', `/cursos/${c.id}`, { titulo: 'x' }, { headers: { 'if-match': '1' } });
    expect(mal.status).toBe(400);
    expect(mal.body.error.message).toBe(mensajes.historial.ifMatchInvalido);
  });

  it('DELETE with a stale If-Match keeps the record', async () => {
    const c = await curso();
    await t.call('PATCH', `/cursos/${c.id}`, { titulo: 'Cambiado' });
    expect((await t.call('DELETE', `/cursos/${c.id}`, undefined, { headers: { 'if-match': '"1"' } })).status).toBe(412);
    expect((await leer(c.id)).status).toBe(200);
  });

  it('the 412 gives a role only the fields it may read', async () => {
    const contable = await cuentaCon(t, 'contable');
    const u = (await t.call('POST', '/usuarios', { nombre: 'Ana', email: `ana-${Date.now()}@example.es`, nif: '12345678Z' })).body;
    await t.call('PATCH', `/usuarios/${u.id}`, { nombre: 'Ana María' });
    const res = await contable.call('PATCH', `/usuarios/${u.id}`, { nombre: 'Anita' }, { 'if-match': '"1"' });
    expect(res.status).toBe(412);
    expect(res.body.error.actual).toMatchObject({ nombre: 'Ana María', nif: '12345678Z' });
  });
});

describe('bulk PATCH with each record’s version in the where (the admin’s list actions)', () => {
  it('a record changed since it was listed is not touched, and the count says how many were', async () => {
    const a = await curso({ titulo: 'A' });
    const b = await curso({ titulo: 'B' });
    await t.call('PATCH', `/cursos/${b.id}`, { titulo: 'B cambiado' });
    const where = { or: [{ id: a.id, version: 1 }, { id: b.id, version: 1 }] };
    const res = await t.call('PATCH', `/cursos?where=${q(where)}`, { descripcion: 'En lote' });
    expect(res.body).toEqual({ count: 1 });
    expect((await leer(a.id)).body.descripcion).toBe('En lote');
    expect((await leer(b.id)).body.descripcion).toBe('Para empezar');
  });
});

describe('a precondition sent where it cannot be evaluated', () => {
  // Issue 29 item 15: If-Match on a bulk or nested change was ignored and the change applied,
  // over versions the client believed it had guarded. Refused in the envelope, nothing written.
  const refusedAndUntouched = async (method: string, url: string, body: unknown, headers: Record<string, string>, intacto: () => Promise<unknown>) => {
    const antes = await intacto();
    const res = await t.call(method, url, body, { headers });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toMatchObject({ statusCode: 400, name: 'BadRequestError' });
    expect(await intacto()).toEqual(antes);
    return res.body.error.message as string;
  };

  it('If-Match on a bulk PATCH is a 400 that says how to condition it, and nothing is changed', async () => {
    const a = await curso({ titulo: 'Masivo' });
    const mensaje = await refusedAndUntouched('PATCH', `/cursos?where=${q({ id: a.id })}`, { descripcion: 'No' }, { 'if-match': `"${a.version}"` }, async () => (await leer(a.id)).body);
    expect(mensaje).toBe(mensajes.historial.precondicionNoEvaluada('If-Match'));
    expect(mensaje).toMatch(/version/);
  });

  it('If-Match on the nested bulk PATCH and DELETE of a curso’s clases: 400, nothing changed or deleted', async () => {
    const c = await curso();
    const clase = (await t.call('POST', `/cursos/${c.id}/clases`, { titulo: 'Hija' })).body;
    const clases = async () => (await t.call('GET', `/cursos/${c.id}/clases`)).body;
    await refusedAndUntouched('PATCH', `/cursos/${c.id}/clases?where=${q({ id: clase.id })}`, { titulo: 'No' }, { 'if-match': '"1"' }, clases);
    await refusedAndUntouched('DELETE', `/cursos/${c.id}/clases?where=${q({ id: clase.id })}`, undefined, { 'if-match': '*' }, clases);
    await refusedAndUntouched('POST', `/cursos/${c.id}/clases`, { titulo: 'Otra' }, { 'if-match': '"1"' }, clases);
  });

  it('If-Match on a creation, and the preconditions no route evaluates, are refused too', async () => {
    const cursos = async () => (await t.call('GET', '/cursos/count')).body;
    await refusedAndUntouched('POST', '/cursos', { titulo: 'Nuevo', precio: 1 }, { 'if-match': '*' }, cursos);
    const a = await curso();
    await refusedAndUntouched('PATCH', `/cursos/${a.id}`, { titulo: 'No' }, { 'if-none-match': '*' }, async () => (await leer(a.id)).body);
    await refusedAndUntouched('DELETE', `/cursos/${a.id}`, undefined, { 'if-unmodified-since': new Date().toUTCString() }, async () => (await leer(a.id)).body);
    // Where If-Match is evaluated it still works, and a read ignores preconditions as before.
    expect((await t.call('PATCH', `/cursos/${a.id}`, { titulo: 'Sí' }, { headers: { 'if-match': `"${a.version}"` } })).status).toBe(204);
    expect((await t.call('POST', `/cursos/${a.id}/restaurar`, { version: 1 }, { headers: { 'if-match': `"${a.version + 1}"` } })).status).toBe(200);
    expect((await t.call('GET', `/cursos/${a.id}`, undefined, { headers: { 'if-none-match': '"1"' } })).status).toBe(200);
  });
});
