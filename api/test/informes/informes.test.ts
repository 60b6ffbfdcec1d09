// The reports on a small data set whose answers are worked out by hand below, on SQLite and (with
// TEST_DATABASE_URL) PostgreSQL: both must give exactly these figures. Times are chosen on the
// edges of Madrid's calendar days, including the DST change of 29 March 2026 (CET +01:00 → CEST
// +02:00, a 23-hour day). Two pagos were refunded: one the day it was paid, one in the month after
// its payment, so a refund counts where it was paid (gross) and where it was made (refunds). A
// third gave back part of its money in February: that part, not the whole pago, is what it takes away.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import informesRoutes from '../../src/informes/index.js';
import { periodo } from '../../src/informes/parametros.js';
import * as q from '../../src/informes/queries.js';
import { intervalos, type Agrupacion } from '../../src/base/tiempo.js';
import { registerErrorHandler } from '../../src/base/errors.js';
import { createTestDb, testConfig, type TestDb } from '../support/db.js';

const TZ = 'Europe/Madrid';
/** "Now" for the plugin: Monday 30 March 2026, 14:00 in Madrid. */
const AHORA = new Date('2026-03-30T12:00:00.000Z');

let t: TestDb;
let app: FastifyInstance;

const stamp = '2026-01-01T00:00:00.000Z';
const usuario = (id: number, nombre: string, apellidos: string, createdAt: string) => ({
  id,
  nombre,
  apellidos,
  email: `${nombre.toLowerCase()}@example.es`,
  createdAt,
  updatedAt: createdAt,
});
const pago = (
  id: number,
  usuarioId: number,
  cursoId: number | null,
  importe: number,
  metodo: string,
  estado: string,
  fecha: string,
  { facturaId = null as number | null, fechaReembolso = null as string | null } = {},
) => ({
  id,
  usuarioId,
  cursoId,
  facturaId,
  importe,
  metodo,
  estado,
  fecha,
  fechaReembolso,
  createdAt: stamp,
  updatedAt: stamp,
});
const factura = (id: number, numero: number, usuarioId: number, estado: string, fecha: string | null, base: number) => ({
  id,
  serie: 'A',
  numero,
  usuarioId,
  estado,
  fecha,
  concepto: `Factura ${numero}`,
  base,
  tipoIva: 21,
  cuotaIva: Math.round(base * 0.21),
  total: base + Math.round(base * 0.21),
  createdAt: stamp,
  updatedAt: stamp,
});

