// Reads on PostgreSQL go as prepared statements (db/reader.ts), and a connection keeps each one
// until it closes; so only MAX_PREPARED shapes are named. Past them every filter still answers,
// and no connection holds more than that many.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPg } from '../../src/db/index.js';
import { MAX_PREPARED } from '../../src/db/reader.js';
import { createTestApp, type TestApp } from '../support/app.js';

let t: TestApp;
const NOMBRES = ['Ciencias', 'Diseño', 'Economía', 'Fotografía', 'Idiomas', 'Música', 'Programación', 'Salud'];

beforeAll(async () => {
  t = await createTestApp();
  for (const nombre of NOMBRES) expect((await t.call('POST', '/categorias', { nombre })).status).toBe(200);
});

afterAll(() => t?.destroy());

describe('reads of many shapes', () => {
  it('answers each with its own rows, past the shapes kept prepared', async () => {
    // Each length of an `inq` list is another SQL text: 60 more shapes than are ever named.
    for (let n = 1; n <= MAX_PREPARED + 60; n++) {
      const inq = Array.from({ length: n }, (_, i) => NOMBRES[i % NOMBRES.length]);
      const filter = encodeURIComponent(JSON.stringify({ where: { nombre: { inq } }, order: 'nombre ASC' }));
      const res = await t.call('GET', `/categorias?filter=${filter}`);
      expect(res.status, `${n} nombres`).toBe(200);
      expect(res.body.map((c: { nombre: string }) => c.nombre), `${n} nombres`).toEqual(NOMBRES.slice(0, Math.min(n, NOMBRES.length)));
    }
    if (isPg(t.db)) {
      const { rows } = await t.db.raw('SELECT count(*)::int AS n FROM pg_prepared_statements');
      expect(rows[0].n).toBeGreaterThan(0);
      expect(rows[0].n).toBeLessThanOrEqual(MAX_PREPARED);
    }
  });
});
