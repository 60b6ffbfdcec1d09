// The reports on matrículas and cupones on a small data set worked out by hand, on SQLite and
// (with TEST_DATABASE_URL) PostgreSQL: active students per curso (an activa matrícula whose end
// has passed no longer counts, nor does a revocada one), new matrículas per interval on the edges
// of Madrid's days, the ones ending within 30 days (the window's end excluded), and per cupón its uses, the discount given and the revenue of the
// pagos completados that used it, each counted in the period it happened in.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import informesRoutes from '../../src/informes/index.js';
import { registerErrorHandler } from '../../src/base/errors.js';
import { createTestDb, testConfig, type TestDb } from '../support/db.js';

/** "Now" for the plugin: Monday 30 March 2026, 14:00 in Madrid. */
const AHORA = new Date('2026-03-30T12:00:00.000Z');
const stamp = '2026-01-01T00:00:00.000Z';

let t: TestDb;
let app: FastifyInstance;

const matricula = (id: number, usuarioId: number, cursoId: number, estado: string, hasta: string | null, createdAt: string, origen: string) => ({
  id,
  usuarioId,
  cursoId,
  desde: createdAt,
  hasta,
  estado,
  origen,
  createdAt,
  updatedAt: createdAt,
});
const cupon = (id: number, codigo: string, tipo: string, valor: number) => ({ id, codigo, tipo, valor, moneda: 'EUR', ambito: 'todos', usos: 0, activo: true, createdAt: stamp, updatedAt: stamp });
const canje = (id: number, cuponId: number, usuarioId: number, cursoId: number, precio: number, descuento: number, fecha: string) => ({
  id,
  cuponId,
  usuarioId,
  cursoId,
  precio,
  descuento,
  total: precio - descuento,
  moneda: 'EUR',
  fecha,
  createdAt: fecha,
  updatedAt: fecha,
});
const pago = (id: number, usuarioId: number, cursoId: number, importe: number, estado: string, fecha: string, canjeId: number, cuponId: number, descuento: number) => ({
  id,
  usuarioId,
  cursoId,
  importe,
  metodo: 'tarjeta',
  estado,
  fecha,
  canjeId,
  cuponId,
  descuento,
  createdAt: fecha,
  updatedAt: fecha,
});

beforeAll(async () => {
  t = await createTestDb();
  const { db } = t;
  await db('usuarios').insert([
    { id: 1, nombre: 'Ana', apellidos: 'Álvarez', email: 'ana@example.es', createdAt: stamp, updatedAt: stamp },
    { id: 2, nombre: 'Luis', apellidos: 'Pérez', email: 'luis@example.es', createdAt: stamp, updatedAt: stamp },
    { id: 3, nombre: 'Marta', apellidos: 'Gil', email: 'marta@example.es', createdAt: stamp, updatedAt: stamp },
  ]);
  await db('cursos').insert([
    { id: 1, titulo: 'TypeScript', precio: 4900, createdAt: stamp, updatedAt: stamp },
    { id: 2, titulo: 'Node', precio: 9900, createdAt: stamp, updatedAt: stamp },
    { id: 3, titulo: 'Figma', precio: 2900, createdAt: stamp, updatedAt: stamp },
  ]);
  await db('matriculas').insert([
    matricula(1, 1, 1, 'activa', null, '2026-03-02T10:00:00.000Z', 'pago'),
    matricula(2, 2, 1, 'activa', '2026-04-10T10:00:00.000Z', '2026-03-15T10:00:00.000Z', 'manual'),
    // Activa still, but its end passed an hour ago: no access, and nothing left to expire.
    matricula(3, 3, 1, 'activa', '2026-03-30T11:00:00.000Z', '2026-02-10T10:00:00.000Z', 'pago'),
    // Created at 00:30 on 30 March in Madrid (22:30 UTC the day before); ends a millisecond before the window does.
    matricula(4, 1, 2, 'activa', '2026-04-29T11:59:59.999Z', '2026-03-29T22:30:00.000Z', 'cupon'),
    matricula(5, 2, 2, 'revocada', null, '2026-03-20T10:00:00.000Z', 'pago'),
    // Ends exactly as the 30-day window closes: outside it.
    matricula(6, 3, 3, 'activa', '2026-04-29T12:00:00.000Z', '2025-12-01T10:00:00.000Z', 'pago'),
    matricula(7, 2, 3, 'activa', '2027-01-01T10:00:00.000Z', '2026-01-05T10:00:00.000Z', 'manual'),
  ]);
  await db('cupones').insert([cupon(1, 'VERANO', 'porcentaje', 20), cupon(2, 'FIJO', 'importe', 1500), cupon(3, 'NUNCA', 'porcentaje', 50)]);
  await db('canjes').insert([
    canje(1, 1, 1, 1, 4900, 980, '2026-03-10T10:00:00.000Z'),
    canje(2, 1, 2, 1, 4900, 980, '2026-03-12T10:00:00.000Z'),
    // 23:59:59.999 on 31 March in Madrid (CEST).
    canje(3, 2, 3, 2, 9900, 1500, '2026-03-31T21:59:59.999Z'),
    canje(4, 1, 3, 1, 4900, 980, '2026-02-27T10:00:00.000Z'),
  ]);
  await db('pagos').insert([
    pago(1, 1, 1, 3920, 'completado', '2026-03-10T10:05:00.000Z', 1, 1, 980),
    // Never paid: the use is reserved, the money did not come.
    pago(2, 2, 1, 3920, 'pendiente', '2026-03-12T10:05:00.000Z', 2, 1, 980),
    // Canjeado in March, paid in April.
    pago(3, 3, 2, 8400, 'completado', '2026-04-01T08:00:00.000Z', 3, 2, 1500),
    // Canjeado in February, paid in March.
    pago(4, 3, 1, 3920, 'completado', '2026-03-01T10:00:00.000Z', 4, 1, 980),
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

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url, headers });
  const json = res.headers['content-type']?.toString().includes('json');
  return { status: res.statusCode, body: json ? res.json() : res.body, headers: res.headers };
}

describe('alumnos por curso', () => {
  it('counts the usuarios with an activa matrícula still running now, the fullest curso first', async () => {
    const r = await get('/informes/alumnos-por-curso');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      periodo: { desde: '2026-03-30', hasta: '2026-03-30' },
      cursos: [
        { cursoId: 1, titulo: 'TypeScript', alumnos: 2 },
        { cursoId: 3, titulo: 'Figma', alumnos: 2 },
        { cursoId: 2, titulo: 'Node', alumnos: 1 },
      ],
    });
  });

  it('takes no period: one is a 400', async () => {
    expect((await get('/informes/alumnos-por-curso?desde=2026-03-01')).status).toBe(400);
  });
});

