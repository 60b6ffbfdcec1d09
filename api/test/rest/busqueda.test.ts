// The admin's search box on the API: every word must appear, accents and case
// aside, in some search field, and a pago's search fields include who paid and for what course
// (`usuario.apellidos`, `curso.titulo`: the registry's relation paths). On SQLite and, with
// TEST_DATABASE_URL, PostgreSQL; the wheres are built as the admin builds them (every word in an
// `or` over the registry's searchFields).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPg } from '../../src/db/index.js';
import { foldTexto } from '../../src/db/pliegue.js';
import { mensajes } from '../../src/mensajes.js';
import { resources } from '../../src/resources/index.js';
import { whereDeBusqueda } from '../../../contrato/busqueda.js';
import { MAX_IDS } from '../../src/rest/busqueda.js';
import { createTestApp, type TestApp } from '../support/app.js';

let t: TestApp;
const ids: Record<string, number> = {};
const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));
const ts = '2026-01-10T09:00:00.000Z';
const base = { createdAt: ts, updatedAt: ts };

/** The where the admin's search box sends, over the registry's fields. */
const busqueda = (resource: string, texto: string) => whereDeBusqueda(resources[resource].searchFields, texto)!;

async function lista(resource: string, texto: string, extra: object = {}) {
  const res = await t.call('GET', `/${resource}?filter=${q({ where: busqueda(resource, texto), order: 'id ASC', limit: 1000, ...extra })}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Record<string, any>[];
}
const idsDe = async (resource: string, texto: string) => (await lista(resource, texto)).map((r) => r.id);

async function insert(table: string, row: Record<string, unknown>) {
  const [r] = await t.db(table).insert({ ...base, ...row }).returning('id');
  return Number(typeof r === 'object' ? r.id : r);
}

beforeAll(async () => {
  t = await createTestApp();
  ids.python = await insert('cursos', { titulo: 'Python para análisis de datos', precio: 4900 });
  ids.guitarra = await insert('cursos', { titulo: 'Guitarra española', precio: 2900 });
  ids.garcia = await insert('usuarios', { nombre: 'Lucía', apellidos: 'García Caballero', email: 'lucia@example.es', activo: true });
  ids.nunez = await insert('usuarios', { nombre: 'Íñigo', apellidos: 'Núñez', email: 'inigo@example.es', activo: true });
  ids.nunezSin = await insert('usuarios', { nombre: 'Pedro', apellidos: 'Nunez', email: 'pedro@example.es', activo: true });
  ids.ana = await insert('usuarios', { nombre: 'Ana', apellidos: 'Ortiz', email: 'ana.ortiz@example.es', activo: true });
  const pago = (usuarioId: number, cursoId: number | null, extra: Record<string, unknown> = {}) =>
    insert('pagos', { usuarioId, cursoId, importe: 4900, moneda: 'EUR', metodo: 'tarjeta', estado: 'completado', fecha: ts, ...extra });
  ids.pGarciaPython = await pago(ids.garcia, ids.python, { referencia: 'ch_AAA111' });
  ids.pGarciaGuitarra = await pago(ids.garcia, ids.guitarra);
  ids.pNunez = await pago(ids.nunez, ids.guitarra);
  ids.pNunezSin = await pago(ids.nunezSin, null);
  ids.pAnaPython = await pago(ids.ana, ids.python, { notas: 'Pagó con la tarjeta de su empresa (Caballería S.L.)' });
  ids.pAna = await pago(ids.ana, ids.guitarra, { referencia: 'BZM-GARCIA-7' });
  if (isPg(t.db)) await t.db.raw('ANALYZE');
});

afterAll(() => t?.destroy());

describe('the search folds accents and case on every resource', () => {
  it('usuarios: «garcia» finds García, «nuñez», «nunez» and «NÚÑEZ» find Núñez and Nunez alike', async () => {
    expect(await idsDe('usuarios', 'garcia')).toEqual([ids.garcia]);
    for (const texto of ['nuñez', 'nunez', 'NÚÑEZ', 'Nuñ']) expect(await idsDe('usuarios', texto), texto).toEqual([ids.nunez, ids.nunezSin]);
    expect(await idsDe('usuarios', 'inigo')).toEqual([ids.nunez]);
  });

  it('cursos: «analisis» finds «análisis», «ESPAÑOLA» finds «española»', async () => {
    expect(await idsDe('cursos', 'analisis')).toEqual([ids.python]);
    expect(await idsDe('cursos', 'ESPAÑOLA')).toEqual([ids.guitarra]);
  });

  it('ilike itself ignores accents; like stays exact', async () => {
    const count = async (where: object) => (await t.call('GET', `/usuarios/count?where=${q(where)}`)).body.count;
    expect(await count({ apellidos: { ilike: 'garcia%' } })).toBe(1);
    expect(await count({ apellidos: { nilike: '%nunez%' } })).toBe(2);
    expect(await count({ apellidos: { like: 'Garcia%' } })).toBe(0);
  });

  it('folds the same on both databases: pliegue() in SQL is foldTexto() in JavaScript', async () => {
    const textos = ['García', 'NÚÑEZ', 'Ångström', 'Çà et là', 'Łódź', 'Straße', 'ÀÉÎÕÜ ÿ', 'й ё', 'άλφα', '한국어', 'e\u0301', 'Ǖ', 'İstanbul', 'ABC-123'];
    for (const texto of textos) {
      const rows = isPg(t.db) ? (await t.db.raw('SELECT pliegue(?) AS p', [texto])).rows : await t.db.raw('SELECT pliegue(?) AS p', [texto]);
      expect(rows[0].p, texto).toBe(foldTexto(texto));
    }
    expect(foldTexto('García Núñez')).toBe('garcia nunez');
    expect(foldTexto('й ά 한')).toBe('й ά 한');
  });
});

describe('pagos are found by their student and their course', () => {
  it('by the student’s surname, with or without its accents', async () => {
    const garcia = [ids.pGarciaPython, ids.pGarciaGuitarra, ids.pAna];
    expect(await idsDe('pagos', 'garcía')).toEqual(garcia);
    expect(await idsDe('pagos', 'GARCIA')).toEqual(garcia);
    expect(await idsDe('pagos', 'nuñez')).toEqual([ids.pNunez, ids.pNunezSin]);
  });

  it('by the student’s first name and email', async () => {
    expect(await idsDe('pagos', 'lucia')).toEqual([ids.pGarciaPython, ids.pGarciaGuitarra]);
    expect(await idsDe('pagos', 'ana.ortiz@')).toEqual([ids.pAnaPython, ids.pAna]);
  });

  it('by the course title', async () => {
    expect(await idsDe('pagos', 'analisis de datos')).toEqual([ids.pGarciaPython, ids.pAnaPython]);
  });

  it('still by its referencia and notas', async () => {
    expect(await idsDe('pagos', 'aaa111')).toEqual([ids.pGarciaPython]);
    expect(await idsDe('pagos', 'caballeria')).toEqual([ids.pAnaPython]);
  });

  it('every word somewhere, across fields and tables', async () => {
    expect(await idsDe('pagos', 'lucia python')).toEqual([ids.pGarciaPython]);
    expect(await idsDe('pagos', 'caballero guitarra')).toEqual([ids.pGarciaGuitarra]);
    // «garcia» in the referencia, «ortiz» in the usuario: still every word, in different tables.
    expect(await idsDe('pagos', 'garcia ortiz')).toEqual([ids.pAna]);
  });

  it('no false positives: a word found nowhere finds nothing, whatever the other words find', async () => {
    expect(await idsDe('pagos', 'caballerosidad')).toEqual([]);
    expect(await idsDe('pagos', 'lucia ortiz')).toEqual([]);
    expect(await idsDe('pagos', 'python guitarra')).toEqual([]);
    // A pago without a course is not found by a course word, and its usuario's other pagos are not dragged in.
    expect(await idsDe('pagos', 'pedro guitarra')).toEqual([]);
  });

  it('wildcards typed in the box are text', async () => {
    expect(await idsDe('pagos', '%')).toEqual([]);
    expect(await idsDe('pagos', 'ch_')).toEqual([ids.pGarciaPython]);
  });

  it('counts, pages in order and exports what it lists', async () => {
    const where = busqueda('pagos', 'garcia');
    expect((await t.call('GET', `/pagos/count?where=${q(where)}`)).body).toEqual({ count: 3 });
    expect((await t.call('GET', `/pagos/count?where=${q(where)}`, undefined, { headers: { prefer: 'count=estimated' } })).body).toEqual({ count: 3 });
    const pagina = await lista('pagos', 'garcia', { order: 'id DESC', limit: 2, skip: 1 });
    expect(pagina.map((p) => p.id)).toEqual([ids.pGarciaGuitarra, ids.pGarciaPython]);
    const csv = await t.call('GET', `/pagos.csv?filter=${q({ where, order: 'id ASC' })}`);
    expect(csv.status).toBe(200);
    expect(String(csv.body).trim().split('\r\n')).toHaveLength(1 + 3);
  });

  it('finds a pago by its new referencia once changed, and no longer by the old one', async () => {
    const id = await insert('pagos', { usuarioId: ids.ana, importe: 100, moneda: 'EUR', metodo: 'bizum', estado: 'pendiente', fecha: ts, referencia: 'VIEJA-XYZ' });
    expect(await idsDe('pagos', 'vieja-xyz')).toEqual([id]);
    expect((await t.call('PATCH', `/pagos/${id}`, { referencia: 'NUEVA-QWE' })).status).toBe(204);
    expect(await idsDe('pagos', 'vieja-xyz')).toEqual([]);
    expect(await idsDe('pagos', 'nueva-qwe')).toEqual([id]);
    expect((await t.call('DELETE', `/pagos/${id}`)).status).toBe(204);
    expect(await idsDe('pagos', 'nueva-qwe')).toEqual([]);
  });
});

describe('a where through a relation', () => {
  it('is any condition on the row a belongsTo relation points at', async () => {
    const where = { 'usuario.nombre': 'Lucía', 'curso.precio': { gt: 3000 } };
    expect((await lista('pagos', 'x', { where })).map((p) => p.id)).toEqual([ids.pGarciaPython]);
  });

  it('is a 400 in Spanish for a hasMany, an unknown relation, an unknown or hidden field', async () => {
    const refused = async (where: object, message: string) => {
      const res = await t.call('GET', `/pagos?filter=${q({ where })}`);
      expect(res.status, JSON.stringify(where)).toBe(400);
      expect(res.body.error.message).toBe(message);
    };
    await refused({ 'nadie.nombre': 'x' }, mensajes.filtro.rutaNoAdmitida('nadie.nombre'));
    await refused({ 'usuario.color': 'x' }, mensajes.filtro.campoDesconocido('color'));
    const logs = await t.call('GET', `/logs?filter=${q({ where: { 'login.pass': 'admin' } })}`);
    expect(logs.status).toBe(400);
    expect(logs.body.error.message).toBe(mensajes.filtro.campoDesconocido('pass'));
    const hasMany = await t.call('GET', `/usuarios?filter=${q({ where: { 'pagos.importe': 4900 } })}`);
    expect(hasMany.status).toBe(400);
    expect(hasMany.body.error.message).toBe(mensajes.filtro.rutaNoAdmitida('pagos.importe'));
  });
});

describe('a common word and a big table', () => {
  // Past MAX_IDS usuarios a word is checked pago by pago; past MAX_RECOGIDAS pagos SQLite reads
  // in the page's order. Both paths must list the same rows as the small ones.
  const USUARIOS = MAX_IDS + 50;
  let comunes: number[];

  beforeAll(async () => {
    const filas = Array.from({ length: USUARIOS }, (_, i) => ({ ...base, nombre: `Común ${i}`, apellidos: 'Sánchez', email: `comun${i}@example.es`, activo: true }));
    for (let i = 0; i < filas.length; i += 200) await t.db('usuarios').insert(filas.slice(i, i + 200));
    const primeros = (await t.db('usuarios').where('apellidos', 'Sánchez').orderBy('id').select('id')).map((r) => Number(r.id));
    // The newest pagos of a few of them, with dates spread so the page's order is the date's.
    const pagos = primeros.slice(0, 40).map((usuarioId, i) => ({
      ...base,
      usuarioId,
      cursoId: i % 2 ? ids.python : ids.guitarra,
      importe: 100,
      moneda: 'EUR',
      metodo: 'bizum',
      estado: 'completado',
      fecha: new Date(Date.UTC(2026, 2, 1) + i * 3_600_000).toISOString(),
    }));
    await t.db('pagos').insert(pagos);
    comunes = (await t.db('pagos').whereIn('usuarioId', primeros).orderBy([{ column: 'fecha', order: 'desc' }, { column: 'id', order: 'desc' }]).select('id')).map((r) => Number(r.id));
    if (isPg(t.db)) await t.db.raw('ANALYZE');
  });

  it('a word that matches more usuarios than are looked up by id pages by fecha, newest first', async () => {
    const pagina = await lista('pagos', 'sanchez', { order: 'fecha DESC', limit: 25 });
    expect(pagina.map((p) => p.id)).toEqual(comunes.slice(0, 25));
    const count = await t.call('GET', `/pagos/count?where=${q(busqueda('pagos', 'SÁNCHEZ'))}`);
    expect(count.body).toEqual({ count: comunes.length });
  });

  it('combined with a word of the course, only the pagos with both', async () => {
    const pagina = await lista('pagos', 'sanchez python', { order: 'fecha DESC', limit: 25 });
    const python = (await t.db('pagos').whereIn('id', comunes).andWhere('cursoId', ids.python).select('id')).map((r) => Number(r.id));
    expect(pagina.map((p) => p.id).sort((a, b) => a - b)).toEqual(python.sort((a, b) => a - b));
  });
});
