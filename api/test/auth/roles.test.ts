// What each role may do, on every kind of route: a matrix generated from each entity's `acceso`
// declaration (that the API does what it declares), and a hand-written table of the cases that
// matter to a business (that what it declares is what the business asked for), which does not
// read the declaration at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Resource, type Rol } from '../../src/base/types.js';
import { resources } from '../../src/resources/index.js';
import { informes } from '../../src/informes/definiciones/index.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { cuentaCon, tokenCon, type Cuenta } from '../support/cuentas.js';

let t: TestApp;
const cuentas = {} as Record<Rol, Cuenta>;
const NADIE = 999_999;

beforeAll(async () => {
  t = await createTestApp();
  // The shop's role is a machine's: an API token, never a person's account.
  for (const rol of ROLES) cuentas[rol] = rol === 'tienda' ? await tokenCon(t, rol) : await cuentaCon(t, rol);
}, 60_000);
afterAll(() => t.destroy());

type Op = 'leer' | 'crear' | 'escribir';
interface Caso {
  ruta: string;
  method: string;
  url: string;
  body?: unknown;
  /** What the role needs on `recurso` (and, nested, on `padre` to read it). */
  op: Op;
  recurso: Resource;
  padre?: Resource;
}

/** Every kind of route of every entity, from the registry. */
function casos(): Caso[] {
  const out: Caso[] = [];
  for (const r of Object.values(resources)) {
    const b = `/${r.name}`;
    out.push(
      { ruta: 'lista', method: 'GET', url: b, op: 'leer', recurso: r },
      { ruta: 'recuento', method: 'GET', url: `${b}/count`, op: 'leer', recurso: r },
      { ruta: 'por id', method: 'GET', url: `${b}/${NADIE}`, op: 'leer', recurso: r },
      { ruta: 'CSV', method: 'GET', url: `${b}.csv`, op: 'leer', recurso: r },
      { ruta: 'alta', method: 'POST', url: b, body: {}, op: 'crear', recurso: r },
      { ruta: 'reemplazo', method: 'PUT', url: `${b}/${NADIE}`, body: {}, op: 'escribir', recurso: r },
      { ruta: 'cambio', method: 'PATCH', url: `${b}/${NADIE}`, body: {}, op: 'escribir', recurso: r },
      { ruta: 'cambio masivo', method: 'PATCH', url: `${b}?where=${encodeURIComponent(JSON.stringify({ id: NADIE }))}`, body: {}, op: 'escribir', recurso: r },
      { ruta: 'borrado', method: 'DELETE', url: `${b}/${NADIE}`, op: 'escribir', recurso: r },
    );
    if (r.audited) {
      out.push(
        { ruta: 'historial', method: 'GET', url: `${b}/${NADIE}/historial`, op: 'leer', recurso: r },
        { ruta: 'restaurar', method: 'POST', url: `${b}/${NADIE}/restaurar`, body: { version: 1 }, op: 'escribir', recurso: r },
      );
    }
    for (const [nombre, a] of Object.entries(r.actions)) out.push({ ruta: `acción ${nombre}`, method: a.method, url: `${b}/${NADIE}/${a.path}`, body: {}, op: 'escribir', recurso: r });
    for (const [nombre, l] of Object.entries(r.reads)) out.push({ ruta: `lectura ${nombre}`, method: 'GET', url: l.collection ? `${b}/${l.path}` : `${b}/${NADIE}/${l.path}`, op: 'leer', recurso: r });
    for (const [nombre, rel] of Object.entries(r.relations)) {
      if (rel.type !== 'hasMany' || !rel.nested) continue;
      const hijo = resources[rel.target];
      const u = `${b}/${NADIE}/${nombre}`;
      out.push(
        { ruta: `anidada ${nombre}`, method: 'GET', url: u, op: 'leer', recurso: hijo, padre: r },
        { ruta: `anidada ${nombre} alta`, method: 'POST', url: u, body: {}, op: 'crear', recurso: hijo, padre: r },
        { ruta: `anidada ${nombre} cambio`, method: 'PATCH', url: u, body: {}, op: 'escribir', recurso: hijo, padre: r },
        { ruta: `anidada ${nombre} borrado`, method: 'DELETE', url: u, op: 'escribir', recurso: hijo, padre: r },
      );
    }
  }
  return out;
}

const puede = (r: Resource, rol: Rol, op: Op) => {
  const p = r.acceso[rol];
  return Boolean(p?.leer) && (op === 'leer' || (op === 'crear' ? Boolean(p?.escribir) : p?.escribir === true));
};

