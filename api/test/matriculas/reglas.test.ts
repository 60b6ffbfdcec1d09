// Issue 33, points 1–3: the matrícula and its rules, on both databases (the api-sqlite and
// api-postgres projects run this file). A pago of a curso completed grants access from now for
// the curso's days, or extends the active one; a whole refund revokes it (a partial one does not);
// a dispute flags it; revoking never touches money; the daily job closes what ended; the shop
// asks whether a usuario may watch a curso.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readHistorial, type TestApp } from '../support/app.js';
import { cuentaCon, tokenCon } from '../support/cuentas.js';
import { expireMatriculas, findExpiringSoon } from '../../src/resources/matriculas/caducidad.js';
import { registry } from '../../src/resources/index.js';
import { Repository } from '../../src/rest/repository.js';
import { SERVIDOR } from '../../src/base/types.js';

const DIA = 86_400_000;
let t: TestApp;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.destroy();
});

async function usuario() {
  const r = await t.call('POST', '/usuarios', { nombre: 'Alumna', apellidos: `Prueba ${++n}`, email: `alumna${n}-${Date.now()}@example.com` });
  expect(r.status).toBe(200);
  return Number(r.body.id);
}
async function curso(accesoDias?: number | null) {
  const r = await t.call('POST', '/cursos', { titulo: `Curso ${++n}`, precio: 5000, ...(accesoDias === undefined ? {} : { accesoDias }) });
  expect(r.status).toBe(200);
  return Number(r.body.id);
}
async function pago(usuarioId: number, cursoId: number, estado = 'pendiente') {
  const r = await t.call('POST', '/pagos', { usuarioId, cursoId, importe: 5000, metodo: 'transferencia', fecha: new Date().toISOString(), estado });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return Number(r.body.id);
}
const activas = (usuarioId: number, cursoId: number) => t.db('matriculas').where({ usuarioId, cursoId, estado: 'activa' });
const ms = (v: unknown) => new Date(v as string).getTime();

describe('a pago completed grants its curso', () => {
  it('creates the matrícula in the same write, from now until now + accesoDias, with its history', async () => {
    const [u, c] = [await usuario(), await curso(30)];
    const p = await pago(u, c);
    expect(await activas(u, c)).toHaveLength(0);
    const antes = Date.now();
    expect((await t.call('PATCH', `/pagos/${p}`, { estado: 'completado' })).status).toBe(204);
    const [m] = await activas(u, c);
    expect(m).toMatchObject({ origen: 'pago', pagoId: p });
    expect(ms(m.hasta) - ms(m.desde)).toBe(30 * DIA);
    expect(ms(m.desde)).toBeGreaterThanOrEqual(antes - 1000);
    const historial = await readHistorial(t, 'matriculas', Number(m.id));
    // Its history says who granted it: the person who completed the pago.
    expect(historial).toEqual([expect.objectContaining({ accion: 'crear', login: expect.objectContaining({ usuario: 'admin' }), cambios: expect.objectContaining({ origen: [null, 'pago'], pagoId: [null, p] }) })]);
  });

  it('a curso without accesoDias gives access for ever; a pago created completado grants too', async () => {
    const [u, c] = [await usuario(), await curso()];
    await pago(u, c, 'completado');
    const [m] = await activas(u, c);
    expect(m.hasta).toBeNull();
    const acceso = await t.call('GET', `/usuarios/${u}/acceso/${c}`);
    expect(acceso.body).toEqual({ acceso: true, hasta: null, matriculaId: Number(m.id) });
  });

  it('a second purchase extends the active one from its end instead of creating another', async () => {
    const [u, c] = [await usuario(), await curso(10)];
    await pago(u, c, 'completado');
    const [primera] = await activas(u, c);
    const p2 = await pago(u, c, 'completado');
    const filas = await activas(u, c);
    expect(filas).toHaveLength(1);
    expect(filas[0].id).toBe(primera.id);
    expect(ms(filas[0].hasta) - ms(primera.hasta)).toBe(10 * DIA);
    expect(filas[0].pagoId).toBe(p2);
  });

  it('a pago without curso grants nothing', async () => {
    const u = await usuario();
    const r = await t.call('POST', '/pagos', { usuarioId: u, importe: 100, metodo: 'efectivo', fecha: new Date().toISOString(), estado: 'completado' });
    expect(r.status).toBe(200);
    expect(await t.db('matriculas').where({ usuarioId: u })).toHaveLength(0);
  });
});

