// GET /<R>.csv as an accountant receives it: the bytes a Spanish Excel opens (BOM, `;`, euros
// with a decimal comma, Madrid time, names instead of ids, Spanish labels), the list's filter and
// order obeyed with no page cap, the same errors as the list, and a closed download that frees
// the database.
import Fastify, { type FastifyInstance } from 'fastify';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPg } from '../../src/db/index.js';
import { mensajes } from '../../src/mensajes.js';
import { registry, resources } from '../../src/resources/index.js';
import { registerErrorHandler } from '../../src/base/errors.js';
import exportacionRoutes, { MAX_EXPORTACIONES } from '../../src/rest/exportacion.js';
import { createTestApp, type TestApp } from '../support/app.js';

let t: TestApp;
const BOM = '\uFEFF';
const MAX_LIMIT = 5;

/** The CSV's lines, split on CRLF, after checking the BOM and the closing line end. */
function lineas(body: string): string[] {
  expect(body.startsWith(BOM)).toBe(true);
  expect(body.endsWith('\r\n')).toBe(true);
  return body.slice(1, -2).split('\r\n');
}

beforeAll(async () => {
  t = await createTestApp({ MAX_LIMIT: String(MAX_LIMIT) });
  const ts = '2026-01-10T09:00:00.000Z';
  const base = { createdAt: ts, updatedAt: ts };
  await t.db('categorias').insert({ id: 1, nombre: 'Idiomas', ...base });
  await t.db('cursos').insert({ id: 1, titulo: 'Inglés B2', categoriaId: 1, precio: 4990, estado: 'publicado', nivel: 'intermedio', ...base });
  await t.db('usuarios').insert([
    { id: 1, nombre: 'Ana', apellidos: 'García López', email: 'ana@example.es', activo: true, ...base },
    { id: 2, nombre: '=HYPERLINK("http://x")', email: 'malo@example.es', activo: false, ...base },
  ]);
  await t.db('facturas').insert({ id: 1, serie: 'A', numero: 7, fecha: ts, usuarioId: 1, concepto: 'Curso; inglés', base: 4124, tipoIva: 21, cuotaIva: 866, total: 4990, estado: 'emitida', ...base });
  await t.db('pagos').insert([
    // 10:30 UTC in July is 12:30 in Madrid (summer time); 23:30 UTC in January is the next day there.
    { id: 1, usuarioId: 1, cursoId: 1, facturaId: 1, importe: 4990, metodo: 'tarjeta', estado: 'completado', fecha: '2026-07-01T10:30:00.000Z', notas: 'dice "hola"', ...base },
    { id: 2, usuarioId: 2, importe: 123456, metodo: 'bizum', estado: 'pendiente', fecha: '2026-01-15T23:30:00.000Z', ...base },
    ...Array.from({ length: 10 }, (_, i) => ({ id: 3 + i, usuarioId: 1, importe: 100 + i, metodo: 'efectivo', estado: 'fallido', fecha: ts, ...base })),
  ]);
});

afterAll(async () => {
  await t?.destroy();
});

const csv = (url: string) => t.call('GET', url);
const filtro = (f: object) => `filter=${encodeURIComponent(JSON.stringify(f))}`;