const matriz = ROLES.flatMap((rol) => casos().map((c) => ({ rol, ...c, permitido: puede(c.recurso, rol, c.op) && (!c.padre || puede(c.padre, rol, 'leer')) })));

describe('the declaration is what the API does', () => {
  it(`covers every route kind of every entity for every role (${matriz.length} requests)`, () => {
    expect(matriz.length).toBeGreaterThan(ROLES.length * Object.keys(resources).length * 9);
  });

  // Some writes every role is refused by the entity's own rules (a log is never changed, a
  // registro only the server writes): those are 403 too, with their own reason.
  const porRol = /^(Tu cuenta \((Administrador|Contable|Editor|Tienda)\)|Solo tienes acceso)/;

  it.each(matriz.map((c) => [c.rol, c.method, c.url, c.permitido ? 'permitido' : 'denegado', c] as const))('%s %s %s: %s', async (rol, method, url, _que, c) => {
    const res = await cuentas[rol].call(method, url, c.body);
    if (c.permitido) {
      if (res.status === 403) expect(res.body.error.message).not.toMatch(porRol);
    } else {
      expect(res.status).toBe(403);
      expect(res.body.error.message).toMatch(porRol);
    }
  });
});

describe('what the business asked for (hand-written, not read from the declaration)', () => {
  const tabla: [Rol, string, string, boolean][] = [
    // The contable handles the money and reads the catalogue.
    ['contable', 'GET', '/pagos', true],
    ['contable', 'GET', '/facturas', true],
    ['contable', 'POST', `/facturas/${NADIE}/emitir`, true],
    ['contable', 'POST', `/pagos/${NADIE}/reembolsar`, true],
    ['contable', 'GET', '/registros/verificar', true],
    ['contable', 'GET', '/verifactu/estado', true],
    ['contable', 'GET', '/informes/resumen', true],
    ['contable', 'GET', '/clases', true],
    ['contable', 'POST', '/clases', false],
    ['contable', 'PATCH', `/cursos/${NADIE}`, false],
    ['contable', 'POST', '/subidas', false],
    ['contable', 'PATCH', `/usuarios/${NADIE}`, true],
    ['contable', 'GET', '/logins', true],
    ['contable', 'POST', '/logins', false],
    // The editor makes the content and never touches money or personal data.
    ['editor', 'GET', '/pagos', false],
    ['editor', 'GET', '/pagos/count', false],
    ['editor', 'GET', '/pagos.csv', false],
    ['editor', 'GET', '/facturas', false],
    ['editor', 'GET', `/facturas/${NADIE}/pdf`, false],
    ['editor', 'POST', `/facturas/${NADIE}/emitir`, false],
    ['editor', 'POST', `/pagos/${NADIE}/reembolsar`, false],
    ['editor', 'GET', '/registros', false],
    ['editor', 'GET', '/verifactu/estado', false],
    ['editor', 'POST', '/verifactu/reintentar', false],
    ['editor', 'GET', '/informes/resumen', false],
    ['editor', 'GET', '/informes/ingresos', false],
    ['editor', 'POST', '/clases', true],
    ['editor', 'POST', '/subidas', true],
    ['editor', 'PUT', `/cursos/${NADIE}/clases/orden`, true],
    ['editor', 'GET', '/usuarios', true],
    ['editor', 'PATCH', `/usuarios/${NADIE}`, false],
    ['editor', 'POST', '/logins', false],
    ['editor', 'PATCH', `/logins/${NADIE}`, false],
    // Only an administrador manages accounts and reads everyone's activity.
    ['administrador', 'POST', '/logins', true],
    ['administrador', 'GET', '/pagos', true],
    ['administrador', 'POST', '/clases', true],
    // Background work shows every part's failures and retries work on data others do not see.
    ['administrador', 'GET', '/trabajos', true],
    ['contable', 'GET', '/trabajos', false],
    ['contable', 'POST', `/trabajos/${NADIE}/reintentar`, false],
    ['editor', 'GET', '/trabajos', false],
    // The shop (an API token): its catalogue, its customers by email, its own pagos; nothing else.
    ['tienda', 'GET', '/cursos', true],
    ['tienda', 'GET', '/categorias', true],
    ['tienda', 'POST', '/usuarios', true],
    ['tienda', 'PATCH', `/usuarios/${NADIE}`, false],
    ['tienda', 'POST', '/pagos', true],
    ['tienda', 'GET', '/pagos', true],
    ['tienda', 'PATCH', `/pagos/${NADIE}`, false],
    ['tienda', 'POST', `/pagos/${NADIE}/reembolsar`, false],
    ['tienda', 'POST', `/pagos/${NADIE}/facturar`, false],
    ['tienda', 'GET', '/facturas', false],
    ['tienda', 'GET', '/informes/resumen', false],
    ['tienda', 'GET', '/logins', false],
    ['tienda', 'GET', '/logs', false],
    ['tienda', 'GET', '/tokens', false],
    ['tienda', 'GET', '/clases', false],
    ['tienda', 'POST', '/cursos', false],
    ['tienda', 'GET', '/trabajos', false],
    ['tienda', 'GET', '/verifactu/estado', false],
  ];

  it.each(tabla)('%s %s %s: allowed %s', async (rol, method, url, permitido) => {
    // An upload speaks tus: without its header it is refused (412) before anyone asks who sends it.
    const tus = url.startsWith('/subidas');
    const res = await cuentas[rol].call(method, url, method === 'GET' || method === 'DELETE' || tus ? undefined : {}, tus ? { 'tus-resumable': '1.0.0', 'upload-length': '10' } : undefined);
    if (permitido) expect(res.status, JSON.stringify(res.body)).not.toBe(403);
    else expect(res.status).toBe(403);
  });

  it('reports a role may read are not there for the editor nor the shop, whichever report', async () => {
    for (const { nombre } of informes) {
      expect((await cuentas.editor.call('GET', `/informes/${nombre}`)).status, nombre).toBe(403);
      expect((await cuentas.tienda.call('GET', `/informes/${nombre}`)).status, nombre).toBe(403);
      expect((await cuentas.contable.call('GET', `/informes/${nombre}`)).status, nombre).not.toBe(403);
    }
  });
});