describe('refunds and disputes', () => {
  it('a whole refund revokes the matrícula it bought, saying why; the pago keeps its money record', async () => {
    const [u, c] = [await usuario(), await curso(30)];
    const p = await pago(u, c, 'completado');
    const r = await t.call('POST', `/pagos/${p}/reembolsar`, { motivo: 'Se arrepintió' });
    expect(r.status).toBe(200);
    const [m] = await t.db('matriculas').where({ usuarioId: u, cursoId: c });
    expect(m).toMatchObject({ estado: 'revocada', motivoRevocacion: expect.stringContaining('Reembolso completo') });
    expect(m.revocadaEn).not.toBeNull();
    expect((await t.call('GET', `/usuarios/${u}/acceso/${c}`)).body).toEqual({ acceso: false, hasta: null, matriculaId: null });
    const historial = await readHistorial(t, 'matriculas', Number(m.id));
    expect(historial[0]).toMatchObject({ accion: 'revocarPorReembolso', cambios: { estado: ['activa', 'revocada'] } });
  });

  it('a partial refund keeps access', async () => {
    const [u, c] = [await usuario(), await curso(30)];
    const p = await pago(u, c, 'completado');
    expect((await t.call('POST', `/pagos/${p}/reembolsar`, { importe: 1000, motivo: 'Descuento tardío' })).status).toBe(200);
    expect(await activas(u, c)).toHaveLength(1);
  });

  it('revoking access does not touch the money, and the matrícula is never deleted', async () => {
    const [u, c] = [await usuario(), await curso(30)];
    const p = await pago(u, c, 'completado');
    const [m] = await activas(u, c);
    const sinMotivo = await t.call('POST', `/matriculas/${m.id}/revocar`, {});
    expect(sinMotivo.status).toBe(422);
    const r = await t.call('POST', `/matriculas/${m.id}/revocar`, { motivo: 'Compartía su cuenta' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ estado: 'revocada', motivoRevocacion: 'Compartía su cuenta' });
    expect(await t.db('pagos').where('id', p).first()).toMatchObject({ estado: 'completado', importeReembolsado: 0 });
    expect((await t.call('POST', `/matriculas/${m.id}/revocar`, { motivo: 'Otra vez' })).status).toBe(409);
    const borrar = await t.call('DELETE', `/matriculas/${m.id}`);
    expect(borrar.status).toBe(409);
    expect(borrar.body.error.message).toMatch(/revócala/);
  });

  it('REVOCAR_AL_REEMBOLSAR off keeps access after a whole refund', async () => {
    const otra = await createTestApp({ REVOCAR_AL_REEMBOLSAR: 'false' });
    try {
      const u = Number((await otra.call('POST', '/usuarios', { nombre: 'Ana', apellidos: 'Sin revocar', email: 'ana.sinrevocar@example.com' })).body.id);
      const c = Number((await otra.call('POST', '/cursos', { titulo: 'Curso', precio: 100 })).body.id);
      const p = Number((await otra.call('POST', '/pagos', { usuarioId: u, cursoId: c, importe: 100, metodo: 'efectivo', fecha: new Date().toISOString(), estado: 'completado' })).body.id);
      expect((await otra.call('POST', `/pagos/${p}/reembolsar`, { motivo: 'Devolución' })).status).toBe(200);
      expect(await otra.db('matriculas').where({ usuarioId: u, cursoId: c, estado: 'activa' })).toHaveLength(1);
    } finally {
      await otra.destroy();
    }
  });
});

describe('one active matrícula per usuario and curso', () => {
  it('a person’s second grant is refused with who and until when; the database refuses it too', async () => {
    const [u, c] = [await usuario(), await curso()];
    const hasta = new Date(Date.now() + 90 * DIA).toISOString();
    const r = await t.call('POST', '/matriculas', { usuarioId: u, cursoId: c, hasta });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ estado: 'activa', origen: 'manual', hasta });
    const otra = await t.call('POST', '/matriculas', { usuarioId: u, cursoId: c });
    expect(otra.status).toBe(409);
    expect(otra.body.error.message).toMatch(/ya tiene una matrícula activa .* hasta el \d{2}\/\d{2}\/\d{4}/);
    const now = new Date().toISOString();
    await expect(t.db('matriculas').insert({ usuarioId: u, cursoId: c, desde: now, estado: 'activa', origen: 'manual', createdAt: now, updatedAt: now })).rejects.toThrow();
  });

  it('two completions at once of two pagos for the same curso leave one activa, extended once', async () => {
    const [u, c] = [await usuario(), await curso(5)];
    const [p1, p2] = [await pago(u, c), await pago(u, c)];
    const rs = await Promise.all([p1, p2].map((p) => t.call('PATCH', `/pagos/${p}`, { estado: 'completado' })));
    expect(rs.map((r) => r.status)).toEqual([204, 204]);
    const filas = await activas(u, c);
    expect(filas).toHaveLength(1);
    expect(ms(filas[0].hasta) - ms(filas[0].desde)).toBeGreaterThanOrEqual(10 * DIA - 2000);
  });

  it('only an active one changes its dates; its usuario and curso never; hasta after desde', async () => {
    const [u, c] = [await usuario(), await curso()];
    const m = (await t.call('POST', '/matriculas', { usuarioId: u, cursoId: c, hasta: new Date(Date.now() + DIA).toISOString() })).body;
    const ampliar = await t.call('PATCH', `/matriculas/${m.id}`, { hasta: new Date(Date.now() + 60 * DIA).toISOString() });
    expect(ampliar.status).toBe(204);
    expect((await t.call('PATCH', `/matriculas/${m.id}`, { hasta: '2000-01-01T00:00:00.000Z' })).status).toBe(422);
    expect((await t.call('PATCH', `/matriculas/${m.id}`, { cursoId: await curso() })).status).toBe(422);
    await t.call('POST', `/matriculas/${m.id}/revocar`, { motivo: 'Fin' });
    expect((await t.call('PATCH', `/matriculas/${m.id}`, { hasta: new Date(Date.now() + 90 * DIA).toISOString() })).status).toBe(409);
    expect((await t.call('PATCH', `/matriculas/${m.id}`, { estado: 'activa' })).status).toBe(422);
  });
});

