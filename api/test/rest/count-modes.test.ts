// GET /R/count under `Prefer: count=…` (PostgREST's convention, docs/arquitectura.md §12): exact unless asked,
// and every answer that is not exact says so, in the body and in Preference-Applied. The cap is
// lowered (COUNT_CAP) so a handful of rows stands for a million, and the budget for counting on
// past it is zero (COUNT_BUDGET_MS=0): what a count too costly for its budget answers, without a
// timed test. The budget itself is tested apart (recuento.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPg } from '../../src/db/index.js';
import { mensajes } from '../../src/mensajes.js';
import { COUNT_MODES } from '../../src/rest/prefer.js';
import { createTestApp, type TestApp } from '../support/app.js';

const CAP = 20;
const TARJETA = 50; // above the cap
const BIZUM = 7; // below it
let t: TestApp;
let pg: boolean;

const count = (where: object | undefined, prefer?: string, extra: Record<string, string> = {}) =>
  t.call('GET', `/pagos/count${where ? `?where=${encodeURIComponent(JSON.stringify(where))}` : ''}`, undefined, {
    headers: { ...(prefer === undefined ? {} : { prefer }), ...extra },
  });

beforeAll(async () => {
  t = await createTestApp({ COUNT_CAP: String(CAP), COUNT_BUDGET_MS: '0' });
  pg = isPg(t.db);
  const ts = '2026-01-10T09:00:00.000Z';
  const base = { createdAt: ts, updatedAt: ts };
  await t.db('usuarios').insert({ id: 1, nombre: 'Ana', apellidos: 'García', email: 'ana@example.es', activo: true, ...base });
  const pago = (metodo: string) => ({ usuarioId: 1, importe: 4990, metodo, estado: 'completado', fecha: ts, ...base });
  await t.db('pagos').insert([...Array.from({ length: TARJETA }, () => pago('tarjeta')), ...Array.from({ length: BIZUM }, () => pago('bizum'))]);
  // The statistics autovacuum would gather on a real table: the planner's estimate is what is tested.
  if (pg) await t.db.raw('ANALYZE pagos');
});

afterAll(() => t?.destroy());

