// The values and keys that answered 500, matched every row or wrote what they should not, each
// as a case an administrator (or an attacker) can send, on the database this project runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mensajes } from '../src/mensajes.js';
import { createTestApp, type TestApp } from './support/app.js';

let t: TestApp;
const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

beforeAll(async () => {
  t = await createTestApp();
  await t.call('POST', '/usuarios', { nombre: 'Ana', email: 'ana@example.es' });
  for (const concepto of ['Uno', 'Dos']) {
    const { body } = await t.call('POST', '/facturas', { serie: 'A', usuarioId: 1, concepto, base: 1000, tipoIva: 21 });
    expect((await t.call('POST', `/facturas/${body.id}/emitir`, {})).status).toBe(200);
  }
});
afterAll(async () => {
  await t?.destroy();
});

describe('text no column can hold exactly', () => {
  it('is a 422 in a body and a 400 in a filter, for NUL and lone surrogates', async () => {
    for (const bad of ['a\u0000b', 'x\uD800', '\uDFFFy']) {
      const res = await t.call('POST', '/categorias', { nombre: bad });
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(res.body.error.details[0]).toMatchObject({ path: '/nombre', code: 'text' });
      for (const where of [{ nombre: bad }, { nombre: { like: bad } }, { nombre: { inq: ['a', bad] } }]) {
        expect((await t.call('GET', `/categorias?filter=${q({ where })}`)).status, JSON.stringify(where)).toBe(400);
      }
    }
    // A real pair is a character like any other.
    expect((await t.call('POST', '/categorias', { nombre: 'Emoji 😀' })).status).toBe(200);
  });

  it('does not reach the database as a usuario at login', async () => {
    const res = await t.call('POST', '/logins/login', { usuario: 'ad\u0000min', pass: 'admin' }, { cookie: '' });
    expect(res.status).toBe(401);
  });
});

describe('like and ilike patterns', () => {
  it('refuse a pattern ending in a lone escape and keep an escaped one', async () => {
    for (const op of ['like', 'nlike', 'ilike', 'nilike']) {
      expect((await t.call('GET', `/facturas/count?where=${q({ concepto: { [op]: 'Uno\\' } })}`)).status, op).toBe(400);
      expect((await t.call('GET', `/facturas/count?where=${q({ concepto: { [op]: 'Uno\\\\' } })}`)).status, op).toBe(200);
    }
  });
});

describe('date-times', () => {
  it('outside years 1 to 9999 once in UTC, or on a leap second, are refused in bodies and filters', async () => {
    const pago = { usuarioId: 1, importe: 100, metodo: 'tarjeta' };
    for (const fecha of ['0000-01-01T00:00:00+14:00', '0001-01-01T00:00:00+01:00', '9999-12-31T23:59:59-14:00', '2026-06-30T23:59:60Z']) {
      const res = await t.call('POST', '/pagos', { ...pago, fecha });
      expect(res.status, fecha).toBe(422);
      expect(res.body.error.details[0]).toMatchObject({ path: '/fecha', code: 'format' });
      expect((await t.call('GET', `/pagos/count?where=${q({ fecha: { gt: fecha } })}`)).status, fecha).toBe(400);
    }
  });

  it('at the edges of that range are stored and sorted as dates', async () => {
    for (const fecha of ['9999-12-31T23:59:59.999Z', '0001-01-01T00:00:00Z', '2026-01-01T00:00:00Z']) {
      expect((await t.call('POST', '/pagos', { usuarioId: 1, importe: 100, metodo: 'tarjeta', fecha })).status, fecha).toBe(200);
    }
    const list = await t.call('GET', `/pagos?filter=${q({ order: 'fecha ASC', fields: ['fecha'] })}`);
    expect(list.body.map((p: { fecha: string }) => p.fecha)).toEqual(['0001-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z']);
  });
});

