// The order of a curso's clases: reordering in one request, a new clase going
// last, and the bulk PATCH the admin's list actions send. Runs on SQLite and, with
// TEST_DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';

let t: TestApp;
const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));
let curso: number;
let otro: number;
let clases: number[];
let ajena: number;

async function create(url: string, body: Record<string, unknown>) {
  const res = await t.call('POST', url, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** The curso's clases as the admin lists them: by orden. */
async function orden(cursoId = curso): Promise<{ id: number; orden: number }[]> {
  const res = await t.call('GET', `/cursos/${cursoId}/clases?filter=${q({ order: 'orden ASC', fields: ['id', 'orden'] })}`);
  return res.body;
}

const logsCount = async () => (await t.call('GET', '/logs/count')).body.count as number;
const reordenar = (body: unknown, cursoId = curso, extra?: Parameters<TestApp['call']>[3]) =>
  t.call('PUT', `/cursos/${cursoId}/clases/orden`, body, extra);

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.destroy();
});

beforeEach(async () => {
  curso = (await create('/cursos', { titulo: 'Guitarra', precio: 1000 })).id;
  otro = (await create('/cursos', { titulo: 'Piano', precio: 1000 })).id;
  clases = [];
  for (let i = 1; i <= 3; i++) clases.push((await create('/clases', { titulo: `Lección ${i}`, cursoId: curso, orden: i })).id);
  ajena = (await create('/clases', { titulo: 'De piano', cursoId: otro, orden: 1 })).id;
});

describe('PUT /cursos/{id}/clases/orden', () => {
  it('sets orden 1..n in the order sent, answers 204, and leaves a history row on the curso and on each clase that moved', async () => {
    const [a, b, c] = clases;
    const before = await logsCount();
    const res = await reordenar({ clases: [c, a, b] });
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    expect(await orden()).toEqual([
      { id: c, orden: 1 },
      { id: a, orden: 2 },
      { id: b, orden: 3 },
    ]);
    // c 3→1, a 1→2, b 2→3: three clases moved, each in its own history, and the curso's row.
    expect(await logsCount()).toBe(before + 4);
    const [log] = (await t.call('GET', `/logs?filter=${q({ order: 'id DESC', limit: 1 })}`)).body;
    expect(log).toMatchObject({ tipo: 'UPDATE', recurso: 'cursos', recursoId: curso });
    expect(JSON.parse(log.datos)).toEqual({ accion: 'reordenarClases', clases: [c, a, b] });
    const [fila] = (await t.call('GET', `/clases/${c}/historial`)).body;
    expect(fila).toMatchObject({ accion: 'reordenarClases', cambios: { orden: [3, 1] }, login: { usuario: 'admin' } });
    // The other curso's order is not touched.
    expect(await orden(otro)).toEqual([{ id: ajena, orden: 1 }]);
  });

  it('an empty curso takes an empty list', async () => {
    const vacio = (await create('/cursos', { titulo: 'Vacío', precio: 0 })).id;
    expect((await reordenar({ clases: [] }, vacio)).status).toBe(204);
  });

  it.each([
    ['a clase missing', (c: number[]) => [c[2], c[0]], 'falta', '/clases'],
    ['a clase twice', (c: number[]) => [c[0], c[0], c[1], c[2]], 'repetida', '/clases/1'],
    ['a clase of another curso', (c: number[]) => [c[0], c[1], c[2], ajena], 'ajena', '/clases/3'],
    ['a clase that does not exist', (c: number[]) => [c[0], c[1], c[2], 2147483647], 'ajena', '/clases/3'],
  ])('%s is a 422 naming it, and nothing changes', async (_, lista, code, path) => {
    const before = await logsCount();
    const res = await reordenar({ clases: lista(clases) });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ statusCode: 422, name: 'UnprocessableEntityError', code: 'VALIDATION_FAILED' });
    const detail = res.body.error.details.find((d: { code: string }) => d.code === code);
    expect(detail).toMatchObject({ path });
    expect(detail.message).toMatch(/clase \d+/);
    expect(await orden()).toEqual(clases.map((id, i) => ({ id, orden: i + 1 })));
    expect(await logsCount()).toBe(before);
  });

  it.each([
    ['no list', {}],
    ['a list of text', { clases: ['uno'] }],
    ['another key', { clases: [], otra: 1 }],
    ['an array body', [1, 2]],
  ])('%s is a 422 with details', async (_, body) => {
    const res = await reordenar(body);
    expect(res.status).toBe(422);
    expect(res.body.error.details.length).toBeGreaterThan(0);
  });

  it('an unknown curso is 404, a malformed id 400', async () => {
    const res = await reordenar({ clases: [] }, 999999);
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'ENTITY_NOT_FOUND', message: 'Entity not found: Curso with id 999999' });
    expect((await t.call('PUT', '/cursos/abc/clases/orden', { clases: [] })).status).toBe(400);
  });

  it('follows the rules of every mutation: session, JSON, origin', async () => {
    const body = { clases: [...clases].reverse() };
    expect((await reordenar(body, curso, { cookie: '' })).status).toBe(401);
    const text = await t.call('PUT', `/cursos/${curso}/clases/orden`, JSON.stringify(body), { headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(415);
    expect((await reordenar(body, curso, { headers: { origin: 'https://malo.example' } })).status).toBe(403);
    expect(await orden()).toEqual(clases.map((id, i) => ({ id, orden: i + 1 })));
  });

  it('is described in /openapi.json', async () => {
    const doc = (await t.call('GET', '/openapi.json')).body;
    const op = doc.paths['/cursos/{id}/clases/orden'].put;
    expect(op.operationId).toBe('Curso.reordenarClases');
    expect(op.requestBody.content['application/json'].schema.required).toEqual(['clases']);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['204', '404', '422']));
  });
});