describe('GET /R/count with Prefer: count=', () => {
  it('stays exact, and unlabelled, for a caller that does not ask', async () => {
    const res = await count({ metodo: 'tarjeta' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: TARJETA });
    expect(res.headers['preference-applied']).toBeUndefined();
    // A cache must keep the answers to different preferences apart.
    expect(String(res.headers.vary)).toMatch(/prefer/i);
  });

  it('count=exact counts every row, however many, and says it honoured the preference', async () => {
    const res = await count(undefined, 'count=exact');
    expect(res.body).toEqual({ count: TARJETA + BIZUM });
    expect(res.headers['preference-applied']).toBe('count=exact');
  });

  it('count=estimated is exact while the total is at most the cap', async () => {
    const res = await count({ metodo: 'bizum' }, 'count=estimated');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: BIZUM });
    expect(res.headers['preference-applied']).toBe('count=estimated');
  });

  it('count=estimated above the cap: the planner’s estimate on PostgreSQL, «more than the cap» on SQLite', async () => {
    const res = await count({ metodo: 'tarjeta' }, 'count=estimated');
    expect(res.status).toBe(200);
    expect(res.headers['preference-applied']).toBe('count=estimated');
    if (pg) {
      expect(res.body.approximate).toBe('estimate');
      expect(res.body.count).toBeGreaterThan(CAP);
      expect(res.body.count).toBeLessThanOrEqual(TARJETA + BIZUM);
    } else {
      expect(res.body).toEqual({ count: CAP, approximate: 'lowerBound' });
    }
  });

  it('count=planned is labelled an estimate on PostgreSQL even when small; SQLite answers it as estimated', async () => {
    const small = await count({ metodo: 'bizum' }, 'count=planned');
    const big = await count(undefined, 'count=planned');
    expect(small.headers['preference-applied']).toBe('count=planned');
    expect(big.headers['preference-applied']).toBe('count=planned');
    if (pg) {
      expect(small.body.approximate).toBe('estimate');
      expect(Number.isInteger(small.body.count)).toBe(true);
      expect(big.body).toEqual({ count: TARJETA + BIZUM, approximate: 'estimate' }); // ANALYZE saw every row
    } else {
      expect(small.body).toEqual({ count: BIZUM });
      expect(big.body).toEqual({ count: CAP, approximate: 'lowerBound' });
    }
  });

  it('a where matching nothing is exactly 0 in the estimated mode', async () => {
    const res = await count({ metodo: 'efectivo' }, 'count=estimated');
    expect(res.body).toEqual({ count: 0 });
  });

  it('reads the header as RFC 7240 writes it: other preferences, parameters, quotes, case, several headers', async () => {
    for (const prefer of ['return=minimal, count=estimated', 'COUNT="estimated"', 'count=estimated; x=1', 'count = estimated']) {
      const res = await count({ metodo: 'tarjeta' }, prefer);
      expect(res.headers['preference-applied'], prefer).toBe('count=estimated');
      expect(res.body.approximate, prefer).toBeDefined();
    }
    // Of a preference named twice the first counts.
    const twice = await count({ metodo: 'tarjeta' }, 'count=exact, count=estimated');
    expect(twice.body).toEqual({ count: TARJETA });
    expect(twice.headers['preference-applied']).toBe('count=exact');
  });

  it('ignores an unknown count value (RFC 7240): the exact count, and no Preference-Applied', async () => {
    for (const prefer of ['count=aproximado', 'count', 'return=minimal']) {
      const res = await count({ metodo: 'tarjeta' }, prefer);
      expect(res.status, prefer).toBe(200);
      expect(res.body, prefer).toEqual({ count: TARJETA });
      expect(res.headers['preference-applied'], prefer).toBeUndefined();
    }
  });

  it('with handling=strict an unknown count value is a 400 in the error envelope, in Spanish', async () => {
    const res = await count({ metodo: 'tarjeta' }, 'handling=strict, count=aproximado');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ statusCode: 400, name: 'BadRequestError', code: 'INVALID_PARAMETER_VALUE' });
    expect(res.body.error.message).toBe(mensajes.peticion.preferCuenta('aproximado', COUNT_MODES));
    expect(res.body.error.message).toMatch(/cabecera Prefer.*«exact», «planned» o «estimated»/);
  });

  it('still validates the where first-class: a bad where is a 400 whatever the preference', async () => {
    const res = await count({ nada: 1 }, 'count=estimated');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('INVALID_PARAMETER_VALUE');
  });

  it('lets the admin, another origin, send Prefer and read Preference-Applied', async () => {
    const origin = t.config.corsOrigins[0];
    const preflight = await t.call('OPTIONS', '/pagos/count', undefined, {
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'prefer' },
    });
    expect(preflight.status).toBe(204);
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('prefer');
    expect(Number(preflight.headers['access-control-max-age'])).toBeGreaterThan(0);
    const res = await count({ metodo: 'bizum' }, 'count=estimated', { origin });
    expect(String(res.headers['access-control-expose-headers']).toLowerCase()).toContain('preference-applied');
  });

  it('is described in /openapi.json: the Prefer header and the labelled answer', async () => {
    const doc = (await t.call('GET', '/openapi.json')).body;
    const op = doc.paths['/pagos/count'].get;
    expect(op.parameters.find((p: { in: string; name: string }) => p.in === 'header' && p.name === 'Prefer')).toBeDefined();
    const ok = op.responses['200'];
    expect(ok.headers['Preference-Applied']).toBeDefined();
    expect(ok.content['application/json'].schema.properties.approximate.enum).toEqual(['lowerBound', 'estimate']);
  });
});
