// SQLite and PostgreSQL held to one verdict: the same hostile request, sent to the API on each
// database with the same data, gets the same documented status (never a 500), and a count the
// same number. Runs in the PostgreSQL project only (it needs both databases).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../src/resources/index.js';
import { nasty, nastyString, resourceFilter, resourceWhere, valueFor, writableResourceName } from './support/arbitraries.js';
import { createTestApp, type ApiResponse, type TestApp } from './support/app.js';

const DOCUMENTED = [200, 204, 400, 403, 404, 409, 413, 415, 422];
let sqlite: TestApp;
let pg: TestApp;

const readable = (url: string) => {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
};

/** The same call on both; both answers documented and alike in status. */
async function both(method: string, url: string, body?: unknown): Promise<[ApiResponse, ApiResponse]> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const answers = [await sqlite.call(method, url, payload), await pg.call(method, url, payload)] as [ApiResponse, ApiResponse];
  const context = `${method} ${readable(url)} ${payload ?? ''}\nsqlite: ${JSON.stringify(answers[0].body)}\npg: ${JSON.stringify(answers[1].body)}`;
  for (const a of answers) expect(DOCUMENTED, context).toContain(a.status);
  expect(answers[1].status, context).toBe(answers[0].status);
  return answers;
}

const SEED: [string, Record<string, unknown>][] = [
  ['/categorias', { nombre: 'Fotografía' }],
  ['/categorias', { nombre: 'Cocina' }],
  ['/categorias', { nombre: 'Música' }],
  ['/usuarios', { nombre: 'Ana', apellidos: 'García', email: 'ana@example.es' }],
  ['/usuarios', { nombre: 'Íñigo', apellidos: 'Ñúñez', email: 'inigo@example.es' }],
  ['/cursos', { titulo: 'Luz natural', precio: 4990, categoriaId: 1 }],
  ['/cursos', { titulo: 'Paella_100%', precio: 1500, categoriaId: 2 }],
  ['/clases', { titulo: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!', cursoId: 1 }],
  ['/clases', { titulo: 'Introducción\nal color', cursoId: 1 }],
  ['/clases', { titulo: 'Sofrito', cursoId: 2 }],
  ['/pagos', { usuarioId: 1, cursoId: 1, importe: 4990, metodo: 'tarjeta', fecha: '2026-01-01T10:00:00Z' }],
  ['/facturas', { serie: 'A', usuarioId: 1, concepto: 'Curso', base: 1000, tipoIva: 21 }],
  // Login 1 is the administrator whose session makes the calls; the random writes take this one.
  ['/logins', { usuario: 'otra', pass: 'otra-clave-bien-larga' }],
];

beforeAll(async () => {
  [sqlite, pg] = await Promise.all([createTestApp({}, 'sqlite'), createTestApp({}, 'pg')]);
  for (const [url, body] of SEED) {
    const [a] = await both('POST', url, body);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
  }
});
afterAll(async () => {
  await Promise.all([sqlite?.destroy(), pg?.destroy()]);
});

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

describe('the same verdict on SQLite and PostgreSQL', () => {
  it('for random filters, wheres and counts', async () => {
    await fc.assert(
      fc.asyncProperty(resourceFilter, async ([name, filter]) => {
        await both('GET', `/${name}?filter=${q(filter)}`);
      }),
      { numRuns: 150 },
    );
    await fc.assert(
      fc.asyncProperty(resourceWhere, async ([name, where]) => {
        const [a, b] = await both('GET', `/${name}/count?where=${q(where)}`);
        if (a.status === 200) expect(b.body.count, JSON.stringify(where)).toBe(a.body.count);
      }),
      { numRuns: 150 },
    );
  });

  it('for like, ilike and regexp patterns on text, counting the same rows', async () => {
    const op = fc.constantFrom('like', 'nlike', 'ilike', 'nilike', 'regexp');
    const pattern = fc.oneof(nastyString, fc.array(fc.constantFrom('a', 'A', '%', '_', '\\', '.', '*', '+', '?', '(', ')', '[', ']', '^', '$', '|', '{2}', 'ñ', 'Ñ', '\n', '\\d', '\\w'), { maxLength: 10 }).map((a) => a.join('')));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('titulo', 'descripcion'), op, pattern, async (field, operator, value) => {
        const [a, b] = await both('GET', `/clases/count?where=${q({ [field]: { [operator]: value } })}`);
        if (a.status === 200) expect(b.body.count, `${operator} ${JSON.stringify(value)}`).toBe(a.body.count);
      }),
      { numRuns: 200 },
    );
  });

  it('for bodies with any value in any field, on create, replace and update', async () => {
    const bodyFor = (name: string) => {
      const fields = Object.entries(resources[name].fields).filter(([n, f]) => !f.readOnly && n !== 'id');
      return fc.dictionary(fc.constantFrom(...fields.map(([n]) => n)), fc.oneof(nasty, fc.constantFrom(...fields).chain(([, f]) => valueFor(f.type))), { maxKeys: 5 }).map((partial) => {
        // Start from a valid record so the hostile value is what decides the answer.
        const base: Record<string, unknown> = Object.fromEntries(SEED.filter(([u]) => u === `/${name}`).slice(0, 1).flatMap(([, b]) => Object.entries(b)));
        return { ...base, ...partial };
      });
    };
    const call = writableResourceName.chain((name) => fc.tuple(fc.constant(name), fc.constantFrom('POST', 'PATCH', 'PUT'), bodyFor(name)));
    await fc.assert(
      fc.asyncProperty(call, async ([name, method, body]) => {
        await both(method, method === 'POST' ? `/${name}` : `/${name}/${name === 'logins' ? 2 : 1}`, body);
      }),
      { numRuns: 200 },
    );
  });

  it('for an invoice whose computed total overflows its column', async () => {
    const [a] = await both('POST', '/facturas', { serie: 'B', usuarioId: 1, concepto: 'x', base: 2147483647, tipoIva: 21 });
    expect(a.status).toBe(422);
    expect(a.body.error.details[0].path).toBe('/total');
  });
});

