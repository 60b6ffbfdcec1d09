// The «Resumen» of the demo data's last 30 days (the page's default), against figures worked out
// here from the pagos themselves. It is the case that once went wrong: net revenue left the refunded
// pagos out of the gross and then subtracted them again. Now a refunded pago is in the gross of
// the period it was paid in, and its refund is subtracted once, in the period it was made.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/auth/passwords.js';
import informesRoutes from '../../src/informes/index.js';
import { diaEn, addDias } from '../../src/base/tiempo.js';
import { registerErrorHandler } from '../../src/base/errors.js';
import { seedDemo } from '../../../seeds/demo.js';
import { createTestDb, testConfig, type TestDb } from '../support/db.js';

const TZ = 'Europe/Madrid';
const AHORA = new Date('2026-03-15T12:00:00.000Z');

interface Pago {
  estado: string;
  importe: number;
  fecha: string;
  fechaReembolso: string | null;
}

let t: TestDb;
let app: FastifyInstance;
let pagos: Pago[];

beforeAll(async () => {
  t = await createTestDb();
  await seedDemo(t.db, { adminPasswordHash: await hashPassword('admin', { N: 1024, r: 8, p: 1 }), now: AHORA });
  const iso = (v: unknown) => (v === null ? null : new Date(v as string | Date).toISOString());
  pagos = (await t.db('pagos').select('estado', 'importe', 'fecha', 'fechaReembolso')).map((p) => ({
    estado: p.estado,
    importe: Number(p.importe),
    fecha: iso(p.fecha)!,
    fechaReembolso: iso(p.fechaReembolso),
  }));
  app = Fastify();
  registerErrorHandler(app);
  await app.register(informesRoutes, { prefix: '/informes', db: t.db, config: testConfig(t.database), ahora: () => AHORA });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await t?.destroy();
});

describe('the demo data, last 30 days', () => {
  it('counts a refund once: net = everything collected in the period − the refunds made in it', async () => {
    const res = await app.inject({ method: 'GET', url: '/informes/resumen' });
    expect(res.statusCode).toBe(200);
    const { periodo, actual } = res.json();

    const hasta = diaEn(AHORA, TZ);
    expect(periodo).toEqual({ desde: addDias(hasta, -29), hasta });
    const enPeriodo = (instante: string | null) => instante !== null && diaEn(new Date(instante), TZ) >= periodo.desde && diaEn(new Date(instante), TZ) <= hasta;
    const suma = (ps: Pago[]) => ps.reduce((s, p) => s + p.importe, 0);

    const completados = pagos.filter((p) => p.estado === 'completado' && enPeriodo(p.fecha));
    // Paid in the period and refunded since: what the old figure left out and subtracted again.
    const pagadosYReembolsados = pagos.filter((p) => p.estado === 'reembolsado' && enPeriodo(p.fecha));
    const reembolsadosEnPeriodo = pagos.filter((p) => p.estado === 'reembolsado' && enPeriodo(p.fechaReembolso));
    expect(pagadosYReembolsados.length).toBeGreaterThan(0);
    expect(pagos.filter((p) => p.estado === 'reembolsado').every((p) => p.fechaReembolso !== null && p.fechaReembolso >= p.fecha)).toBe(true);

    // The gross includes what the old figure subtracted without ever having added it.
    const brutos = suma(completados) + suma(pagadosYReembolsados);
    expect(actual).toMatchObject({
      pagos: completados.length + pagadosYReembolsados.length,
      ingresos: brutos,
      reembolsos: reembolsadosEnPeriodo.length,
      importeReembolsado: suma(reembolsadosEnPeriodo),
      ingresosNetos: brutos - suma(reembolsadosEnPeriodo),
    });
    expect(actual.ingresosNetos).not.toBe(suma(completados) - suma(pagadosYReembolsados));
  });
});