describe('matrículas nuevas', () => {
  it('per month, by when they were created, and how many came from a pago', async () => {
    const r = await get('/informes/matriculas-nuevas?desde=2026-03-01&hasta=2026-03-31&agrupacion=mes');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.serie.map(({ clave, nuevas, dePago }: Record<string, unknown>) => ({ clave, nuevas, dePago }))).toEqual([{ clave: '2026-03', nuevas: 4, dePago: 2 }]);
  });

  it('per day in Madrid: 22:30 UTC on the 29th is the 30th there', async () => {
    const r = await get('/informes/matriculas-nuevas?desde=2026-03-29&hasta=2026-03-30');
    expect(r.body.agrupacion).toBe('dia');
    expect(r.body.serie.map(({ clave, nuevas }: Record<string, unknown>) => [clave, nuevas])).toEqual([
      ['2026-03-29', 0],
      ['2026-03-30', 1],
    ]);
  });
});

describe('matrículas que caducan pronto', () => {
  it('lists the activa ones ending within 30 days from now, the soonest first, with how many', async () => {
    const r = await get('/informes/matriculas-por-caducar');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      periodo: { desde: '2026-03-30', hasta: '2026-04-29' },
      dias: 30,
      total: 2,
      limite: 100,
      matriculas: [
        { id: 2, usuarioId: 2, usuario: 'Luis Pérez', cursoId: 1, curso: 'TypeScript', hasta: '2026-04-10T10:00:00.000Z' },
        { id: 4, usuarioId: 1, usuario: 'Ana Álvarez', cursoId: 2, curso: 'Node', hasta: '2026-04-29T11:59:59.999Z' },
      ],
    });
  });

  it('as CSV, the end read in Madrid', async () => {
    const r = await get('/informes/matriculas-por-caducar', { accept: 'text/csv' });
    expect(r.status).toBe(200);
    expect(r.body).toBe(
      '\uFEFFId de la matrícula;Caduca;Id del usuario;Usuario;Id del curso;Curso\r\n' +
        '2;2026-04-10 12:00:00;2;Luis Pérez;1;TypeScript\r\n' +
        '4;2026-04-29 13:59:59;1;Ana Álvarez;2;Node\r\n',
    );
  });
});

describe('cupones usados', () => {
  it('per cupón: uses and discount by the canje’s date, revenue by the completed pago’s', async () => {
    const r = await get('/informes/cupones-usados?desde=2026-03-01&hasta=2026-03-31');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      periodo: { desde: '2026-03-01', hasta: '2026-03-31' },
      cupones: [
        { cuponId: 1, codigo: 'VERANO', usos: 2, descuento: 1960, pagos: 2, ingresos: 7840 },
        { cuponId: 2, codigo: 'FIJO', usos: 1, descuento: 1500, pagos: 0, ingresos: 0 },
      ],
    });
  });

  it('a pago paid the month after its canje counts then', async () => {
    const r = await get('/informes/cupones-usados?desde=2026-04-01&hasta=2026-04-30');
    expect(r.body.cupones).toEqual([{ cuponId: 2, codigo: 'FIJO', usos: 0, descuento: 0, pagos: 1, ingresos: 8400 }]);
  });

  it('as CSV, money with its unit in the header', async () => {
    const r = await get('/informes/cupones-usados?desde=2026-03-01&hasta=2026-03-31', { accept: 'text/csv' });
    expect(r.body).toBe(
      '\uFEFFId del cupón;Cupón;Usos;Descuento concedido (€);Pagos completados;Ingresos (€)\r\n' + '1;VERANO;2;19,60;2;78,40\r\n' + '2;FIJO;1;15,00;0;0,00\r\n',
    );
  });
});