describe("an editor and the usuarios' personal data", () => {
  let usuarioId: number;
  let claseId: number;

  beforeAll(async () => {
    const u = await t.call('POST', '/usuarios', { nombre: 'Marta', apellidos: 'Gil', email: 'marta@example.com', nif: '12345678Z', telefono: '600000000', direccion: 'Calle Mayor 1' });
    usuarioId = u.body.id;
    const c = await t.call('POST', '/clases', { titulo: 'Clase privada de Marta', usuarioId });
    expect(c.status).toBe(200);
    claseId = c.body.id;
  });

  const soloNombre = (u: Record<string, unknown>) => expect(Object.keys(u).sort()).toEqual(['apellidos', 'email', 'id', 'nombre']);

  it('never receives a hidden field: list, by id, include, nested, CSV', async () => {
    const e = cuentas.editor;
    const lista = await e.call('GET', '/usuarios');
    expect(lista.status).toBe(200);
    for (const u of lista.body) soloNombre(u);
    soloNombre((await e.call('GET', `/usuarios/${usuarioId}`)).body);
    const conUsuario = await e.call('GET', `/clases/${claseId}?filter=${encodeURIComponent(JSON.stringify({ include: ['usuario'] }))}`);
    expect(conUsuario.status).toBe(200);
    soloNombre(conUsuario.body.usuario);
    const anidada = await e.call('GET', `/usuarios/${usuarioId}/clases`);
    expect(anidada.status).toBe(200);
    expect(anidada.body.map((c: { id: number }) => c.id)).toEqual([claseId]);
    const csv = await e.call('GET', '/usuarios.csv');
    expect(csv.status).toBe(200);
    expect(csv.body).toContain('Marta');
    expect(csv.body).not.toContain('12345678Z');
    expect(csv.body).not.toContain('600000000');
    expect(csv.body.split('\n')[0]).not.toMatch(/NIF|Teléfono|Dirección/);
    // What the administrador sees of the same row, so the checks above are not vacuous.
    expect((await t.call('GET', `/usuarios/${usuarioId}`)).body.nif).toBe('12345678Z');
  });

  it.each([
    ['where', { where: { nif: '12345678Z' } }],
    ['where inside or', { where: { or: [{ nombre: 'x' }, { telefono: { like: '600%' } }] } }],
    ['order', { order: ['nif ASC'] }],
    ['fields', { fields: ['id', 'direccion'] }],
    ['include of pagos', { include: ['pagos'] }],
  ])('cannot ask by a hidden field or a hidden entity (%s): 403, no oracle', async (_que, filter) => {
    const res = await cuentas.editor.call('GET', `/usuarios?filter=${encodeURIComponent(JSON.stringify(filter))}`);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toMatch(/Editor/);
  });

  it('cannot count or export by a hidden field either', async () => {
    const where = encodeURIComponent(JSON.stringify({ nif: '12345678Z' }));
    expect((await cuentas.editor.call('GET', `/usuarios/count?where=${where}`)).status).toBe(403);
    expect((await cuentas.editor.call('GET', `/usuarios.csv?filter=${encodeURIComponent(JSON.stringify({ where: { nif: '12345678Z' } }))}`)).status).toBe(403);
  });

  it('cannot reach pagos through a usuario they may read', async () => {
    const res = await cuentas.editor.call('GET', `/clases?filter=${encodeURIComponent(JSON.stringify({ include: [{ relation: 'usuario', scope: { include: ['pagos'] } }] }))}`);
    expect(res.status).toBe(403);
  });
});