beforeAll(async () => {
  t = await createTestDb();
  const { db } = t;
  await db('usuarios').insert([
    usuario(1, 'Ana', 'Álvarez', '2026-01-05T10:00:00.000Z'),
    usuario(2, 'Luis', 'Pérez', '2026-01-10T22:59:59.999Z'), // 10 Jan in Madrid (23:59:59.999)
    usuario(3, 'Marta', 'Gil', '2026-01-10T23:00:00.000Z'), // 11 Jan in Madrid (00:00)
    usuario(4, 'Pedro', 'Ruiz', '2026-03-28T23:30:00.000Z'), // 29 Mar in Madrid (00:30 CET, before the change at 02:00)
    usuario(5, 'Sara', 'López', '2025-12-01T10:00:00.000Z'),
  ]);
  await db('cursos').insert([
    { id: 1, titulo: 'TypeScript', precio: 4900, createdAt: stamp, updatedAt: stamp },
    { id: 2, titulo: 'Node; "avanzado"', precio: 9900, createdAt: stamp, updatedAt: stamp },
    { id: 3, titulo: 'Figma', precio: 2900, createdAt: stamp, updatedAt: stamp },
  ]);
  await db('facturas').insert([
    factura(1, 1, 1, 'emitida', '2026-01-11T08:00:00.000Z', 4000),
    factura(2, 2, 2, 'emitida', '2026-01-15T10:00:00.000Z', 10000), // no pago settles it
    factura(3, 3, 3, 'borrador', null, 5000),
    factura(4, 4, 3, 'pagada', '2026-02-01T10:00:00.000Z', 5000),
    // A rectificativa is settled through the invoice it corrects: no pago points at it, and that is no problem.
    // It cancels 4 to zero, so 4, though «pagada» without a pago, is no debt either.
    { ...factura(5, 1, 3, 'emitida', '2026-02-10T10:00:00.000Z', -5000), serie: 'R', rectificaId: 4, tipoRectificativa: 'I' },
  ]);
  await db('pagos').insert([
    pago(1, 1, 1, 4900, 'tarjeta', 'completado', '2026-01-10T22:59:59.999Z', { facturaId: 1 }), // 10 Jan
    pago(2, 2, 2, 9900, 'bizum', 'completado', '2026-01-10T23:00:00.000Z'), // 11 Jan
    pago(3, 3, 1, 4900, 'paypal', 'reembolsado', '2026-01-11T12:00:00.000Z', { fechaReembolso: '2026-01-11T18:00:00.000Z' }), // 11 Jan, refunded that day
    pago(4, 1, 2, 9900, 'tarjeta', 'pendiente', '2026-01-12T09:00:00.000Z'), // 12 Jan
    pago(5, 4, 1, 4900, 'tarjeta', 'completado', '2026-03-28T23:30:00.000Z'), // 29 Mar, 00:30 CET
    pago(6, 4, 2, 9900, 'transferencia', 'completado', '2026-03-28T22:59:00.000Z'), // 28 Mar 23:59 CET
    pago(7, 2, null, 1500, 'efectivo', 'completado', '2026-03-29T21:59:59.999Z'), // 29 Mar 23:59:59.999 CEST
    pago(8, 3, 1, 4900, 'tarjeta', 'fallido', '2026-03-29T22:00:00.000Z'), // 30 Mar 00:00 CEST
    pago(9, 5, 1, 4900, 'tarjeta', 'completado', '2025-12-20T10:00:00.000Z'),
    pago(10, 5, 2, 9900, 'bizum', 'pendiente', '2026-03-25T10:00:00.000Z'), // pendiente, but only 5 days old
    // Paid in December, refunded at 23:59:59.999 on 10 Jan in Madrid.
    pago(11, 5, 3, 2900, 'paypal', 'reembolsado', '2025-12-22T10:00:00.000Z', { fechaReembolso: '2026-01-10T22:59:59.999Z' }),
  ]);
  await db('pagos').where('id', 2).update({ importeReembolsado: 2000 });
  // Each refund as it was made: the two whole ones, and 20,00 € of pago 2 (99,00 €) on 5 February.
  const reembolso = (id: number, pagoId: number, importe: number, fecha: string) => ({ id, pagoId, importe, motivo: 'Reembolso', fecha, createdAt: fecha, updatedAt: fecha });
  await db('reembolsos').insert([
    reembolso(1, 3, 4900, '2026-01-11T18:00:00.000Z'),
    reembolso(2, 11, 2900, '2026-01-10T22:59:59.999Z'),
    reembolso(3, 2, 2000, '2026-02-05T10:00:00.000Z'),
  ]);

  app = Fastify();
  registerErrorHandler(app);
  await app.register(informesRoutes, { prefix: '/informes', db, config: testConfig(t.database), ahora: () => AHORA });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await t?.destroy();
});

const P = (desde: string, hasta: string) => periodo(desde, hasta, TZ);
const buckets = (desde: string, hasta: string, a: Agrupacion) => intervalos(desde, hasta, a, TZ);
const cero = { pagos: 0, ingresos: 0, reembolsos: 0, importeReembolsado: 0, ingresosNetos: 0, ticketMedio: null };

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url, headers });
  const json = res.headers['content-type']?.toString().includes('json');
  return { status: res.statusCode, body: json ? res.json() : res.body, headers: res.headers, raw: res.rawPayload };
}

