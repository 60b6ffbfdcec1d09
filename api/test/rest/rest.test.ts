// The LoopBack REST contract (docs/arquitectura.md §3), call by call and operator by operator. Runs on SQLite
// and, with TEST_DATABASE_URL, on PostgreSQL: both must answer identically.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../src/resources/index.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { informes as declarados } from '../../src/informes/definiciones/index.js';

let t: TestApp;
const ids: Record<string, number> = {};
const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));

async function create(resource: string, body: Record<string, unknown>) {
  const res = await t.call('POST', `/${resource}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

beforeAll(async () => {
  t = await createTestApp();
  ids.prog = (await create('categorias', { nombre: 'Programación', orden: 1 })).id;
  ids.diseno = (await create('categorias', { nombre: 'Diseño', orden: 2, descripcion: 'Gráfico y web' })).id;
  ids.vacia = (await create('categorias', { nombre: 'Sin cursos' })).id;
  ids.ts = (await create('cursos', { titulo: 'TypeScript desde cero', precio: 4900, categoriaId: ids.prog, estado: 'publicado', nivel: 'basico' })).id;
  ids.node = (await create('cursos', { titulo: 'Node.js avanzado', precio: 9900, categoriaId: ids.prog, estado: 'publicado', nivel: 'avanzado' })).id;
  ids.figma = (await create('cursos', { titulo: 'Figma_para 100% principiantes', precio: 0, categoriaId: ids.diseno })).id;
  for (let i = 1; i <= 4; i++) await create('clases', { titulo: `Lección ${i} de TS`, cursoId: ids.ts, orden: i, duracion: 600 * i, gratuita: i === 1 });
  await create('clases', { titulo: 'Lección 1 de Node', cursoId: ids.node, orden: 1 });
  ids.ana = (await create('usuarios', { nombre: 'Ana', apellidos: 'Álvarez Núñez', email: 'ana@example.es', ciudad: 'Madrid' })).id;
  ids.luis = (await create('usuarios', { nombre: 'Luis', apellidos: 'Pérez', email: 'luis@example.es', activo: false })).id;
  ids.zoe = (await create('usuarios', { nombre: 'ÁNGELA', email: 'angela@example.es' })).id;
  ids.p1 = (await create('pagos', { usuarioId: ids.ana, cursoId: ids.ts, importe: 4900, metodo: 'tarjeta', estado: 'completado', fecha: '2026-01-10T10:00:00.123Z', referencia: 'ch_A1' })).id;
  ids.p2 = (await create('pagos', { usuarioId: ids.ana, cursoId: ids.node, importe: 9900, metodo: 'bizum', estado: 'pendiente', fecha: '2026-02-01T09:30:00Z' })).id;
  ids.p3 = (await create('pagos', { usuarioId: ids.luis, cursoId: ids.ts, importe: 4900, metodo: 'paypal', estado: 'completado', fecha: '2026-03-05T12:00:00+01:00', referencia: 'PAY-b2' })).id;
  // Refunded later: a pago is never created refunded.
  expect((await t.call('POST', `/pagos/${ids.p3}/reembolsar`, { motivo: 'Desistimiento' })).status).toBe(200);
});

afterAll(async () => {
  await t?.destroy();
});

const find = async (resource: string, filter: unknown) => {
  const res = await t.call('GET', `/${resource}?filter=${q(filter)}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Record<string, any>[];
};
const error = (res: { body: any }) => res.body.error;

describe('POST /R', () => {
  it('creates and answers 200 with the stored record, defaults and server timestamps', async () => {
    const res = await t.call('POST', '/cursos', { titulo: 'Curso nuevo', precio: 1500 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ titulo: 'Curso nuevo', precio: 1500, moneda: 'EUR', nivel: 'basico', estado: 'borrador', categoriaId: null });
    expect(res.body.id).toBeTypeOf('number');
    expect(res.body.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const again = await t.call('GET', `/cursos/${res.body.id}`);
    expect(again.body).toEqual(res.body);
  });

  it('rejects an id in the body with 422', async () => {
    const res = await t.call('POST', '/categorias', { id: 99, nombre: 'Con id' });
    expect(res.status).toBe(422);
    expect(error(res)).toMatchObject({ statusCode: 422, name: 'UnprocessableEntityError', code: 'VALIDATION_FAILED' });
    expect(error(res).details[0].path).toBe('/id');
  });

  it('names each invalid field in the details, in Spanish', async () => {
    const res = await t.call('POST', '/cursos', { titulo: '', precio: -5, nivel: 'experto', color: 'rojo' });
    expect(res.status).toBe(422);
    const paths = error(res).details.map((d: any) => d.path).sort();
    expect(paths).toEqual(['/color', '/nivel', '/precio', '/titulo']);
    expect(error(res).message).toMatch(/revisa los campos/);
    expect(error(res).details.find((d: any) => d.path === '/color').message).toContain('Campo desconocido');
  });

  it('requires the required fields', async () => {
    const res = await t.call('POST', '/pagos', { importe: 100 });
    expect(res.status).toBe(422);
    expect(error(res).details.map((d: any) => d.path).sort()).toEqual(['/fecha', '/metodo', '/usuarioId']);
  });

  it('answers a duplicate unique value with 422 naming the field (email case-insensitively)', async () => {
    const dupCat = await t.call('POST', '/categorias', { nombre: 'Programación' });
    expect(dupCat.status).toBe(422);
    expect(error(dupCat).details[0]).toMatchObject({ path: '/nombre', code: 'unique' });
    const dupEmail = await t.call('POST', '/usuarios', { nombre: 'Otra Ana', email: 'ANA@Example.es' });
    expect(dupEmail.status).toBe(422);
    expect(error(dupEmail).details[0]).toMatchObject({ path: '/email', code: 'unique' });
  });

  it('answers a reference to a missing row with 422 naming the field', async () => {
    const res = await t.call('POST', '/pagos', { usuarioId: 999999, importe: 100, metodo: 'tarjeta', fecha: '2026-01-01T00:00:00Z' });
    expect(res.status).toBe(422);
    expect(error(res).details[0]).toMatchObject({ path: '/usuarioId', code: 'foreignKey' });
    expect(error(res).details[0].message).toContain('usuario');
  });

  it('rejects an impossible date with 422, and stores a valid one at millisecond precision in UTC', async () => {
    const bad = await t.call('POST', '/pagos', { usuarioId: ids.ana, importe: 100, metodo: 'tarjeta', fecha: '2026-02-30T10:00:00Z' });
    expect(bad.status).toBe(422);
    expect(error(bad).details[0].path).toBe('/fecha');
    const p3 = await t.call('GET', `/pagos/${ids.p3}`);
    expect(p3.body.fecha).toBe('2026-03-05T11:00:00.000Z');
  });

  it('gives a date-time back exactly as stored, whatever its milliseconds or the offset it was sent in', async () => {
    const sent = ['2026-03-05T12:00:00.5+01:00', '2026-03-05T11:00:00.120Z', '2026-03-05T11:00:00.007Z', '2026-03-05T11:00:00Z', '0001-01-01T00:00:00Z'];
    const back = ['2026-03-05T11:00:00.500Z', '2026-03-05T11:00:00.120Z', '2026-03-05T11:00:00.007Z', '2026-03-05T11:00:00.000Z', '0001-01-01T00:00:00.000Z'];
    for (const [i, fecha] of sent.entries()) {
      const created = await t.call('POST', '/pagos', { usuarioId: ids.ana, importe: 100, metodo: 'tarjeta', fecha });
      expect(created.body.fecha).toBe(back[i]);
      const found = await t.call('GET', `/pagos?filter=${encodeURIComponent(JSON.stringify({ where: { id: created.body.id, fecha: created.body.fecha } }))}`);
      expect(found.body).toEqual([expect.objectContaining({ fecha: back[i] })]);
      expect((await t.call('DELETE', `/pagos/${created.body.id}`)).status).toBe(204);
    }
  });

  it('requires JSON bodies (415) and answers malformed JSON with 400', async () => {
    const plain = await t.call('POST', '/categorias', 'nombre=x', { headers: { 'content-type': 'text/plain' } });
    expect(plain.status).toBe(415);
    expect(error(plain).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const broken = await t.call('POST', '/categorias', '{"nombre":', { headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
    expect(error(broken).name).toBe('BadRequestError');
  });
});

describe('GET /R/{id}', () => {
  it('answers 404 in the LoopBack envelope for an unknown id, 400 for a non-numeric one', async () => {
    const res = await t.call('GET', '/cursos/999999');
    expect(res.status).toBe(404);
    expect(error(res)).toMatchObject({ statusCode: 404, name: 'NotFoundError', code: 'ENTITY_NOT_FOUND', message: 'Entity not found: Curso with id 999999' });
    expect((await t.call('GET', '/cursos/abc')).status).toBe(400);
  });

  it('accepts fields and include but not where', async () => {
    const res = await t.call('GET', `/cursos/${ids.ts}?filter=${q({ fields: ['titulo', 'categoriaId'], include: ['categoria'] })}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ titulo: 'TypeScript desde cero', categoriaId: ids.prog, categoria: expect.objectContaining({ nombre: 'Programación' }) });
    const withWhere = await t.call('GET', `/cursos/${ids.ts}?filter=${q({ where: { precio: 1 } })}`);
    expect(withWhere.status).toBe(400);
  });

  // The statement of a read by id is written once per list of columns and reused (rest/lectura.ts):
  // each record and each list of fields must still get its own.
  it('answers each record with the fields it was asked for, read after read', async () => {
    const leer = async (id: number, filter?: object) => (await t.call('GET', `/cursos/${id}${filter ? `?filter=${q(filter)}` : ''}`)).body;
    for (let i = 0; i < 2; i++) {
      expect(await leer(ids.ts, { fields: ['titulo'] })).toEqual({ titulo: 'TypeScript desde cero' });
      expect(await leer(ids.node, { fields: ['titulo'] })).toEqual({ titulo: 'Node.js avanzado' });
      expect(await leer(ids.node, { fields: ['precio', 'titulo'] })).toEqual({ precio: 9900, titulo: 'Node.js avanzado' });
      expect(await leer(ids.ts)).toMatchObject({ id: ids.ts, titulo: 'TypeScript desde cero', precio: 4900, categoriaId: ids.prog });
    }
  });
});

describe('GET /R and /R/count: the filter', () => {
  it('counts with and without where', async () => {
    expect((await t.call('GET', '/usuarios/count')).body).toEqual({ count: 3 });
    expect((await t.call('GET', `/usuarios/count?where=${q({ activo: false })}`)).body).toEqual({ count: 1 });
  });

  it('answers a list while a write is still open, without the rows it has not committed', async () => {
    const now = new Date().toISOString();
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let inserted!: () => void;
    const written = new Promise<void>((resolve) => (inserted = resolve));
    const write = t.db.transaction(async (trx) => {
      await trx('categorias').insert({ nombre: 'A medio escribir', orden: 0, createdAt: now, updatedAt: now });
      inserted();
      await held;
    });
    await written;
    let during: unknown[];
    try {
      during = await find('categorias', { where: { nombre: 'A medio escribir' } });
    } finally {
      commit(); // never leave the transaction open for the tests after this one
      await write;
    }
    const after = await find('categorias', { where: { nombre: 'A medio escribir' } });
    expect(during).toEqual([]);
    expect(after).toHaveLength(1);
    await t.call('DELETE', `/categorias/${after[0].id}`);
  });

  it('orders by id ascending by default, and by any field either way', async () => {
    const byDefault = await find('categorias', {});
    expect(byDefault.map((c) => c.id)).toEqual([...byDefault.map((c) => c.id)].sort((a, b) => a - b));
    const desc = await find('cursos', { order: 'precio DESC', where: { id: { inq: [ids.ts, ids.node, ids.figma] } } });
    expect(desc.map((c) => c.id)).toEqual([ids.node, ids.ts, ids.figma]);
    const multi = await find('clases', { order: ['cursoId ASC', 'orden DESC'], where: { cursoId: ids.ts } });
    expect(multi.map((c) => c.orden)).toEqual([4, 3, 2, 1]);
    const comma = await find('clases', { order: 'cursoId DESC, orden ASC', where: { cursoId: { inq: [ids.ts, ids.node] } } });
    expect(comma[0].cursoId).toBe(Math.max(ids.ts, ids.node));
  });

  it('pages with limit, skip and offset; skip alone means limit 100; limit is capped', async () => {
    const all = await find('clases', { where: { cursoId: ids.ts }, order: 'orden ASC' });
    expect(all).toHaveLength(4);
    const page = await find('clases', { where: { cursoId: ids.ts }, order: 'orden ASC', limit: 2, skip: 1 });
    expect(page.map((c) => c.orden)).toEqual([2, 3]);
    const offset = await find('clases', { where: { cursoId: ids.ts }, order: 'orden ASC', limit: 2, offset: 2 });
    expect(offset.map((c) => c.orden)).toEqual([3, 4]);
    const skipOnly = await find('clases', { where: { cursoId: ids.ts }, order: 'orden ASC', skip: 3 });
    expect(skipOnly.map((c) => c.orden)).toEqual([4]);
    expect((await t.call('GET', `/clases?filter=${q({ limit: 0 })}`)).status).toBe(400);
    expect((await t.call('GET', `/clases?filter=${q({ limit: 1000000 })}`)).status).toBe(200);
  });

  it('selects fields as an object of true, an object of false, or a list', async () => {
    const onlyTrue = await find('usuarios', { fields: { nombre: true, email: true }, where: { id: ids.ana } });
    expect(onlyTrue).toEqual([{ nombre: 'Ana', email: 'ana@example.es' }]);
    const allBut = await find('usuarios', { fields: { notas: false, direccion: false }, where: { id: ids.ana } });
    expect(allBut[0]).toHaveProperty('email');
    expect(allBut[0]).not.toHaveProperty('notas');
    expect(await find('usuarios', { fields: ['id'], where: { id: ids.ana } })).toEqual([{ id: ids.ana }]);
  });

  it('accepts the deep-object form with values coerced to each field type', async () => {
    const res = await t.call('GET', `/usuarios?filter[where][activo]=false&filter[fields][nombre]=true`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ nombre: 'Luis' }]);
    const ops = await t.call('GET', `/cursos?filter[where][precio][gte]=4900&filter[order]=precio%20ASC&filter[limit]=1`);
    expect(ops.body.map((c: any) => c.precio)).toEqual([4900]);
    const inq = await t.call('GET', `/pagos?filter[where][metodo][inq][0]=bizum&filter[where][metodo][inq][1]=paypal&filter[order]=id`);
    expect(inq.body.map((p: any) => p.id)).toEqual([ids.p2, ids.p3]);
    const count = await t.call('GET', `/pagos/count?where[estado]=completado`);
    expect(count.body).toEqual({ count: 1 });
  });

  it('rejects unknown filter keys, fields, operators, mistyped values and bad JSON with 400', async () => {
    const cases: unknown[] = [
      { foo: 1 },
      { where: { noExiste: 1 } },
      { where: { precio: { gt: 'abc' } } },
      { where: { precio: { mayorQue: 1 } } },
      { where: { fecha: { gt: '2026-13-45' } } },
      { order: 'noExiste DESC' },
      { order: 'precio SIDEWAYS' },
      { fields: { noExiste: true } },
      { include: ['noExiste'] },
      { where: { titulo: { like: 5 } } },
      { where: { precio: { like: '1%' } } },
      { where: { or: 'x' } },
      { where: { precio: { between: [1] } } },
      { where: { titulo: { regexp: '(' } } },
      { limit: 'diez' },
      { skip: -1 },
      { skip: 2 ** 63 },
      { limit: 5, offset: 2 ** 31 },
      JSON.parse('{"where":{"__proto__":[]}}'),
      { where: { constructor: 1 } },
      { include: ['__proto__'] },
    ];
    for (const filter of cases) {
      const resource = JSON.stringify(filter).includes('fecha') ? 'pagos' : 'cursos';
      const res = await t.call('GET', `/${resource}?filter=${q(filter)}`);
      expect(res.status, JSON.stringify(filter)).toBe(400);
      expect(error(res)).toMatchObject({ statusCode: 400, name: 'BadRequestError', code: 'INVALID_PARAMETER_VALUE' });
    }
    expect((await t.call('GET', '/cursos?filter={no es json')).status).toBe(400);
    expect((await t.call('GET', `/cursos/count?where=${q({ x: 1 })}`)).status).toBe(400);
  });

  it('includes belongsTo and hasMany relations, with scope, and an empty array when there are no children', async () => {
    const cats = await find('categorias', {
      where: { id: { inq: [ids.prog, ids.vacia] } },
      include: [{ relation: 'cursos', scope: { fields: ['titulo'], order: 'precio DESC', limit: 1, include: ['clases'] } }],
    });
    const prog = cats.find((c) => c.id === ids.prog)!;
    expect(prog.cursos).toHaveLength(1);
    expect(prog.cursos[0]).toEqual({ titulo: 'Node.js avanzado', clases: [expect.objectContaining({ titulo: 'Lección 1 de Node' })] });
    expect(cats.find((c) => c.id === ids.vacia)!.cursos).toEqual([]);
    const pagos = await find('pagos', { where: { id: ids.p1 }, include: ['usuario', { relation: 'curso', scope: { fields: ['titulo'] } }, 'factura'] });
    expect(pagos[0].usuario.nombre).toBe('Ana');
    expect(pagos[0].curso).toEqual({ titulo: 'TypeScript desde cero' });
    expect(pagos[0].factura).toBeNull();
  });

  it('applies the scope limit per parent, not to all children together', async () => {
    const cursos = await find('cursos', { where: { id: { inq: [ids.ts, ids.node] } }, include: [{ relation: 'clases', scope: { order: 'orden DESC', limit: 2 } }] });
    expect(cursos.find((c) => c.id === ids.ts)!.clases.map((c: any) => c.orden)).toEqual([4, 3]);
    expect(cursos.find((c) => c.id === ids.node)!.clases).toHaveLength(1);
  });
});

describe('where operators', () => {
  const titles = async (where: unknown) => (await find('cursos', { where: { and: [where, { id: { inq: [ids.ts, ids.node, ids.figma] } }] }, order: 'id' })).map((c) => c.titulo);
  const TS = 'TypeScript desde cero';
  const NODE = 'Node.js avanzado';
  const FIGMA = 'Figma_para 100% principiantes';

  it('eq, neq, gt, gte, lt, lte', async () => {
    expect(await titles({ precio: 4900 })).toEqual([TS]);
    expect(await titles({ precio: { eq: 9900 } })).toEqual([NODE]);
    expect(await titles({ precio: { neq: 4900 } })).toEqual([NODE, FIGMA]);
    expect(await titles({ precio: { gt: 4900 } })).toEqual([NODE]);
    expect(await titles({ precio: { gte: 4900 } })).toEqual([TS, NODE]);
    expect(await titles({ precio: { lt: 4900 } })).toEqual([FIGMA]);
    expect(await titles({ precio: { lte: 4900 } })).toEqual([TS, FIGMA]);
  });

  it('null means IS NULL; neq matches NULL rows as LoopBack does', async () => {
    expect(await titles({ descripcion: null })).toEqual([TS, NODE, FIGMA]);
    expect(await titles({ descripcion: { neq: null } })).toEqual([]);
    const pagos = await find('pagos', { where: { referencia: { neq: 'ch_A1' } }, order: 'id' });
    expect(pagos.map((p) => p.id)).toEqual([ids.p2, ids.p3]);
  });

  it('inq, nin, between', async () => {
    expect(await titles({ nivel: { inq: ['avanzado', 'intermedio'] } })).toEqual([NODE]);
    expect(await titles({ nivel: { inq: [] } })).toEqual([]);
    expect(await titles({ nivel: { nin: ['avanzado'] } })).toEqual([TS, FIGMA]);
    expect(await titles({ precio: { between: [1, 5000] } })).toEqual([TS]);
  });

  it('like is anchored and case-sensitive with % _ and \\ escapes; nlike negates', async () => {
    expect(await titles({ titulo: { like: 'Type%' } })).toEqual([TS]);
    expect(await titles({ titulo: { like: 'type%' } })).toEqual([]);
    expect(await titles({ titulo: { like: 'Script%' } })).toEqual([]);
    expect(await titles({ titulo: { like: 'Node_js%' } })).toEqual([NODE]);
    expect(await titles({ titulo: { like: '%100\\%%' } })).toEqual([FIGMA]);
    expect(await titles({ titulo: { like: 'Figma\\_%' } })).toEqual([FIGMA]);
    expect(await titles({ titulo: { like: 'Node\\_js%' } })).toEqual([]);
    expect(await titles({ titulo: { nlike: '%avanzado' } })).toEqual([TS, FIGMA]);
  });

  it('ilike and nilike ignore case, accented capitals included', async () => {
    expect(await titles({ titulo: { ilike: 'typescript%' } })).toEqual([TS]);
    expect(await titles({ titulo: { nilike: '%NODE%' } })).toEqual([TS, FIGMA]);
    const u = await find('usuarios', { where: { nombre: { ilike: 'ángela' } } });
    expect(u.map((x) => x.id)).toEqual([ids.zoe]);
    const a = await find('usuarios', { where: { apellidos: { ilike: '%ÁLVAREZ%' } } });
    expect(a.map((x) => x.id)).toEqual([ids.ana]);
  });

  it('regexp with and without the i flag', async () => {
    expect(await titles({ titulo: { regexp: '^T' } })).toEqual([TS]);
    expect(await titles({ titulo: { regexp: '^t' } })).toEqual([]);
    expect(await titles({ titulo: { regexp: '/^t/i' } })).toEqual([TS]);
    expect(await titles({ titulo: { regexp: 'avanzado$' } })).toEqual([NODE]);
  });

  it('and/or nest freely, and several operators on one field all apply', async () => {
    expect(await titles({ or: [{ precio: 0 }, { and: [{ nivel: 'avanzado' }, { estado: 'publicado' }] }] })).toEqual([NODE, FIGMA]);
    expect(await titles({ precio: { gt: 0, lt: 5000 } })).toEqual([TS]);
  });

  it('booleans and dates: a value read back filters to the same row', async () => {
    const inactive = await find('usuarios', { where: { activo: false } });
    expect(inactive.map((u) => u.id)).toEqual([ids.luis]);
    expect(inactive[0].activo).toBe(false);
    const p1 = (await t.call('GET', `/pagos/${ids.p1}`)).body;
    expect(p1.fecha).toBe('2026-01-10T10:00:00.123Z');
    expect((await find('pagos', { where: { fecha: p1.fecha } })).map((p) => p.id)).toEqual([ids.p1]);
    expect((await find('pagos', { where: { fecha: { gte: '2026-02-01', lt: '2026-03-06T00:00:00+01:00' } }, order: 'fecha' })).map((p) => p.id)).toEqual([ids.p2, ids.p3]);
  });
});

describe('PUT, PATCH and DELETE', () => {
  it('PUT replaces the record: omitted fields return to their default or null; a different id is 400', async () => {
    const c = await create('cursos', { titulo: 'Para reemplazar', precio: 100, descripcion: 'x', nivel: 'avanzado' });
    const res = await t.call('PUT', `/cursos/${c.id}`, { titulo: 'Reemplazado', precio: 200 });
    expect(res.status).toBe(204);
    expect(res.body).toBe('');
    const after = (await t.call('GET', `/cursos/${c.id}`)).body;
    expect(after).toMatchObject({ titulo: 'Reemplazado', precio: 200, descripcion: null, nivel: 'basico', createdAt: c.createdAt });
    expect((await t.call('PUT', `/cursos/${c.id}`, { id: c.id + 1, titulo: 'x', precio: 1 })).status).toBe(400);
    expect((await t.call('PUT', `/cursos/${c.id}`, { id: c.id, titulo: 'Con su id', precio: 1 })).status).toBe(204);
    expect((await t.call('PUT', '/cursos/999999', { titulo: 'x', precio: 1 })).status).toBe(404);
    expect((await t.call('PUT', `/cursos/${c.id}`, { precio: 1 })).status).toBe(422);
  });

  it('PATCH updates only what is sent; {} is 400; unknown id 404; invalid 422', async () => {
    const c = await create('cursos', { titulo: 'Para parchear', precio: 100, descripcion: 'se queda' });
    const res = await t.call('PATCH', `/cursos/${c.id}`, { precio: 300 });
    expect(res.status).toBe(204);
    const after = (await t.call('GET', `/cursos/${c.id}`)).body;
    expect(after).toMatchObject({ precio: 300, descripcion: 'se queda' });
    expect(after.updatedAt >= c.updatedAt).toBe(true);
    expect((await t.call('PATCH', `/cursos/${c.id}`, {})).status).toBe(400);
    expect((await t.call('PATCH', '/cursos/999999', { precio: 1 })).status).toBe(404);
    expect((await t.call('PATCH', `/cursos/${c.id}`, { precio: 'mucho' })).status).toBe(422);
    expect((await t.call('PATCH', `/cursos/${c.id}`, { titulo: null })).status).toBe(422);
  });

  it('PATCH /R?where= updates every match and answers the count', async () => {
    const res = await t.call('PATCH', `/clases?where=${q({ cursoId: ids.ts, orden: { gte: 3 } })}`, { estado: 'publicada' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 2 });
    expect((await t.call('GET', `/clases/count?where=${q({ estado: 'publicada' })}`)).body).toEqual({ count: 2 });
  });

  it('DELETE answers 204, then 404; a parent with children is 409 with a Spanish message and nothing is deleted', async () => {
    const c = await create('categorias', { nombre: 'Efímera' });
    expect((await t.call('DELETE', `/categorias/${c.id}`)).status).toBe(204);
    expect((await t.call('DELETE', `/categorias/${c.id}`)).status).toBe(404);
    const res = await t.call('DELETE', `/cursos/${ids.ts}`);
    expect(res.status).toBe(409);
    expect(error(res)).toMatchObject({ name: 'ConflictError' });
    // Its completed pagos granted their matrículas (issue 33), which keep it too.
    expect(error(res).message).toBe('No se puede borrar: el curso tiene 4 clases, 2 pagos, 2 matrículas');
    expect((await t.call('GET', `/cursos/${ids.ts}`)).status).toBe(200);
  });
});

describe('nested /cursos/{id}/clases and /usuarios/{id}/clases', () => {
  it('GET lists the parent’s children with the filter ANDed', async () => {
    const res = await t.call('GET', `/cursos/${ids.ts}/clases?filter=${q({ where: { orden: { lte: 2 } }, order: 'orden DESC' })}`);
    expect(res.status).toBe(200);
    expect(res.body.map((c: any) => c.orden)).toEqual([2, 1]);
    expect((await t.call('GET', '/cursos/999999/clases')).status).toBe(404);
  });

  it('POST sets the foreign key from the path; a different one is 400; unknown parent 404', async () => {
    const res = await t.call('POST', `/usuarios/${ids.ana}/clases`, { titulo: 'Tutoría privada' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ titulo: 'Tutoría privada', usuarioId: ids.ana, cursoId: null });
    expect((await t.call('POST', `/usuarios/${ids.ana}/clases`, { titulo: 'x', usuarioId: ids.luis })).status).toBe(400);
    expect((await t.call('POST', '/cursos/999999/clases', { titulo: 'x' })).status).toBe(404);
  });

  it('PATCH ?where= counts and cannot move children; DELETE ?where= counts', async () => {
    const patch = await t.call('PATCH', `/cursos/${ids.node}/clases`, { descripcion: 'Actualizada' });
    expect(patch.body).toEqual({ count: 1 });
    expect((await t.call('PATCH', `/cursos/${ids.node}/clases`, { cursoId: ids.ts })).status).toBe(400);
    await t.call('POST', `/usuarios/${ids.luis}/clases`, { titulo: 'Borrable 1' });
    await t.call('POST', `/usuarios/${ids.luis}/clases`, { titulo: 'Borrable 2' });
    const del = await t.call('DELETE', `/usuarios/${ids.luis}/clases?where=${q({ titulo: { like: 'Borrable%' } })}`);
    expect(del.body).toEqual({ count: 2 });
  });
});

describe('domain rules', () => {
  it('facturas: cuotaIva and total are computed by the server and cannot be sent', async () => {
    const f = await create('facturas', { serie: 'A', usuarioId: ids.ana, concepto: 'Curso TypeScript', base: 4050, tipoIva: 21 });
    expect(f).toMatchObject({ base: 4050, tipoIva: 21, cuotaIva: 851, total: 4901, estado: 'borrador', numero: null, tipo: 'F2' });
    await t.call('PATCH', `/facturas/${f.id}`, { tipoIva: 10 });
    expect((await t.call('GET', `/facturas/${f.id}`)).body).toMatchObject({ cuotaIva: 405, total: 4455 });
    expect((await t.call('POST', '/facturas', { serie: 'A', usuarioId: ids.ana, concepto: 'x', base: 100, tipoIva: 21, total: 1 })).status).toBe(422);
    expect((await t.call('POST', '/facturas', { serie: 'A', usuarioId: ids.ana, concepto: 'x', base: 100, tipoIva: 7 })).status).toBe(422);
  });

  it('logs are append-only, and the server says who wrote them', async () => {
    const log = await create('logs', { tipo: 'BACK-LOGIN', fecha: new Date().toISOString(), datos: 'admin' });
    expect(log.loginId).toBeTypeOf('number');
    expect(log.ip).toBeTruthy();
    for (const [method, url] of [['PUT', `/logs/${log.id}`], ['PATCH', `/logs/${log.id}`], ['DELETE', `/logs/${log.id}`], ['PATCH', '/logs']] as const) {
      const res = await t.call(method, url, method === 'DELETE' ? undefined : { tipo: 'X', fecha: new Date().toISOString() });
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(error(res).name).toBe('ForbiddenError');
    }
    expect((await t.call('POST', '/logs', { tipo: 'X', fecha: new Date().toISOString(), loginId: 5 })).status).toBe(422);
  });

  it('every successful mutation writes an activity row with who, what and which', async () => {
    const c = await create('categorias', { nombre: 'Auditada' });
    await t.call('PATCH', `/categorias/${c.id}`, { orden: 9 });
    await t.call('DELETE', `/categorias/${c.id}`);
    const rows = await find('logs', { where: { recurso: 'categorias', recursoId: c.id }, order: 'id' });
    expect(rows.map((r) => r.tipo)).toEqual(['CREATE', 'UPDATE', 'DELETE']);
    expect(rows.every((r) => typeof r.loginId === 'number' && r.fecha)).toBe(true);
    const failed = await t.call('POST', '/categorias', { nombre: '' });
    expect(failed.status).toBe(422);
  });

  it('logins: the password is stored hashed and never returned nor filterable', async () => {
    const res = await t.call('POST', '/logins', { usuario: 'lucia', pass: 'secreto-de-lucia', nombre: 'Lucía' });
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('pass');
    const stored = await t.db('logins').where('usuario', 'lucia').first();
    expect(stored.pass).toMatch(/^scrypt\$/);
    for (const url of [`/logins/${res.body.id}`, '/logins', `/logins?filter=${q({ include: ['logs'] })}`, `/logs?filter=${q({ include: ['login'] })}`]) {
      expect(JSON.stringify((await t.call('GET', url)).body), url).not.toMatch(/scrypt|secreto|"pass"/);
    }
    expect((await t.call('GET', `/logins?filter=${q({ where: { pass: 'x' } })}`)).status).toBe(400);
    expect((await t.call('GET', `/logins?filter=${q({ fields: ['pass'] })}`)).status).toBe(400);
    expect((await t.call('GET', `/logins?filter=${q({ order: 'pass' })}`)).status).toBe(400);
    const login = await t.call('POST', '/logins/login', { usuario: 'lucia', pass: 'secreto-de-lucia' }, { cookie: '' });
    expect(login.status).toBe(200);
    await t.call('PATCH', `/logins/${res.body.id}`, { nombre: 'Lucía G.' });
    expect((await t.call('POST', '/logins/login', { usuario: 'lucia', pass: 'secreto-de-lucia' }, { cookie: '' })).status).toBe(200);
  });
});

describe('operations', () => {
  it('serves /ping, /health and an OpenAPI document of every resource', async () => {
    expect((await t.call('GET', '/ping', undefined, { cookie: '' })).status).toBe(200);
    expect((await t.call('GET', '/health', undefined, { cookie: '' })).body).toEqual({ status: 'ok', baseDeDatos: 'ok', almacen: 'ok' });
    const doc = (await t.call('GET', '/openapi.json', undefined, { cookie: '' })).body;
    expect(doc.openapi).toMatch(/^3\./);
    for (const r of Object.keys(resources)) {
      expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([`/${r}`, `/${r}/count`, `/${r}/{id}`]));
    }
    expect(doc.paths['/cursos/{id}/clases']).toBeDefined();
    expect(doc.components.schemas.Login.properties).not.toHaveProperty('pass');
    const explorer = await t.app.inject({ method: 'GET', url: '/explorer/' });
    expect(explorer.statusCode).toBe(200);
    expect(explorer.body).toContain('swagger');
  });

  it('documents every informe with the parameters it accepts, and those alone', async () => {
    const doc = (await t.call('GET', '/openapi.json', undefined, { cookie: '' })).body;
    const informes = Object.keys(doc.paths).filter((p) => p.startsWith('/informes/'));
    expect(informes.sort()).toEqual(declarados.map((i) => `/informes/${i.nombre}`).sort());
    const ejemplo: Record<string, string> = { desde: '2026-01-01', hasta: '2026-01-31', agrupacion: 'semana', dias: '3' };
    for (const path of informes) {
      const { parameters } = doc.paths[path].get as { parameters: { name: string }[] };
      const query = new URLSearchParams(parameters.map(({ name }) => [name, ejemplo[name]]));
      const res = await t.call('GET', `${path}?${query}`);
      expect(res.status, `${path}?${query}`).toBe(200);
      expect((await t.call('GET', `${path}?${query}&otro=1`)).status).toBe(400);
    }
  });

  it('bounds every integer a client sends to what the databases store, and refuses one past it with a 4xx', async () => {
    // Issue 29 item 16: a restore's version ≥ 2³¹ reached a PostgreSQL integer column and was a
    // 500. Every route's documented body and parameters are its validation's own schemas.
    const doc = (await t.call('GET', '/openapi.json', undefined, { cookie: '' })).body;
    const resolver = (s: any): any => (s?.$ref ? resolver(doc.components.schemas[s.$ref.split('/').pop()]) : s);
    const esEntero = (s: any) => s?.type === 'integer' || (Array.isArray(s?.type) && s.type.includes('integer'));
    const sinTope: string[] = [];
    const enteros: { path: string; method: string; campo: string }[] = [];
    for (const [path, operaciones] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(operaciones)) {
        for (const p of op.parameters ?? []) if (esEntero(p.schema) && !(p.schema.maximum <= 2 ** 31 - 1)) sinTope.push(`${method} ${path} ${p.name}`);
        const cuerpo = resolver(op.requestBody?.content?.['application/json']?.schema);
        for (const [campo, prop] of Object.entries<any>(cuerpo?.properties ?? {})) {
          const s = resolver(prop.type === 'array' ? prop.items : prop);
          if (!esEntero(s) || s.readOnly || s.enum) continue;
          if (!(s.maximum <= 2 ** 31 - 1)) sinTope.push(`${method} ${path} ${campo}`);
          enteros.push({ path, method, campo: prop.type === 'array' ? `${campo}[]` : campo });
        }
      }
    }
    expect(sinTope).toEqual([]);
    expect(enteros.length).toBeGreaterThan(20);
    // And each is refused, on either database, before it reaches one.
    const fallos: string[] = [];
    for (const { path, method, campo } of enteros) {
      const nombre = campo.replace('[]', '');
      const valor = campo.endsWith('[]') ? [2 ** 31] : 2 ** 31;
      const url = path.replace('{id}', String(ids.ts));
      const res = await t.call(method.toUpperCase(), url, { [nombre]: valor });
      if (res.status < 400 || res.status >= 500) fallos.push(`${method} ${path} ${campo}: ${res.status}`);
    }
    expect(fallos).toEqual([]);
  });

  it('answers an unknown route with 404 in the envelope', async () => {
    const res = await t.call('GET', '/no-existe');
    expect(res.status).toBe(404);
    expect(error(res).statusCode).toBe(404);
  });
});