describe('computed fields', () => {
  it('hold their declared maximum: an invoice total past the integer column is a 422', async () => {
    const res = await t.call('POST', '/facturas', { serie: 'B', usuarioId: 1, concepto: 'Grande', base: 2_000_000_000, tipoIva: 21 });
    expect(res.status).toBe(422);
    expect(res.body.error.details).toEqual([expect.objectContaining({ path: '/total', code: 'computed' })]);
    const borrador = (await t.call('POST', '/facturas', { usuarioId: 1, concepto: 'Borrador', base: 1000, tipoIva: 21 })).body;
    expect((await t.call('PATCH', `/facturas/${borrador.id}`, { base: 2_000_000_000 })).status).toBe(422);
    expect((await t.call('GET', `/facturas/${borrador.id}`)).body).toMatchObject({ base: 1000, total: 1210 });
    expect((await t.call('DELETE', `/facturas/${borrador.id}`)).status).toBe(204);
  });
});

describe('unique keys', () => {
  it('leave an invoice\'s number to the server: sending one is a 422 naming it, on single and bulk routes', async () => {
    for (const [method, path] of [['POST', '/facturas'], ['PATCH', '/facturas/2'], ['PATCH', '/facturas?where[id]=2']] as const) {
      const res = await t.call(method, path, { usuarioId: 1, concepto: 'Otra', base: 1, tipoIva: 21, numero: 1 });
      expect(res.status, `${method} ${path}`).toBe(422);
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toEqual(['/numero']);
    }
    expect((await t.call('GET', '/facturas/2')).body).toMatchObject({ serie: 'A', numero: 2 });
  });
});

describe('the activity log', () => {
  const ahora = () => new Date().toISOString();

  it('keeps the audit\'s own tipos to the server', async () => {
    for (const tipo of ['CREATE', 'update', 'Delete']) {
      const res = await t.call('POST', '/logs', { tipo, fecha: ahora() });
      expect(res.status, tipo).toBe(422);
      expect(res.body.error.details[0]).toMatchObject({ path: '/tipo', code: 'reserved' });
    }
    expect((await t.call('POST', '/logs', { tipo: 'BACK-LOGIN', fecha: ahora(), datos: 'admin' })).status).toBe(200);
  });

  it('dates an entry within a day of the server\'s clock, either way', async () => {
    const dia = 24 * 60 * 60 * 1000;
    for (const lejos of [-dia - 60_000, dia + 60_000, -365 * dia]) {
      const res = await t.call('POST', '/logs', { tipo: 'BACK-LOGIN', fecha: new Date(Date.now() + lejos).toISOString() });
      expect(res.status, String(lejos)).toBe(422);
      expect(res.body.error.details).toEqual([expect.objectContaining({ path: '/fecha', message: mensajes.validacion.fechaLejana })]);
    }
    for (const cerca of [-dia + 60_000, dia - 60_000]) {
      expect((await t.call('POST', '/logs', { tipo: 'BACK-LOGIN', fecha: new Date(Date.now() + cerca).toISOString() })).status, String(cerca)).toBe(200);
    }
  });
});

describe('where', () => {
  it('an `or` of nothing matches nothing; an `and` of nothing, everything', async () => {
    expect((await t.call('GET', `/facturas/count?where=${q({ or: [] })}`)).body).toEqual({ count: 0 });
    expect((await t.call('GET', `/facturas/count?where=${q({ and: [] })}`)).body).toEqual({ count: 2 });
    expect((await t.call('GET', `/facturas/count?where=${q({ or: [{}, { numero: 1 }] })}`)).body).toEqual({ count: 2 });
    expect((await t.call('PATCH', `/facturas?where=${q({ or: [] })}`, { concepto: 'Tocada' })).body).toEqual({ count: 0 });
  });

  it('a query string the parser cannot read whole is a 400 naming the key', async () => {
    const res = await t.call('GET', '/facturas?filter[where][__proto__][numero]=1');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('__proto__');
    const many = Array.from({ length: 2001 }, (_, i) => `x${i}=1`).join('&');
    expect((await t.call('GET', `/facturas?${many}`)).status).toBe(400);
    expect((await t.call('GET', `/facturas?filter${'[a]'.repeat(13)}=1`)).status).toBe(400);
  });
});