describe('their own rows only', () => {
  it('a contable or an editor reads only their own account, and only their own activity', async () => {
    for (const rol of ['contable', 'editor'] as const) {
      const c = cuentas[rol];
      const logins = await c.call('GET', '/logins');
      expect(logins.status).toBe(200);
      expect(logins.body.map((l: { id: number }) => l.id)).toEqual([c.id]);
      expect((await c.call('GET', '/logins/count')).body.count).toBe(1);
      expect((await c.call('GET', `/logins/${c.id}`)).status).toBe(200);
      const otro = await c.call('GET', `/logins/${cuentas.administrador.id}`);
      expect(otro.status).toBe(403);
      expect(otro.body.error.message).toBe('Solo tienes acceso a los administradores de tu propia cuenta');
      const logs = await c.call('GET', '/logs');
      expect(logs.status).toBe(200);
      expect(logs.body.length).toBeGreaterThan(0);
      for (const l of logs.body) expect(l.loginId).toBe(c.id);
    }
    // The administrador reads everyone's.
    const todos = await cuentas.administrador.call('GET', '/logs');
    expect(new Set(todos.body.map((l: { loginId: number }) => l.loginId)).size).toBeGreaterThan(1);
  });
});

describe('a refused write', () => {
  it('is in the activity log: who, what, from where and why', async () => {
    // An account of its own: the matrix above was refused on this route too, in the same window.
    const editor = await cuentaCon(t, 'editor');
    const res = await editor.call('POST', `/pagos/${NADIE}/reembolsar`, { importe: 100 });
    expect(res.status).toBe(403);
    const fila = await t.db('logs').where({ tipo: 'PROHIBIDO', loginId: editor.id }).orderBy('id', 'desc').first();
    expect(fila).toMatchObject({ recurso: 'pagos', recursoId: NADIE, ip: '127.0.0.1' });
    expect(JSON.parse(fila.datos)).toEqual({ ruta: 'POST /pagos/:id/reembolsar', motivo: res.body.error.message, veces: 1 });
  });

  it('refused again and again on one route is one row that counts them, not a row each', async () => {
    // Issue 29 item 18: 100 refused deletes left 100 rows, burying the rest of the log.
    const prohibidas = (loginId: number) => t.db('logs').where({ tipo: 'PROHIBIDO', loginId }).orderBy('id');
    const [contable, editor] = [await cuentaCon(t, 'contable'), await cuentaCon(t, 'editor')];
    for (let i = 0; i < 100; i++) expect((await contable.call('DELETE', `/clases/${NADIE - i}`)).status).toBe(403);
    const [fila, ...mas] = await prohibidas(contable.id);
    expect(mas).toEqual([]);
    expect(JSON.parse(fila.datos)).toMatchObject({ ruta: 'DELETE /clases/:id', veces: 100, ultima: expect.any(String) });
    expect(Date.parse(JSON.parse(fila.datos).ultima)).toBeGreaterThanOrEqual(Date.parse(fila.fecha));
    // Another route, or another account, is a row of its own.
    expect((await contable.call('PATCH', `/clases/${NADIE}`, { titulo: 'No' })).status).toBe(403);
    expect(await prohibidas(contable.id)).toHaveLength(2);
    expect((await editor.call('DELETE', `/pagos/${NADIE}`)).status).toBe(403);
    expect(await prohibidas(editor.id)).toHaveLength(1);
  });

  it('a refused read is not logged (it changes nothing)', async () => {
    const antes = await t.db('logs').where({ tipo: 'PROHIBIDO' }).count({ n: '*' });
    expect((await cuentas.editor.call('GET', '/pagos')).status).toBe(403);
    expect(await t.db('logs').where({ tipo: 'PROHIBIDO' }).count({ n: '*' })).toEqual(antes);
  });

  it('nobody may write a PROHIBIDO row of their own', async () => {
    const res = await cuentas.editor.call('POST', '/logs', { tipo: 'PROHIBIDO', fecha: new Date().toISOString() });
    expect(res.status).toBe(422);
  });
});
