// Property-based: whatever filter, where or body a client throws at the API, the answer is a
// 2xx or a documented 4xx in the envelope, never a 500 and never database error text.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldNames, resourceFilter, resourceName, resourceWhere, scalar } from './support/arbitraries.js';
import { createTestApp, type TestApp } from './support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const cat = await t.call('POST', '/categorias', { nombre: 'Fuzz' });
  const usuario = await t.call('POST', '/usuarios', { nombre: 'Fuzz', email: 'fuzz@example.es' });
  await t.call('POST', '/cursos', { titulo: 'Fuzz', precio: 100, categoriaId: cat.body.id });
  await t.call('POST', '/pagos', { usuarioId: usuario.body.id, importe: 100, metodo: 'tarjeta', fecha: '2026-01-01T00:00:00Z' });
});
afterAll(async () => {
  await t?.destroy();
});

const DOCUMENTED = [200, 204, 400, 403, 404, 409, 413, 415, 422];
const SQL_LEAK = /sqlite|syntax error|relation ".*" does not exist|column .* does not exist|SQLITE_|knex|select |insert into|pg_|stack/i;

// Tally of answers, so the suite also proves the generators reach valid queries, not only 400s.
const seen = { ok: 0, rejected: 0 };

function expectDocumented(res: { status: number; body: any }, context: unknown) {
  if (res.status < 300) seen.ok++;
  else seen.rejected++;
  expect(DOCUMENTED, `${res.status} for ${JSON.stringify(context)}: ${JSON.stringify(res.body)}`).toContain(res.status);
  const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
  expect(text, JSON.stringify(context)).not.toMatch(SQL_LEAK);
  if (res.status >= 400) expect(res.body.error.statusCode).toBe(res.status);
}

describe('random input never breaks the API', () => {
  it('GET /R?filter= with random filters (JSON form)', async () => {
    await fc.assert(
      fc.asyncProperty(resourceFilter, async ([name, f]) => {
        expectDocumented(await t.call('GET', `/${name}?filter=${encodeURIComponent(JSON.stringify(f))}`), f);
      }),
      { numRuns: 250 },
    );
    expect(seen.ok, 'random filters should often be valid').toBeGreaterThan(25);
    expect(seen.rejected, 'and often not').toBeGreaterThan(25);
  });

  it('GET /R/count?where= and the deep-object form with random keys', async () => {
    await fc.assert(
      fc.asyncProperty(resourceWhere, fc.array(fc.tuple(fc.string(), fc.string()), { maxLength: 4 }), async ([name, w], pairs) => {
        expectDocumented(await t.call('GET', `/${name}/count?where=${encodeURIComponent(JSON.stringify(w))}`), w);
        const deep = pairs.map(([k, v]) => `filter[where][${encodeURIComponent(k)}]=${encodeURIComponent(v)}`).join('&');
        expectDocumented(await t.call('GET', `/${name}?${deep}`), deep);
      }),
      { numRuns: 150 },
    );
  });

  it('POST, PATCH and PUT with random bodies', async () => {
    const body = fc.oneof(fc.dictionary(fc.constantFrom(...fieldNames), scalar, { maxKeys: 6 }), scalar, fc.array(scalar));
    await fc.assert(
      fc.asyncProperty(resourceName, body, fc.constantFrom('POST', 'PATCH', 'PUT'), async (name, b, method) => {
        const url = method === 'POST' ? `/${name}` : `/${name}/1`;
        expectDocumented(await t.call(method, url, JSON.stringify(b)), { method, b });
      }),
      { numRuns: 200 },
    );
  });
});