describe('a deep-object where never widens', () => {
  const PROTOTYPE = ['constructor', 'hasOwnProperty', '__proto__', 'toString', 'valueOf', 'isPrototypeOf', '__defineGetter__', 'propertyIsEnumerable'];
  const segment = fc.oneof(fc.constantFrom(...PROTOTYPE), fc.constantFrom('nombre', 'titulo', 'or', 'and', '0', ''), fc.string({ maxLength: 6 }));
  const encode = fc.constantFrom((s: string) => s, encodeURIComponent, (s: string) => s.replace(/_/g, '%5F').replace(/o/g, '%6F'));
  /** `where[a][b]=zz…`: a value no row holds, so a where that kept its condition matches nothing. */
  const deepWhere = fc.tuple(fc.array(segment, { minLength: 1, maxLength: 3 }), encode).map(([path, enc]) => `where${path.map((p) => `[${enc(p)}]`).join('')}=zzz-ninguno`);

  it('a bulk update or delete with dropped or reserved keys touches no row', async () => {
    const clases = (await sqlite.call('GET', '/cursos/1/clases')).body.length;
    expect((await pg.call('GET', '/cursos/1/clases')).body.length).toBe(clases);
    await fc.assert(
      fc.asyncProperty(deepWhere, async (query) => {
        const [patch] = await both('PATCH', `/categorias?${query}`, { descripcion: 'tocada' });
        const [del] = await both('DELETE', `/cursos/1/clases?${query}`);
        for (const res of [patch, del]) {
          expect([200, 400], query).toContain(res.status);
          if (res.status === 200) expect(res.body.count, query).toBe(0);
        }
        for (const t of [sqlite, pg]) {
          expect((await t.call('GET', `/categorias/count?where=${q({ descripcion: 'tocada' })}`)).body.count, query).toBe(0);
          expect((await t.call('GET', '/cursos/1/clases')).body.length, query).toBe(clases);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('refuses the examples that deleted and updated everything', async () => {
    for (const [method, url] of [
      ['DELETE', '/cursos/1/clases?where[constructor][titulo]=x'],
      ['PATCH', '/categorias?where[hasOwnProperty]=1'],
      ['PATCH', '/categorias?where[__proto__][nombre]=x'],
      ['PATCH', '/categorias?where[nombre]]=x'],
      ['GET', '/categorias?filter[where][constructor]=x'],
      ['GET', '/categorias?filter[include][0][scope][where][__proto__]=x'],
    ] as const) {
      const [res] = await both(method, url, method === 'PATCH' ? { descripcion: 'tocada' } : undefined);
      expect(res.status, url).toBe(400);
    }
    // An `or` of nothing matches nothing, not everything.
    expect((await both('PATCH', `/categorias?where=${q({ or: [] })}`, { descripcion: 'tocada' }))[0].body).toEqual({ count: 0 });
    // No where at all keeps LoopBack's meaning: every row of the scope.
    const [total] = await both('GET', '/categorias/count');
    const [all] = await both('PATCH', '/categorias', { orden: 1 });
    expect(all.body).toEqual(total.body);
    expect(total.body.count).toBeGreaterThanOrEqual(3);
  });
});