describe('resumen', () => {
  it('January against December: net = gross − refunds made in the period, average ticket, new usuarios, cursos sold', async () => {
    const r = await q.resumen(t.db, { actual: P('2026-01-01', '2026-01-31'), previo: P('2025-12-01', '2025-12-31') });
    expect(r.actual).toEqual({
      pagos: 3, // pagos 1, 2 and 3: pago 3 was collected in January, refunded or not
      ingresos: 19700,
      reembolsos: 2, // pago 3, and pago 11 (paid in December)
      importeReembolsado: 7800,
      ingresosNetos: 11900, // pago 3 subtracted once, not left out of the gross as well
      ticketMedio: 6567,
      cursosVendidos: 2,
      usuariosNuevos: 3, // Ana, Luis, Marta
    });
    // December keeps pago 11's payment; its refund belongs to January.
    expect(r.previo).toEqual({ pagos: 2, ingresos: 7800, reembolsos: 0, importeReembolsado: 0, ingresosNetos: 7800, ticketMedio: 3900, cursosVendidos: 2, usuariosNuevos: 1 });
  });

  it('an empty period is all zeros and no average', async () => {
    const r = await q.resumen(t.db, { actual: P('2027-06-01', '2027-06-30'), previo: P('2027-05-02', '2027-05-31') });
    expect(r.actual).toEqual({ ...cero, cursosVendidos: 0, usuariosNuevos: 0 });
  });

  it('over HTTP names both periods; a whole month is compared with the month before', async () => {
    const res = await get('/informes/resumen?desde=2026-01-01&hasta=2026-01-31');
    expect(res.status).toBe(200);
    expect(res.body.periodo).toEqual({ desde: '2026-01-01', hasta: '2026-01-31' });
    expect(res.body.anterior).toEqual({ desde: '2025-12-01', hasta: '2025-12-31' });
    expect(res.body.actual.ingresosNetos).toBe(11900);
    expect(res.body.previo.ingresosNetos).toBe(7800);
  });

  it('over HTTP compares a whole month with the month before, not with the 31 days before', async () => {
    const res = await get('/informes/resumen?desde=2026-03-01&hasta=2026-03-31');
    expect(res.body.anterior).toEqual({ desde: '2026-02-01', hasta: '2026-02-28' });
  });

  it('defaults to the last 30 days, today included, in Madrid', async () => {
    const res = await get('/informes/resumen');
    expect(res.body.periodo).toEqual({ desde: '2026-03-01', hasta: '2026-03-30' });
    expect(res.body.anterior).toEqual({ desde: '2026-01-30', hasta: '2026-02-28' });
    // pagos 5, 6 and 7; pago 8 failed.
    expect(res.body.actual).toMatchObject({ pagos: 3, ingresos: 16300, usuariosNuevos: 1, cursosVendidos: 2 });
  });
});