describe('GET /pagos.csv', () => {
  it('writes what a Spanish spreadsheet opens: BOM, semicolons, Spanish headers, euros, Madrid time, names, labels', async () => {
    const res = await csv(`/pagos.csv?${filtro({ where: { id: { inq: [1, 2] } } })}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="pagos-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(lineas(res.body)).toEqual([
      'Id;Usuario;Curso;Factura;Importe;Moneda;Método;Estado;Referencia;Fecha;Fecha de reembolso;Importe reembolsado;Notas;Pasarela;En disputa;Token de API;Canje;Cupón;Descuento;Creado;Actualizado;Versión',
      '1;Ana García López;Inglés B2;A-7;49,90;EUR;Tarjeta;Completado;;01/07/2026 12:30;;0,00;"dice ""hola""";;No;;;;0,00;10/01/2026 10:00;10/01/2026 10:00;1',
      // A name that a spreadsheet would run as a formula is written as text (and quoted for its `"`).
      `2;"'=HYPERLINK(""http://x"")";;;1234,56;EUR;Bizum;Pendiente;;16/01/2026 00:30;;0,00;;;No;;;;0,00;10/01/2026 10:00;10/01/2026 10:00;1`,
    ]);
  });

  it('exports every row, past the list page cap, when no limit is asked', async () => {
    const res = await csv('/pagos.csv');
    expect(lineas(res.body)).toHaveLength(1 + 12);
    expect(MAX_LIMIT).toBeLessThan(12);
  });

  it("obeys the list's where, order, fields, limit and skip", async () => {
    const res = await csv(`/pagos.csv?${filtro({ where: { estado: 'fallido', importe: { gte: 103 } }, order: 'importe DESC', fields: ['importe', 'id'], limit: 3, skip: 1 })}`);
    // Columns in the registry's order, whatever order `fields` names them in.
    expect(lineas(res.body)).toEqual(['Id;Importe', '11;1,08', '10;1,07', '9;1,06']);
  });

  it('takes the filter in deep-object form too', async () => {
    const res = await csv('/pagos.csv?filter[where][metodo]=bizum&filter[fields][id]=true');
    expect(lineas(res.body)).toEqual(['Id', '2']);
  });

  it('answers a bad filter with the same 400 as the list', async () => {
    for (const bad of [filtro({ where: { nada: 1 } }), filtro({ where: { importe: { gt: 'abc' } } }), filtro({ order: 'importe SIDEWAYS' }), 'filter={roto']) {
      const [lista, exportacion] = await Promise.all([csv(`/pagos?${bad}`), csv(`/pagos.csv?${bad}`)]);
      expect(exportacion.status, bad).toBe(400);
      expect(exportacion.body).toEqual(lista.body);
    }
    // Only the bounds of `limit` differ: an export has no page cap.
    expect((await csv(`/pagos.csv?${filtro({ limit: 0 })}`)).body.error.message).toBe(mensajes.filtro.limite(2147483647));
  });

  it('refuses include, since references already come as names', async () => {
    const res = await csv(`/pagos.csv?${filtro({ include: ['usuario'] })}`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(mensajes.exportar.includeNoAdmitido);
  });

  it('needs a session', async () => {
    const res = await t.call('GET', '/pagos.csv', undefined, { cookie: '' });
    expect(res.status).toBe(401);
    expect(res.body.error.statusCode).toBe(401);
  });

  it('is described in /openapi.json', async () => {
    const res = await t.call('GET', '/openapi.json');
    expect(Object.keys(res.body.paths['/pagos.csv'].get.responses['200'].content)).toEqual(['text/csv']);
  });
});

