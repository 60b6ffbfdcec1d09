// Property-based: whatever filter, where or body a client throws at the API, the answer is a
// 2xx or a documented 4xx in the envelope, never a 500 and never database error text.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../src/resources/index.js';
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

const strange = ['noExiste', 'or', 'and', '__proto__', 'constructor', 'toString'];
const operators = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'inq', 'nin', 'between', 'like', 'nlike', 'ilike', 'nilike', 'regexp', 'near', 'exists'];

const scalar = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('2026-01-01', '2026-02-30T00:00:00Z', '2026-01-01T10:00:00.000Z', '%', '_\\', '/^a/i', '(', "'; drop table cursos; --", '1e400', '-0', 'ñÁ'),
  fc.integer({ min: -1e12, max: 1e12 }),
);
/** A plausible value for a field of this type: usually valid, sometimes not. */
const valueFor = (type: string) =>
  fc.oneof(
    { weight: 3, arbitrary: type === 'integer' ? fc.integer({ min: -5, max: 100000 }) : type === 'boolean' ? fc.boolean() : type === 'date-time' ? fc.date({ min: new Date('2000-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString()) : fc.string({ maxLength: 8 }) },
    { weight: 1, arbitrary: scalar },
  );

/** Valid four times in five: each key of a filter can spoil it, and the valid paths need exercise too. */
const mostly = <T, U>(valid: fc.Arbitrary<T>, invalid: fc.Arbitrary<U>) =>
  fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: invalid });

/** Filters for one resource: mostly its real fields and operators, with strange names mixed in. */
function filterFor(resource: (typeof resources)[string]) {
  const fields = Object.entries(resource.fields);
  const fieldName = fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...fields.map(([n]) => n)) }, { weight: 1, arbitrary: fc.constantFrom(...strange) });
  const condition = fc.constantFrom(...fields).chain(([name, f]) =>
    fc.oneof(
      valueFor(f.type).map((v) => ({ [name]: v })),
      fc.dictionary(fc.constantFrom(...operators), fc.oneof(valueFor(f.type), fc.array(valueFor(f.type), { maxLength: 3 })), { maxKeys: 2 }).map((ops) => ({ [name]: ops })),
    ),
  );
  const { where } = fc.letrec((tie) => ({
    where: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 3, arbitrary: condition },
      fc.record({ or: fc.array(tie('where'), { maxLength: 3 }) }),
      fc.record({ and: fc.array(tie('where'), { maxLength: 3 }) }),
    ),
  }));
  const relation = fc.constantFrom(...Object.keys(resource.relations), 'nada', '__proto__');
  const realField = fc.constantFrom(...fields.filter(([, f]) => !f.writeOnly).map(([n]) => n));
  const plain = fc.record(
    {
      where: mostly(where, fc.dictionary(fieldName, scalar, { maxKeys: 2 })),
      fields: mostly(fc.array(realField, { minLength: 1, maxLength: 3 }), fc.oneof(fc.array(fieldName, { maxLength: 3 }), fc.dictionary(fieldName, fc.oneof(fc.boolean(), scalar), { maxKeys: 3 }))),
      order: mostly(realField.chain((n) => fc.constantFrom(`${n} ASC`, `${n} DESC`, n)), fc.oneof(fc.constantFrom('id SIDEWAYS', 'x y z'), fc.array(fc.string(), { maxLength: 2 }), scalar)),
      limit: mostly(fc.integer({ min: 1, max: 50 }), scalar),
      skip: mostly(fc.nat(20), scalar),
      include: mostly(fc.array(fc.constantFrom(...Object.keys(resource.relations), 'id'), { maxLength: 2 }).map((l) => l.filter((r) => r !== 'id')), fc.oneof(fc.array(relation, { maxLength: 2 }), fc.record({ relation, scope: fc.record({ where, limit: fc.integer({ min: 1, max: 3 }) }, { requiredKeys: [] }) }).map((i) => [i]), scalar)),
    },
    { requiredKeys: [] },
  );
  // An unknown top-level key makes the whole filter a 400: keep it rare so the rest gets exercised.
  const rareExtra = fc.oneof({ weight: 9, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: scalar });
  const filter = fc.tuple(plain, rareExtra).map(([f, extra]) => (extra === undefined ? f : { ...f, extra }));
  return { where, filter };
}

const perResource = Object.fromEntries(Object.values(resources).map((r) => [r.name, filterFor(r)]));
const resourceFilter = fc.constantFrom(...Object.keys(resources)).chain((name) => perResource[name].filter.map((f) => [name, f] as const));
const resourceWhere = fc.constantFrom(...Object.keys(resources)).chain((name) => perResource[name].where.map((w) => [name, w] as const));
const resourceName = fc.constantFrom(...Object.keys(resources));
const fieldNames = [...new Set(Object.values(resources).flatMap((r) => Object.keys(r.fields))), ...strange];

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