describe('ingresos', () => {
  it('by day: a sale one millisecond before Madrid midnight and one at midnight land on different days', async () => {
    const serie = await q.ingresos(t.db, { intervalos: buckets('2026-01-09', '2026-01-12', 'dia') });
    expect(serie).toEqual([
      { clave: '2026-01-09', inicio: '2026-01-08T23:00:00.000Z', ...cero },
      // pago 1, and pago 11's refund in the last millisecond of the day
      { clave: '2026-01-10', inicio: '2026-01-09T23:00:00.000Z', pagos: 1, ingresos: 4900, reembolsos: 1, importeReembolsado: 2900, ingresosNetos: 2000, ticketMedio: 4900 },
      // pago 3 paid and refunded the same day: in the gross and in the refunds
      { clave: '2026-01-11', inicio: '2026-01-10T23:00:00.000Z', pagos: 2, ingresos: 14800, reembolsos: 1, importeReembolsado: 4900, ingresosNetos: 9900, ticketMedio: 7400 },
      { clave: '2026-01-12', inicio: '2026-01-11T23:00:00.000Z', ...cero }, // only a pendiente
    ]);
  });

  it('by day across the spring DST change: 29 March is 23 hours long and keeps its own sales', async () => {
    const serie = await q.ingresos(t.db, { intervalos: buckets('2026-03-28', '2026-03-30', 'dia') });
    expect(serie.map((p) => [p.clave, p.inicio, p.pagos, p.ingresos])).toEqual([
      ['2026-03-28', '2026-03-27T23:00:00.000Z', 1, 9900], // pago 6 at 23:59 CET
      ['2026-03-29', '2026-03-28T23:00:00.000Z', 2, 6400], // pago 5 at 00:30 CET, pago 7 at 23:59:59.999 CEST
      ['2026-03-30', '2026-03-29T22:00:00.000Z', 0, 0], // pago 8 failed
    ]);
  });

  it('by ISO week, keyed by Monday, with the first week clipped to the range', async () => {
    const res = await get('/informes/ingresos?desde=2026-03-25&hasta=2026-04-05&agrupacion=semana');
    expect(res.status).toBe(200);
    expect(res.body.agrupacion).toBe('semana');
    expect(res.body.serie.map((p: any) => [p.clave, p.inicio, p.pagos, p.ingresos])).toEqual([
      ['2026-03-23', '2026-03-24T23:00:00.000Z', 3, 16300],
      ['2026-03-30', '2026-03-29T22:00:00.000Z', 0, 0],
    ]);
  });

  it('by month, no month missing; a refund counts in the month it was made', async () => {
    const res = await get('/informes/ingresos?desde=2025-12-15&hasta=2026-03-31&agrupacion=mes');
    expect(res.body.serie.map((p: any) => [p.clave, p.pagos, p.ingresos, p.importeReembolsado, p.ingresosNetos])).toEqual([
      ['2025-12', 2, 7800, 0, 7800],
      ['2026-01', 3, 19700, 7800, 11900],
      ['2026-02', 0, 0, 2000, -2000], // a part of pago 2, paid in January
      ['2026-03', 3, 16300, 0, 16300],
    ]);
  });

  it('an empty range still answers every bucket, with zeros', async () => {
    const res = await get('/informes/ingresos?desde=2027-06-01&hasta=2027-06-03');
    expect(res.body.serie).toEqual([
      { clave: '2027-06-01', inicio: '2027-05-31T22:00:00.000Z', ...cero },
      { clave: '2027-06-02', inicio: '2027-06-01T22:00:00.000Z', ...cero },
      { clave: '2027-06-03', inicio: '2027-06-02T22:00:00.000Z', ...cero },
    ]);
  });
});

describe('ventas por curso', () => {
  it('per curso by gross revenue, refunded sales included, pagos without a curso together at the end', async () => {
    const cursos = await q.ventasPorCurso(t.db, P('2025-12-01', '2026-03-31'));
    expect(cursos).toEqual([
      { cursoId: 2, titulo: 'Node; "avanzado"', ventas: 2, ingresos: 19800, ticketMedio: 9900, reembolsos: 1, importeReembolsado: 2000 },
      { cursoId: 1, titulo: 'TypeScript', ventas: 4, ingresos: 19600, ticketMedio: 4900, reembolsos: 1, importeReembolsado: 4900 },
      { cursoId: 3, titulo: 'Figma', ventas: 1, ingresos: 2900, ticketMedio: 2900, reembolsos: 1, importeReembolsado: 2900 },
      { cursoId: null, titulo: null, ventas: 1, ingresos: 1500, ticketMedio: 1500, reembolsos: 0, importeReembolsado: 0 },
    ]);
  });

  it('a curso whose only movement in the range is the refund of an earlier sale still shows, with no sales', async () => {
    const cursos = await q.ventasPorCurso(t.db, P('2026-01-10', '2026-01-10'));
    expect(cursos).toEqual([
      { cursoId: 1, titulo: 'TypeScript', ventas: 1, ingresos: 4900, ticketMedio: 4900, reembolsos: 0, importeReembolsado: 0 },
      { cursoId: 3, titulo: 'Figma', ventas: 0, ingresos: 0, ticketMedio: null, reembolsos: 1, importeReembolsado: 2900 },
    ]);
  });
});