describe('the daily job and the access check', () => {
  it('closes what ended as caducada, with its history; lists what ends within 7 days; access says no past the end', async () => {
    const [u, c, c2] = [await usuario(), await curso(), await curso()];
    const pasada = (await t.call('POST', '/matriculas', { usuarioId: u, cursoId: c, hasta: new Date(Date.now() + 1500).toISOString() })).body;
    const pronto = (await t.call('POST', '/matriculas', { usuarioId: u, cursoId: c2, hasta: new Date(Date.now() + 3 * DIA).toISOString() })).body;
    expect((await t.call('GET', `/usuarios/${u}/acceso/${c}`)).body.acceso).toBe(true);
    await new Promise((r) => setTimeout(r, 1600));
    // Past the end, before the job: already no access.
    expect((await t.call('GET', `/usuarios/${u}/acceso/${c}`)).body).toEqual({ acceso: false, hasta: null, matriculaId: null });
    const proximas = await findExpiringSoon(t.db, 7);
    expect(proximas.map((m) => Number(m.id))).toContain(pronto.id);
    expect(proximas.map((m) => Number(m.id))).not.toContain(pasada.id);
    const repo = new Repository(t.db, t.config, registry);
    const cerradas = await expireMatriculas(t.db, (fn) => repo.transaction(SERVIDOR, fn, { accion: 'caducidadMatriculas' }));
    expect(cerradas).toBeGreaterThanOrEqual(1);
    expect(await t.db('matriculas').where('id', pasada.id).first()).toMatchObject({ estado: 'caducada' });
    expect(await t.db('matriculas').where('id', pronto.id).first()).toMatchObject({ estado: 'activa' });
    const historial = await readHistorial(t, 'matriculas', pasada.id);
    expect(historial[0]).toMatchObject({ accion: 'caducar', login: null, cambios: { estado: ['activa', 'caducada'] } });
    // A new grant after it ended is a new matrícula.
    expect((await t.call('POST', '/matriculas', { usuarioId: u, cursoId: c })).status).toBe(200);
  });

  it('answers 404 for a usuario or curso that does not exist, 400 for a bad id', async () => {
    const c = await curso();
    expect((await t.call('GET', `/usuarios/999999/acceso/${c}`)).status).toBe(404);
    expect((await t.call('GET', `/usuarios/1/acceso/abc`)).status).toBe(400);
  });
});

describe('roles', () => {
  it('the editor reads who is enrolled, dates only; cannot grant', async () => {
    const [u, c] = [await usuario(), await curso()];
    await t.call('POST', '/matriculas', { usuarioId: u, cursoId: c });
    const editor = await cuentaCon(t, 'editor');
    const lista = await editor.call('GET', `/cursos/${c}/matriculas`);
    expect(lista.status).toBe(200);
    expect(Object.keys(lista.body[0]).sort()).toEqual(['createdAt', 'cursoId', 'desde', 'estado', 'hasta', 'id', 'updatedAt', 'usuarioId', 'version']);
    expect((await editor.call('POST', '/matriculas', { usuarioId: u, cursoId: await curso() })).status).toBe(403);
  });

  it('the contable manages them; the shop token reads one usuario’s and asks for access, never the whole list', async () => {
    const [u, c] = [await usuario(), await curso()];
    const contable = await cuentaCon(t, 'contable');
    const creada = await contable.call('POST', '/matriculas', { usuarioId: u, cursoId: c });
    expect(creada.status).toBe(200);
    const tienda = await tokenCon(t, 'tienda');
    expect((await tienda.call('GET', `/usuarios/${u}/acceso/${c}`)).body).toMatchObject({ acceso: true, matriculaId: creada.body.id });
    const suyas = await tienda.call('GET', `/matriculas?filter=${encodeURIComponent(JSON.stringify({ where: { usuarioId: u } }))}`);
    expect(suyas.status).toBe(200);
    expect(suyas.body).toHaveLength(1);
    expect((await tienda.call('GET', '/matriculas')).status).toBe(403);
    expect((await tienda.call('POST', '/matriculas', { usuarioId: u, cursoId: await curso() })).status).toBe(403);
  });
});
