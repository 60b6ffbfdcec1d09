// A report is one declaration: a throw-away one, declared here and handed to a test app, is
// served as JSON and as CSV with its labels as headers, and /openapi.json documents its
// parameters and its rows, with no other edit anywhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { defineInforme } from '../../src/informes/definir.js';
import { informes } from '../../src/informes/definiciones/index.js';
import { parsePeriodo } from '../../src/informes/parametros.js';
import { readRows } from '../../src/db/reader.js';
import { isPg } from '../../src/db/index.js';

interface Fila {
  metodo: string;
  pagos: number;
  importe: number;
  parte: number;
  primero: string;
}

const porMetodo = defineInforme<Fila>({
  nombre: 'prueba-por-metodo',
  titulo: 'Prueba por método',
  descripcion: 'Pagos completados por método, con su parte del total',
  parametros: ['desde', 'hasta'],
  filas: 'metodos',
  columnas: [
    { clave: 'metodo', etiqueta: 'Método', tipo: 'texto' },
    { clave: 'pagos', etiqueta: 'Pagos', tipo: 'entero' },
    { clave: 'importe', etiqueta: 'Importe', tipo: 'dinero' },
    { clave: 'parte', etiqueta: 'Parte', tipo: 'porcentaje' },
    { clave: 'primero', etiqueta: 'Primer pago', tipo: 'fecha' },
  ],
  async compute({ db, timeZone, query, ahora }) {
    const p = parsePeriodo(query, timeZone, ahora);
    const t = isPg(db) ? '?::timestamptz' : '?';
    const filas = await readRows(
      db,
      `SELECT metodo, COUNT(*) AS pagos, SUM(importe) AS importe, MIN(fecha) AS primero FROM pagos
       WHERE estado = 'completado' AND fecha >= ${t} AND fecha < ${t} GROUP BY metodo ORDER BY metodo`,
      [p.inicio, p.fin],
    );
    const total = filas.reduce((s, f) => s + Number(f.importe), 0);
    const metodos = filas.map((f) => ({
      metodo: f.metodo,
      pagos: Number(f.pagos),
      importe: Number(f.importe),
      parte: Number(f.importe) / total,
      primero: new Date(f.primero as string).toISOString(),
    }));
    return { cuerpo: { periodo: { desde: p.desde, hasta: p.hasta }, metodos }, periodo: p };
  },
});

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE: 'Europe/Madrid' }, undefined, undefined, undefined, undefined, undefined, undefined, [...informes, porMetodo]);
  const alta = '2026-03-01T09:00:00.000Z';
  await t.db('usuarios').insert({ id: 1, nombre: 'Ana', email: 'ana@example.es', createdAt: alta, updatedAt: alta });
  const pago = (metodo: string, importe: number, fecha: string) => ({ usuarioId: 1, importe, metodo, estado: 'completado', fecha, createdAt: fecha, updatedAt: fecha });
  await t.db('pagos').insert([pago('tarjeta', 3000, '2026-03-02T10:15:00.000Z'), pago('tarjeta', 1000, '2026-03-03T10:00:00.000Z'), pago('bizum', 4000, '2026-03-04T23:30:00.000Z')]);
});

afterAll(async () => {
  await t?.destroy();
});

const ruta = '/informes/prueba-por-metodo?desde=2026-03-01&hasta=2026-03-31';

describe('a report declared once', () => {
  it('is served as JSON', async () => {
    const res = await t.call('GET', ruta);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      periodo: { desde: '2026-03-01', hasta: '2026-03-31' },
      metodos: [
        { metodo: 'bizum', pagos: 1, importe: 4000, parte: 0.5, primero: '2026-03-04T23:30:00.000Z' },
        { metodo: 'tarjeta', pagos: 2, importe: 4000, parte: 0.5, primero: '2026-03-02T10:15:00.000Z' },
      ],
    });
  });

  it('is served as CSV, its headers the columns’ labels and each cell written by its type', async () => {
    const res = await t.app.inject({ method: 'GET', url: ruta, headers: { cookie: t.cookie, accept: 'text/csv' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="prueba-por-metodo-2026-03-01-2026-03-31.csv"');
    expect(res.body).toBe(
      '\uFEFFMétodo;Pagos;Importe (€);Parte (%);Primer pago\r\n' +
        // The instant as wall-clock time in Madrid: 23:30 UTC is past midnight there.
        'bizum;1;40,00;50;2026-03-05 00:30:00\r\n' +
        'tarjeta;2;40,00;50;2026-03-02 11:15:00\r\n',
    );
  });

  it('refuses a parameter it does not declare', async () => {
    expect((await t.call('GET', `${ruta}&agrupacion=mes`)).status).toBe(400);
  });

  it('is in /openapi.json with its parameters and the schema of its rows', async () => {
    const doc = (await t.call('GET', '/openapi.json', undefined, { cookie: '' })).body;
    const get = doc.paths['/informes/prueba-por-metodo'].get;
    expect(get.summary).toBe('Pagos completados por método, con su parte del total');
    expect(get.parameters.map((p: { name: string }) => p.name)).toEqual(['desde', 'hasta']);
    const fila = get.responses['200'].content['application/json'].schema.properties.metodos.items;
    expect(Object.keys(fila.properties)).toEqual(['metodo', 'pagos', 'importe', 'parte', 'primero']);
    expect(fila.properties.importe).toMatchObject({ type: 'integer', title: 'Importe' });
    expect(fila.properties.parte.type).toBe('number');
    expect(get.responses['200'].content['text/csv']).toBeDefined();
  });

  it('needs a session, like every report', async () => {
    expect((await t.call('GET', ruta, undefined, { cookie: '' })).status).toBe(401);
  });
});