describe('pagos por método y por estado', () => {
  it('every método, in the registry order, zeros included', async () => {
    const metodos = await q.pagosPorMetodo(t.db, P('2025-12-01', '2026-03-31'));
    expect(metodos).toEqual([
      { metodo: 'tarjeta', pagos: 5, importe: 29500, completados: 3, importeCompletado: 14700 },
      { metodo: 'paypal', pagos: 2, importe: 7800, completados: 0, importeCompletado: 0 },
      { metodo: 'bizum', pagos: 2, importe: 19800, completados: 1, importeCompletado: 9900 },
      { metodo: 'transferencia', pagos: 1, importe: 9900, completados: 1, importeCompletado: 9900 },
      { metodo: 'efectivo', pagos: 1, importe: 1500, completados: 1, importeCompletado: 1500 },
    ]);
    const vacio = await q.pagosPorMetodo(t.db, P('2027-01-01', '2027-01-31'));
    expect(vacio.every((m) => m.pagos === 0 && m.importe === 0)).toBe(true);
    expect(vacio).toHaveLength(5);
  });

  it('every estado', async () => {
    const res = await get('/informes/pagos-por-estado?desde=2025-12-01&hasta=2026-03-31');
    expect(res.body.estados).toEqual([
      { estado: 'pendiente', pagos: 2, importe: 19800 },
      { estado: 'completado', pagos: 6, importe: 36000 },
      { estado: 'fallido', pagos: 1, importe: 4900 },
      { estado: 'reembolsado', pagos: 2, importe: 7800 },
    ]);
  });
});

describe('usuarios nuevos', () => {
  it('by day at the midnight edge, and how many of them bought', async () => {
    const serie = await q.usuariosNuevos(t.db, { intervalos: buckets('2026-01-10', '2026-01-11', 'dia') });
    expect(serie).toEqual([
      { clave: '2026-01-10', inicio: '2026-01-09T23:00:00.000Z', nuevos: 1, compradores: 1 }, // Luis bought
      { clave: '2026-01-11', inicio: '2026-01-10T23:00:00.000Z', nuevos: 1, compradores: 0 }, // Marta: refunded and failed only
    ]);
  });

  it('by month', async () => {
    const res = await get('/informes/usuarios-nuevos?desde=2026-01-01&hasta=2026-03-31&agrupacion=mes');
    expect(res.body.serie.map((p: any) => [p.clave, p.nuevos, p.compradores])).toEqual([
      ['2026-01', 3, 2],
      ['2026-02', 0, 0],
      ['2026-03', 1, 1], // Pedro, on 29 March in Madrid though 28 March in UTC
    ]);
  });
});

