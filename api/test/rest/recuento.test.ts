// A total that means something: `Prefer: count=estimated` is exact whenever
// counting costs little, on both databases, and only past its time budget (COUNT_BUDGET_MS) an
// estimate or «more than». Slowness is a test's own clock here (rest/recuento.ts takes one), so
// «too costly» is decided, not timed. On SQLite and, with TEST_DATABASE_URL, PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPg } from '../../src/db/index.js';
import { resources } from '../../src/resources/index.js';
import { Recuentos, type Tope } from '../../src/rest/recuento.js';
import { createTestApp, type TestApp } from '../support/app.js';

const CAP = 20;
const PAGOS = 57;
let t: TestApp;
let pg: boolean;
const ts = '2026-01-10T09:00:00.000Z';

beforeAll(async () => {
  // A budget no loaded machine can miss for 57 rows: what is tested is that the count goes on past
  // the cap while within budget, not how fast this machine counts (the over-budget cases below
  // take their slowness from a test clock).
  t = await createTestApp({ COUNT_CAP: String(CAP), COUNT_BUDGET_MS: '10000' });
  pg = isPg(t.db);
  const base = { createdAt: ts, updatedAt: ts };
  await t.db('usuarios').insert({ id: 1, nombre: 'Ana', apellidos: 'García', email: 'ana@example.es', activo: true, ...base });
  const pago = { usuarioId: 1, importe: 4990, metodo: 'tarjeta', estado: 'completado', fecha: ts, ...base };
  await t.db('pagos').insert(Array.from({ length: PAGOS }, () => pago));
  if (pg) await t.db.raw('ANALYZE pagos');
});

afterAll(() => t?.destroy());

describe('count=estimated within its budget', () => {
  it('is exact past the cap when counting costs little: «1-10 de 57», not «de más de 20»', async () => {
    const res = await t.call('GET', '/pagos/count', undefined, { headers: { prefer: 'count=estimated' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: PAGOS });
    expect(res.headers['preference-applied']).toBe('count=estimated');
  });

  it('is exact for a search past the cap too', async () => {
    const where = { or: [{ 'usuario.apellidos': { ilike: '%garcia%' } }, { referencia: { ilike: '%garcia%' } }] };
    const res = await t.call('GET', `/pagos/count?where=${encodeURIComponent(JSON.stringify(where))}`, undefined, { headers: { prefer: 'count=estimated' } });
    expect(res.body).toEqual({ count: PAGOS });
  });
});

describe('a count past its budget', () => {
  const pagos = resources.pagos;
  const tope: Tope = { cap: CAP, presupuestoMs: 50, memoriaMs: 60_000 };
  /** Every reading of the clock is 100 ms after the last: whatever follows the cap is over budget. */
  const lento = () => {
    let ahora = 0;
    return () => (ahora += 100);
  };
  const consultas = () => {
    const vistas: string[] = [];
    const oir = (q: { sql: string }) => vistas.push(q.sql);
    t.db.on('query', oir);
    return { vistas, dejar: () => t.db.off('query', oir) };
  };
  const pedir = (r: Recuentos, clave = 'todos') => r.estimada(clave, pagos, async () => undefined, tope);

  it('says what it knows: the planner’s estimate on PostgreSQL, «more than the cap» on SQLite', async () => {
    const respuesta = await pedir(new Recuentos(t.db, pg ? 'pg' : 'sqlite', lento()));
    if (pg) {
      expect(respuesta.approximate).toBe('estimate');
      expect(respuesta.count).toBe(PAGOS); // ANALYZE saw every row
    } else expect(respuesta).toEqual({ count: CAP, approximate: 'lowerBound' });
  });

  it('is not run again for a while: the same count answers from memory, until a write', async () => {
    const recuentos = new Recuentos(t.db, pg ? 'pg' : 'sqlite', lento());
    const primera = await pedir(recuentos);
    const { vistas, dejar } = consultas();
    try {
      expect(await pedir(recuentos)).toEqual(primera);
      expect(vistas).toEqual([]);
      // Another where is another count.
      await pedir(recuentos, 'otro');
      expect(vistas.length).toBeGreaterThan(0);
      vistas.length = 0;
      recuentos.forget();
      expect(await pedir(recuentos)).toEqual(primera);
      expect(vistas.length).toBeGreaterThan(0);
    } finally {
      dejar();
    }
  });

  it('is counted again every time with COUNT_MEMORY_MS=0, and never past the cap with COUNT_BUDGET_MS=0', async () => {
    const recuentos = new Recuentos(t.db, pg ? 'pg' : 'sqlite', lento());
    const { vistas, dejar } = consultas();
    try {
      await recuentos.estimada('sin memoria', pagos, async () => undefined, { ...tope, memoriaMs: 0 });
      const una = vistas.length;
      await recuentos.estimada('sin memoria', pagos, async () => undefined, { ...tope, memoriaMs: 0 });
      expect(vistas.length).toBe(2 * una);
    } finally {
      dejar();
    }
    // A zero budget with a real clock: past the cap, at once, whatever counting would cost.
    const sinPresupuesto = await new Recuentos(t.db, pg ? 'pg' : 'sqlite').estimada('cero', pagos, async () => undefined, { ...tope, presupuestoMs: 0 });
    expect(sinPresupuesto.approximate).toBe(pg ? 'estimate' : 'lowerBound');
  });

  it('a count that asks while the same one runs waits for it instead of counting twice', async () => {
    const recuentos = new Recuentos(t.db, pg ? 'pg' : 'sqlite');
    const { vistas, dejar } = consultas();
    try {
      const [a, b] = await Promise.all([pedir(recuentos, 'a la vez'), pedir(recuentos, 'a la vez')]);
      expect(a).toEqual({ count: PAGOS });
      expect(b).toEqual(a);
      const solo = vistas.length;
      await new Recuentos(t.db, pg ? 'pg' : 'sqlite').estimada('a la vez', pagos, async () => undefined, tope);
      expect(vistas.length).toBe(2 * solo);
    } finally {
      dejar();
    }
  });
});