describe('a new clase in a curso goes last', () => {
  it('without orden it gets max + 1, by either route', async () => {
    expect((await create('/clases', { titulo: 'Cuarta', cursoId: curso })).orden).toBe(4);
    expect((await create(`/cursos/${curso}/clases`, { titulo: 'Quinta' })).orden).toBe(5);
    // An empty number field in a form sends null: the same as leaving it out.
    expect((await create(`/cursos/${curso}/clases`, { titulo: 'Sexta', orden: null })).orden).toBe(6);
    expect((await orden()).at(-1)).toMatchObject({ orden: 6 });
  });

  it('the first clase of a curso is 1; an orden sent is kept; without a curso the default 0 stays', async () => {
    const vacio = (await create('/cursos', { titulo: 'Vacío', precio: 0 })).id;
    expect((await create(`/cursos/${vacio}/clases`, { titulo: 'Primera' })).orden).toBe(1);
    expect((await create('/clases', { titulo: 'Al principio', cursoId: curso, orden: 0 })).orden).toBe(0);
    const usuario = (await create('/usuarios', { nombre: 'Ana', email: `ana${curso}@example.es` })).id;
    expect((await create(`/usuarios/${usuario}/clases`, { titulo: 'Privada' })).orden).toBe(0);
  });

  it('after a reorder, the next one still goes last', async () => {
    await reordenar({ clases: [...clases].reverse() });
    expect((await create(`/cursos/${curso}/clases`, { titulo: 'Nueva' })).orden).toBe(4);
  });
});

describe('bulk PATCH /clases?where={"id":{"inq":[…]}} (the admin’s list actions)', () => {
  const porIds = (ids: number[]) => `/clases?where=${q({ id: { inq: ids } })}`;

  it('publishes the selected clases only, with one audit row per clase (its history)', async () => {
    const [a, , c] = clases;
    const before = await logsCount();
    const res = await t.call('PATCH', porIds([a, c]), { estado: 'publicada' });
    expect(res.body).toEqual({ count: 2 });
    const estados = (await t.call('GET', `/cursos/${curso}/clases?filter=${q({ order: 'orden ASC' })}`)).body.map((x: any) => x.estado);
    expect(estados).toEqual(['publicada', 'borrador', 'publicada']);
    expect(await logsCount()).toBe(before + 2);
    const logs = (await t.call('GET', `/logs?filter=${q({ order: 'id DESC', limit: 2 })}`)).body;
    expect(logs.map((l: any) => [l.tipo, l.recurso, l.recursoId]).sort()).toEqual([['UPDATE', 'clases', a], ['UPDATE', 'clases', c]].sort());
  });

  it('moves clases to another curso', async () => {
    const res = await t.call('PATCH', porIds(clases.slice(0, 2)), { cursoId: otro });
    expect(res.body).toEqual({ count: 2 });
    expect((await orden(otro)).map((x) => x.id).sort()).toEqual([ajena, ...clases.slice(0, 2)].sort());
  });

  it.each([
    ['an unknown estado', { estado: 'visible' }, '/estado'],
    ['a curso that does not exist', { cursoId: 999999 }, '/cursoId'],
    ['an unknown field', { publicada: true }, '/publicada'],
  ])('%s is a 422 naming the field, and no clase changes', async (_, body, path) => {
    const before = await logsCount();
    const res = await t.call('PATCH', porIds(clases), body);
    expect(res.status).toBe(422);
    expect(res.body.error.details[0].path).toBe(path);
    const after = (await t.call('GET', `/cursos/${curso}/clases`)).body;
    expect(after.map((x: any) => x.estado)).toEqual(['borrador', 'borrador', 'borrador']);
    expect(await logsCount()).toBe(before);
  });
});