describe('pendientes', () => {
  it('pendientes older than 7 days, completados without factura, emitidas without pago; oldest first', async () => {
    const res = await get('/informes/pendientes');
    expect(res.status).toBe(200);
    expect(res.body.periodo).toEqual({ desde: null, hasta: '2026-03-30' });
    expect(res.body.dias).toBe(7);
    const { pagosPendientes, pagosSinFactura, facturasSinPago } = res.body;
    expect(pagosPendientes).toEqual({
      total: 1,
      importe: 9900,
      filas: [{ id: 4, fecha: '2026-01-12T09:00:00.000Z', usuarioId: 1, usuario: 'Ana Álvarez', cursoId: 2, curso: 'Node; "avanzado"', importe: 9900, metodo: 'tarjeta' }],
    });
    expect(pagosSinFactura.total).toBe(5);
    expect(pagosSinFactura.importe).toBe(9900 + 4900 + 9900 + 1500 + 4900);
    expect(pagosSinFactura.filas.map((p: any) => p.id)).toEqual([9, 2, 6, 5, 7]);
    expect(facturasSinPago).toEqual({
      total: 1,
      importe: 12100,
      filas: [{ id: 2, serie: 'A', numero: 2, fecha: '2026-01-15T10:00:00.000Z', usuarioId: 2, cliente: 'Luis Pérez', concepto: 'Factura 2', total: 12100 }],
    });
  });

  it('dias=0 counts every pendiente; a range narrows all three lists', async () => {
    const todos = await get('/informes/pendientes?dias=0');
    expect(todos.body.pagosPendientes.filas.map((p: any) => p.id)).toEqual([4, 10]);
    const marzo = await get('/informes/pendientes?desde=2026-03-01&hasta=2026-03-31&dias=0');
    expect(marzo.body.pagosPendientes.filas.map((p: any) => p.id)).toEqual([10]);
    expect(marzo.body.pagosSinFactura.filas.map((p: any) => p.id)).toEqual([6, 5, 7]);
    expect(marzo.body.facturasSinPago).toEqual({ total: 0, importe: 0, filas: [] });
  });

  it('lists are cut at the limit while the totals count everything', async () => {
    const r = await q.pendientes(t.db, { rango: { inicio: null, fin: '2026-04-01T00:00:00.000Z' }, antesDe: AHORA.toISOString(), limite: 2 });
    expect(r.pagosSinFactura.filas.map((p) => p.id)).toEqual([9, 2]);
    expect(r.pagosSinFactura.total).toBe(5);
  });
});

describe('parameters', () => {
  const error = async (url: string) => {
    const res = await get(url);
    expect(res.status, url).toBe(400);
    expect(res.body.error).toMatchObject({ statusCode: 400, name: 'BadRequestError', code: 'INVALID_PARAMETER_VALUE' });
    return res.body.error.message as string;
  };

  it('a date that does not exist, or is not a date, is 400 naming the parameter', async () => {
    expect(await error('/informes/resumen?desde=2026-02-30')).toContain('«desde»');
    expect(await error('/informes/ventas-por-curso?hasta=mañana')).toContain('«hasta»');
    expect(await error('/informes/ingresos?desde=2026-1-5')).toContain('«desde»');
    expect(await error('/informes/ingresos?desde=2026-01-05T25:00:00Z')).toContain('«desde»');
    expect(await error('/informes/resumen?desde=2026-01-01&desde=2026-01-02')).toContain('«desde»');
  });

  it('desde after hasta is 400', async () => {
    expect(await error('/informes/pagos-por-metodo?desde=2026-02-01&hasta=2026-01-31')).toMatch(/no puede ser posterior/);
  });

  it('an unknown agrupacion, dias or parameter is 400', async () => {
    expect(await error('/informes/ingresos?agrupacion=hora')).toContain('«agrupacion»');
    expect(await error('/informes/pendientes?dias=-1')).toContain('«dias»');
    expect(await error('/informes/pendientes?dias=1.5')).toContain('«dias»');
    expect(await error('/informes/resumen?agrupacion=dia')).toContain('«agrupacion»');
  });

  it('more than about three years of days is 400 with a way out; by month it is fine', async () => {
    expect(await error('/informes/ingresos?desde=2020-01-01&hasta=2023-12-31&agrupacion=dia')).toMatch(/semana o por mes/);
    const mes = await get('/informes/ingresos?desde=2020-01-01&hasta=2023-12-31&agrupacion=mes');
    expect(mes.status).toBe(200);
    expect(mes.body.serie).toHaveLength(48);
  });

  it('a date-time counts as the Madrid calendar day it falls on', async () => {
    const res = await get('/informes/resumen?desde=2026-01-10T23:30:00Z&hasta=2026-01-11T10:00:00%2B01:00');
    expect(res.body.periodo).toEqual({ desde: '2026-01-11', hasta: '2026-01-11' });
    expect(res.body.actual).toMatchObject({ pagos: 2, ingresos: 14800, reembolsos: 1 });
  });
});