describe('the other lists', () => {
  it.each(Object.keys(resources))('%s.csv has a Spanish header for every column', async (name) => {
    const res = await csv(`/${name}.csv`);
    expect(res.status).toBe(200);
    const [cabecera] = lineas(res.body);
    // Every field, then the figures the entity computes for the export (facturas: what each adds to the tax books).
    const campos = Object.keys(resources[name].fields).filter((f) => !resources[name].fields[f].writeOnly).map((f) => resources[name].fields[f].label);
    expect(cabecera.split(';')).toEqual([...campos, ...Object.values(resources[name].calculadas ?? {}).map((c) => c.label)]);
    expect(cabecera).not.toMatch(/(^|;)[a-z]\w*[A-Z]/);
  });

  it('shows usuarios activo as Sí / No', async () => {
    const res = await csv(`/usuarios.csv?${filtro({ fields: ['id', 'activo'] })}`);
    expect(lineas(res.body)).toEqual(['Id;Activo', '1;Sí', '2;No']);
  });

  it("names a curso's categoría and labels its estado and nivel", async () => {
    const res = await csv(`/cursos.csv?${filtro({ fields: ['categoriaId', 'precio', 'nivel', 'estado'] })}`);
    expect(lineas(res.body)).toEqual(['Categoría;Precio;Nivel;Estado', 'Idiomas;49,90;Intermedio;Publicado']);
  });

  it("names a factura's usuario and writes its money in euros", async () => {
    const res = await csv(`/facturas.csv?${filtro({ fields: ['usuarioId', 'concepto', 'base', 'tipoIva', 'cuotaIva', 'total', 'estado'] })}`);
    expect(lineas(res.body)).toEqual(['Usuario;Concepto;Base imponible;Tipo de IVA;Cuota de IVA;Total;Estado', 'Ana García López;"Curso; inglés";41,24;21;8,66;49,90;Emitida']);
  });

  it('names a reference to a draft factura «Borrador #id», in the label of its estado', async () => {
    const ts = '2026-01-10T09:00:00.000Z';
    await t.db('facturas').insert({ id: 50, serie: 'A', usuarioId: 1, concepto: 'Sin emitir', base: 1000, tipoIva: 21, cuotaIva: 210, total: 1210, estado: 'borrador', createdAt: ts, updatedAt: ts });
    await t.db('pagos').insert({ id: 50, usuarioId: 1, facturaId: 50, importe: 1210, metodo: 'bizum', estado: 'pendiente', fecha: ts, createdAt: ts, updatedAt: ts });
    try {
      const res = await csv(`/pagos.csv?${filtro({ where: { id: 50 }, fields: ['facturaId'] })}`);
      expect(lineas(res.body)).toEqual(['Factura', 'Borrador #50']);
    } finally {
      await t.db('pagos').where('id', 50).delete();
      await t.db('facturas').where('id', 50).delete();
    }
  });

  it('labels the activity log as the admin does', async () => {
    expect((await t.call('POST', '/logs', { tipo: 'BACK-LOGIN', fecha: new Date().toISOString(), datos: 'admin' })).status).toBe(200);
    await t.call('PATCH', '/categorias/1', { orden: 2 });
    const res = await csv(`/logs.csv?${filtro({ fields: ['tipo', 'loginId', 'recurso'], order: 'id ASC' })}`);
    // First, the administrador's own login (the test app's): a change of its account, its last access.
    expect(lineas(res.body)).toEqual(['Tipo;Administrador;Recurso', 'Modificación;admin;Administrador', 'Inicio de sesión;admin;', 'Modificación;admin;Categoría']);
  });

  it('writes as text a formula behind spaces or in the fullwidth forms a spreadsheet folds to = + - @', async () => {
    const ts = '2026-01-10T09:00:00.000Z';
    const nombres = ['\u00a0=HYPERLINK("http://x")', ' =1+1', '\u200b@SUM(A1)', '＝HYPERLINK("http://x")', '＋1', '－1', '＠SUM(A1)', ' Idiomas', '１ de 2'];
    await t.db('categorias').insert(nombres.map((nombre, i) => ({ id: 100 + i, nombre, createdAt: ts, updatedAt: ts })));
    try {
      const res = await csv(`/categorias.csv?${filtro({ where: { id: { gte: 100 } }, fields: ['nombre'], order: 'id ASC' })}`);
      expect(lineas(res.body)).toEqual([
        'Nombre',
        `"'\u00a0=HYPERLINK(""http://x"")"`,
        "' =1+1",
        "'\u200b@SUM(A1)",
        `"'＝HYPERLINK(""http://x"")"`,
        "'＋1",
        "'－1",
        "'＠SUM(A1)",
        // Nothing a spreadsheet runs: left as typed.
        ' Idiomas',
        '１ de 2',
      ]);
    } finally {
      await t.db('categorias').where('id', '>=', 100).delete();
    }
  });

  it('never writes a password, not even its hash', async () => {
    const res = await csv('/logins.csv');
    expect(res.body).not.toMatch(/scrypt|\$/);
    expect(lineas(res.body)[0]).not.toContain('Contraseña');
  });
});

