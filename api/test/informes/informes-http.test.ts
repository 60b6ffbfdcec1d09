// The reports as the real app serves them: behind the session guard, errors in the envelope,
// CSV through the whole stack. The figures themselves are checked in informes.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { informes as declarados } from '../../src/informes/definiciones/index.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const now = new Date().toISOString();
  await t.db('usuarios').insert({ id: 1, nombre: 'Ana', email: 'ana@example.es', createdAt: now, updatedAt: now });
  await t.db('pagos').insert({ usuarioId: 1, importe: 4900, metodo: 'tarjeta', estado: 'completado', fecha: now, createdAt: now, updatedAt: now });
});

afterAll(async () => {
  await t?.destroy();
});

const informes = declarados.map((i) => i.nombre);

describe('/informes in the app', () => {
  it.each(informes)('%s needs a session', async (informe) => {
    const res = await t.call('GET', `/informes/${informe}`, undefined, { cookie: '' });
    expect(res.status).toBe(401);
    expect(res.body.error.statusCode).toBe(401);
  });

  it.each(informes)('%s answers JSON for the last 30 days by default', async (informe) => {
    const res = await t.call('GET', `/informes/${informe}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.periodo.hasta).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("counts today's sale in the default period", async () => {
    const res = await t.call('GET', '/informes/resumen');
    expect(res.body.actual).toMatchObject({ pagos: 1, ingresos: 4900, usuariosNuevos: 1 });
  });

  it('answers a bad date with 400 in the envelope, in Spanish', async () => {
    const res = await t.call('GET', '/informes/ingresos?desde=ayer');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ statusCode: 400, name: 'BadRequestError', code: 'INVALID_PARAMETER_VALUE' });
    expect(res.body.error.message).toContain('«desde»');
    expect(res.body.error.details[0].path).toBe('desde');
  });

  it('answers CSV when asked with Accept: text/csv', async () => {
    const res = await t.call('GET', '/informes/pagos-por-estado?desde=2026-01-01&hasta=2026-01-31', undefined, { headers: { accept: 'text/csv' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="pagos-por-estado-2026-01-01-2026-01-31.csv"');
    expect(res.body).toBe('\uFEFFEstado;Pagos;Importe (€)\r\npendiente;0;0,00\r\ncompletado;0;0,00\r\nfallido;0;0,00\r\nreembolsado;0;0,00\r\n');
  });

  it("lets the admin's origin read the CSV's file name", async () => {
    const origin = t.config.corsOrigins[0];
    const res = await t.call('GET', '/informes/resumen', undefined, { headers: { accept: 'text/csv', origin } });
    expect(res.headers['access-control-allow-origin']).toBe(origin);
    expect(String(res.headers['access-control-expose-headers']).toLowerCase()).toContain('content-disposition');
  });
});