describe('CSV', () => {
  it('UTF-8 with BOM, «;», Spanish header, decimal comma, quoted text, attachment name', async () => {
    const res = await get('/informes/ventas-por-curso?desde=2025-12-01&hasta=2026-03-31', { accept: 'text/csv' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="ventas-por-curso-2025-12-01-2026-03-31.csv"');
    expect([...res.raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.body.slice(1).split('\r\n')).toEqual([
      'Id del curso;Curso;Ventas;Ingresos brutos (€);Ticket medio (€);Reembolsos;Importe reembolsado (€)',
      '2;"Node; ""avanzado""";2;198,00;99,00;1;20,00',
      '1;TypeScript;4;196,00;49,00;1;49,00',
      '3;Figma;1;29,00;29,00;1;29,00',
      ';(sin curso);1;15,00;15,00;0;0,00',
      '',
    ]);
  });

  it('resumen: one row per figure, this period against the previous one', async () => {
    const res = await get('/informes/resumen?desde=2026-01-01&hasta=2026-01-31', { accept: 'text/csv' });
    const lineas = res.body.slice(1).split('\r\n');
    expect(lineas[0]).toBe('Indicador;Periodo 2026-01-01 a 2026-01-31;Periodo anterior 2025-12-01 a 2025-12-31');
    expect(lineas.slice(1, -1)).toEqual([
      'Ingresos netos (€);119,00;78,00',
      'Ingresos brutos (€);197,00;78,00',
      'Pagos cobrados;3;2',
      'Ticket medio (€);65,67;39,00',
      'Reembolsos;2;0',
      'Importe reembolsado (€);78,00;0,00',
      'Usuarios nuevos;3;1',
      'Cursos vendidos;2;2',
    ]);
  });

  it('ingresos: a row per bucket, refunds on the day they were made', async () => {
    const res = await get('/informes/ingresos?desde=2026-01-10&hasta=2026-01-11', { accept: 'text/csv' });
    expect(res.body.slice(1).split('\r\n')).toEqual([
      'Intervalo;Pagos cobrados;Ingresos brutos (€);Reembolsos;Importe reembolsado (€);Ingresos netos (€);Ticket medio (€)',
      '2026-01-10;1;49,00;1;29,00;20,00;49,00',
      '2026-01-11;2;148,00;1;49,00;99,00;74,00',
      '',
    ]);
  });

  it('pendientes: dates in Madrid time, and a name without desde', async () => {
    const res = await get('/informes/pendientes', { accept: 'text/csv' });
    expect(res.headers['content-disposition']).toBe('attachment; filename="pendientes-2026-03-30.csv"');
    const lineas = res.body.slice(1).split('\r\n');
    expect(lineas[0]).toBe('Tipo;Id;Fecha;Usuario;Concepto;Importe (€)');
    expect(lineas[1]).toBe('Pago pendiente;4;2026-01-12 10:00:00;Ana Álvarez;"Node; ""avanzado""";99,00');
    expect(lineas).toContain('Factura emitida sin pago;2;2026-01-15 11:00:00;Luis Pérez;A-2 Factura 2;121,00');
  });

  it('only when text/csv is asked for at least as much as JSON', async () => {
    const url = '/informes/pagos-por-estado?desde=2026-01-01&hasta=2026-01-31';
    expect((await get(url, { accept: 'application/json, text/csv;q=0.5' })).body.estados).toHaveLength(4);
    expect((await get(url, { accept: 'text/csv;q=0' })).body.estados).toHaveLength(4);
    expect((await get(url, { accept: '*/*' })).body.estados).toHaveLength(4);
    expect((await get(url, { accept: 'text/csv, application/json' })).headers['content-type']).toBe('text/csv; charset=utf-8');
  });

  it('an empty series is a header and zero rows per bucket', async () => {
    const res = await get('/informes/usuarios-nuevos?desde=2027-06-01&hasta=2027-06-02', { accept: 'text/csv' });
    expect(res.body).toBe('\uFEFFIntervalo;Usuarios nuevos;De ellos, con compra\r\n2027-06-01;0;0\r\n2027-06-02;0;0\r\n');
  });
});