describe('downloads in flight', () => {
  let port: number;

  beforeAll(async () => {
    // Explicit ids: the rows above were inserted with theirs, which PostgreSQL's sequence does not know.
    const many = Array.from({ length: 30_000 }, (_, i) => ({
      id: 1000 + i,
      usuarioId: 1, importe: 1000 + i, metodo: 'tarjeta', estado: 'completado', fecha: '2026-02-01T10:00:00.000Z', notas: 'x'.repeat(1000),
      createdAt: '2026-02-01T10:00:00.000Z', updatedAt: '2026-02-01T10:00:00.000Z',
    }));
    await t.db.batchInsert('pagos', many, 400);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  /** A download of the ~30 MB export (more than the sockets' buffers hold), stopped after its first chunk. */
  const started = (en = port) =>
    new Promise<{ hangUp: () => void }>((resolve, reject) => {
      const req = request({ port: en, host: '127.0.0.1', path: '/pagos.csv', headers: { cookie: t.cookie } }, (res) => {
        expect(res.statusCode).toBe(200);
        res.once('data', () => {
          res.pause();
          resolve({ hangUp: () => req.destroy() });
        });
      });
      req.on('error', (err) => (err.message.includes('aborted') || err.message.includes('socket hang up') ? undefined : reject(err)));
      req.end();
    });

  /** No connection is left holding a cursor. */
  const cursorsFreed = () =>
    expect
      .poll(async () => {
        // On PostgreSQL the pool has none in use.
        if (isPg(t.db)) return (t.db.client as { pool: { numUsed(): number } }).pool.numUsed();
        // On SQLite no reader holds a snapshot: after a write, a checkpoint can empty the whole log.
        await t.db('categorias').insert({ nombre: `c${Math.random()}`, createdAt: '2026-02-01T10:00:00.000Z', updatedAt: '2026-02-01T10:00:00.000Z' });
        const [r] = (await t.db.raw('PRAGMA wal_checkpoint(TRUNCATE)')) as { busy: number }[];
        return r.busy;
      }, { timeout: 5000 })
      .toBe(0);

  it('frees the database cursor when the client hangs up', async () => {
    (await started()).hangUp();
    await cursorsFreed();
  });

  it(`runs ${MAX_EXPORTACIONES} at once and asks one more to come back later`, async () => {
    const running = await Promise.all(Array.from({ length: MAX_EXPORTACIONES }, started));
    const refused = await csv('/pagos.csv');
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.body.error.message).toBe(mensajes.exportar.ocupado(MAX_EXPORTACIONES));
    // The list itself still answers: the exports leave it database connections.
    expect((await csv('/pagos?filter={"limit":1}')).status).toBe(200);
    running.forEach((d) => d.hangUp());
    await cursorsFreed();
    await expect.poll(async () => (await csv(`/pagos.csv?${filtro({ limit: 1 })}`)).status).toBe(200);
  });

  describe('that nobody reads', () => {
    let atascos: FastifyInstance;

    beforeAll(async () => {
      // The export routes alone, with an idle limit of a second instead of a minute.
      atascos = Fastify();
      registerErrorHandler(atascos);
      // No auth plugin here: every request comes as the administrador the session would name.
      atascos.decorateRequest('login', null);
      atascos.addHook('onRequest', async (request) => {
        request.login = { id: 1, usuario: 'admin', nombre: null, sesionId: 1, rol: 'administrador', fase: null };
      });
      await atascos.register(exportacionRoutes, { db: t.db, registry, config: t.config, inactividadMs: 1000 });
      await atascos.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await atascos?.close();
    });

    it('are cut after the idle limit, which frees their cursors and their slots', async () => {
      const { port: suyo } = atascos.server.address() as AddressInfo;
      // Never hung up: each client read one chunk and then nothing, its socket full.
      const atascadas = await Promise.all(Array.from({ length: MAX_EXPORTACIONES }, () => started(suyo)));
      expect((await atascos.inject('/pagos.csv')).statusCode).toBe(503);
      // On PostgreSQL each holds a backend with its snapshot, which keeps VACUUM from cleaning.
      const pids = isPg(t.db) ? (t.db.client as { pool: { used: { resource: { processID: number } }[] } }).pool.used.map((u) => u.resource.processID) : [];
      const instantaneas = async () =>
        ((await t.db.raw('SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = ANY(?) AND pid <> pg_backend_pid() AND backend_xmin IS NOT NULL', [pids])) as { rows: { n: number }[] }).rows[0].n;
      if (isPg(t.db)) expect(await instantaneas()).toBe(MAX_EXPORTACIONES);
      // A second later there is room again (and before it, polling SQLite's log would block the process).
      await expect.poll(async () => (await atascos.inject(`/pagos.csv?${filtro({ limit: 1 })}`)).statusCode, { timeout: 5000 }).toBe(200);
      await cursorsFreed();
      if (isPg(t.db)) expect(await instantaneas()).toBe(0);
      atascadas.forEach((d) => d.hangUp());
    });
  });
});
