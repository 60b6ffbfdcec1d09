// Discount coupons (issue 33, point 6; docs/arquitectura.md §23): codes unique regardless of case,
// percentage and fixed discounts (never below 0), scope, dates, per-usuario and overall limits
// (100 concurrent redemptions of a 10-use code give exactly 10), generating codes in bulk, a pago
// that spends a canje and its invoice, a 100 % cupón that grants the matrícula with no pago, and
// who may do what. Runs on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { cuentaCon, tokenCon, type Cuenta } from '../support/cuentas.js';
import { EMISOR } from '../support/db.js';

type Obj = Record<string, any>;

let t: TestApp;
let contable: Cuenta;
let tienda: Cuenta & { token: string };
let categoriaA: number;
let categoriaB: number;
let cursoA: number; // 100,00 € in categoría A
let cursoB: number; // 40,00 € in categoría B

beforeAll(async () => {
  t = await createTestApp(EMISOR);
  contable = await cuentaCon(t, 'contable');
  tienda = await tokenCon(t, 'tienda');
  categoriaA = (await t.call('POST', '/categorias', { nombre: 'Fotografía' })).body.id;
  categoriaB = (await t.call('POST', '/categorias', { nombre: 'Cocina' })).body.id;
  cursoA = (await t.call('POST', '/cursos', { titulo: 'Luz natural', precio: 10000, categoriaId: categoriaA, estado: 'publicado' })).body.id;
  cursoB = (await t.call('POST', '/cursos', { titulo: 'Pan de masa madre', precio: 4000, categoriaId: categoriaB, estado: 'publicado' })).body.id;
}, 60_000);
afterAll(() => t.destroy());

let n = 0;
async function usuario(): Promise<number> {
  const res = await t.call('POST', '/usuarios', { nombre: 'Ana', apellidos: 'Vidal', email: `ana.${++n}.${Math.random().toString(36).slice(2, 8)}@example.com` });
  expect(res.status).toBe(200);
  return res.body.id;
}

async function cupon(body: Obj): Promise<Obj> {
  const res = await contable.call('POST', '/cupones', { tipo: 'porcentaje', valor: 10, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const redeem = (codigo: string, usuarioId: number, cursoId: number, quien: { call: Cuenta['call'] } = tienda) => quien.call('POST', '/cupones/canjear', { codigo, usuarioId, cursoId });

describe('cupones', () => {
  it('keeps a code unique regardless of case, stored upper-cased', async () => {
    const c = await cupon({ codigo: 'verano25' });
    expect(c.codigo).toBe('VERANO25');
    expect(c.usos).toBe(0);
    const otra = await contable.call('POST', '/cupones', { codigo: 'Verano25', tipo: 'importe', valor: 500 });
    expect(otra.status).toBe(422);
    expect(otra.body.error.details[0]).toMatchObject({ path: '/codigo', code: 'unique' });
  });

  it('checks the value and the scope', async () => {
    const pct = await contable.call('POST', '/cupones', { codigo: 'MUCHO', tipo: 'porcentaje', valor: 150 });
    expect(pct.status).toBe(422);
    expect(JSON.stringify(pct.body)).toContain('1 a 100');
    const sinCurso = await contable.call('POST', '/cupones', { codigo: 'SINCURSO', tipo: 'porcentaje', valor: 10, ambito: 'curso' });
    expect(sinCurso.status).toBe(422);
    expect(JSON.stringify(sinCurso.body)).toContain('Elige el curso');
  });

  it('takes a percentage or a fixed amount off the price, never below 0', async () => {
    await cupon({ codigo: 'PCT20', tipo: 'porcentaje', valor: 20, maxUsosPorUsuario: null });
    await cupon({ codigo: 'MENOS15', tipo: 'importe', valor: 1500 });
    await cupon({ codigo: 'MENOS500', tipo: 'importe', valor: 50000 });
    const u = await usuario();
    const a = await redeem('pct20', u, cursoA);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body).toMatchObject({ precio: 10000, descuento: 2000, total: 8000, moneda: 'EUR', requierePago: true, matriculaId: null });
    expect(a.body.canjeId).toBeGreaterThan(0);
    const b = await redeem('MENOS15', u, cursoB);
    expect(b.body).toMatchObject({ precio: 4000, descuento: 1500, total: 2500 });
    // 500 € off a 40 € curso: free, never negative.
    const c = await redeem('menos500', u, cursoB);
    expect(c.body).toMatchObject({ precio: 4000, descuento: 4000, total: 0, requierePago: false });
    expect((await t.db('cupones').where('codigo', 'PCT20').first('usos')).usos).toBe(1);
  });

  it('refuses a code that does not exist with the same plain answer', async () => {
    const res = await redeem('NOEXISTE', await usuario(), cursoA);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ statusCode: 422, message: 'Cupón no válido', code: 'CUPON_NO_VALIDO' });
  });

  it('refuses a curso outside its scope: another categoría, another curso', async () => {
    await cupon({ codigo: 'SOLOFOTO', ambito: 'categoria', categoriaId: categoriaA });
    await cupon({ codigo: 'SOLOPAN', ambito: 'curso', cursoId: cursoB });
    const u = await usuario();
    const fuera = await redeem('SOLOFOTO', u, cursoB);
    expect(fuera.status).toBe(409);
    expect(fuera.body.error).toMatchObject({ code: 'CUPON_OTRO_CURSO', message: 'El cupón SOLOFOTO no vale para el curso «Pan de masa madre»' });
    expect((await redeem('SOLOFOTO', u, cursoA)).status).toBe(200);
    expect((await redeem('SOLOPAN', u, cursoA)).body.error.code).toBe('CUPON_OTRO_CURSO');
    expect((await redeem('SOLOPAN', u, cursoB)).status).toBe(200);
  });

  it('refuses one not yet valid, expired or switched off', async () => {
    const dia = 86_400_000;
    await cupon({ codigo: 'FUTURO', desde: new Date(Date.now() + dia).toISOString() });
    await cupon({ codigo: 'PASADO', desde: new Date(Date.now() - 3 * dia).toISOString(), hasta: new Date(Date.now() - dia).toISOString() });
    const apagado = await cupon({ codigo: 'APAGADO', activo: false });
    const u = await usuario();
    const futuro = await redeem('FUTURO', u, cursoA);
    expect(futuro.status).toBe(409);
    expect(futuro.body.error.code).toBe('CUPON_AUN_NO');
    const pasado = await redeem('PASADO', u, cursoA);
    expect(pasado.body.error.code).toBe('CUPON_CADUCADO');
    expect(pasado.body.error.message).toMatch(/^El cupón PASADO caducó el \d\d\/\d\d\/\d{4}/);
    expect((await redeem('APAGADO', u, cursoA)).body.error).toMatchObject({ code: 'CUPON_INACTIVO', message: 'El cupón APAGADO está desactivado' });
    expect((await contable.call('PATCH', `/cupones/${apagado.id}`, { activo: true })).status).toBe(204);
    expect((await redeem('APAGADO', u, cursoA)).status).toBe(200);
    // Nothing refused was counted.
    expect((await t.db('cupones').where('codigo', 'PASADO').first('usos')).usos).toBe(0);
  });

  it('holds each usuario to its own limit', async () => {
    await cupon({ codigo: 'UNAVEZ' });
    await cupon({ codigo: 'DOSVECES', maxUsosPorUsuario: 2 });
    const [u, v] = [await usuario(), await usuario()];
    expect((await redeem('UNAVEZ', u, cursoA)).status).toBe(200);
    const otra = await redeem('unavez', u, cursoB);
    expect(otra.status).toBe(409);
    expect(otra.body.error).toMatchObject({ code: 'CUPON_YA_USADO', message: 'Este usuario ya usó el cupón UNAVEZ' });
    expect((await redeem('UNAVEZ', v, cursoA)).status).toBe(200);
    expect((await redeem('DOSVECES', u, cursoA)).status).toBe(200);
    expect((await redeem('DOSVECES', u, cursoA)).status).toBe(200);
    expect((await redeem('DOSVECES', u, cursoA)).body.error.code).toBe('CUPON_YA_USADO');
  });

  it('gives a 10-use code to exactly 10 of 100 concurrent redemptions', async () => {
    const c = await cupon({ codigo: 'CARRERA', maxUsos: 10 });
    const usuarios: number[] = [];
    for (let i = 0; i < 100; i++) usuarios.push(await usuario());
    const respuestas = await Promise.all(usuarios.map((u) => redeem('CARRERA', u, cursoA)));
    const estados = respuestas.map((r) => r.status);
    expect(estados.filter((s) => s === 200)).toHaveLength(10);
    expect(estados.filter((s) => s === 409)).toHaveLength(90);
    for (const r of respuestas) if (r.status === 409) expect(r.body.error.code).toBe('CUPON_AGOTADO');
    expect((await t.db('cupones').where('id', c.id).first('usos')).usos).toBe(10);
    expect(Number((await t.db('canjes').where('cuponId', c.id).count({ n: '*' }).first())!.n)).toBe(10);
  }, 120_000);

  it('generates 500 single-use codes in one go', async () => {
    const res = await contable.call('POST', '/cupones/generar', { prefijo: 'bf', cantidad: 500, tipo: 'importe', valor: 1000, hasta: new Date(Date.now() + 30 * 86_400_000).toISOString() });
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    const codigos: string[] = res.body.cupones.map((c: Obj) => c.codigo);
    expect(codigos).toHaveLength(500);
    expect(new Set(codigos).size).toBe(500);
    for (const c of codigos) expect(c).toMatch(/^BF-[A-HJ-NP-Z2-9]{10}$/);
    const filas = await t.db('cupones').where('lote', res.body.lote).select('maxUsos', 'maxUsosPorUsuario', 'usos', 'tipo', 'valor');
    expect(filas).toHaveLength(500);
    expect(filas.every((f) => f.maxUsos === 1 && f.maxUsosPorUsuario === 1 && f.usos === 0)).toBe(true);
    // Each is good once.
    expect((await redeem(codigos[0].toLowerCase(), await usuario(), cursoA)).body).toMatchObject({ descuento: 1000, total: 9000 });
    expect((await redeem(codigos[0], await usuario(), cursoA)).body.error.code).toBe('CUPON_AGOTADO');
    const demasiados = await contable.call('POST', '/cupones/generar', { cantidad: 10_001, tipo: 'importe', valor: 1000 });
    expect(demasiados.status).toBe(422);
  }, 60_000);

  it('records the cupón and the discount on the pago that spends a canje, and its invoice says so', async () => {
    await cupon({ codigo: 'FACTURA20', tipo: 'importe', valor: 2000 });
    const u = await usuario();
    const canje = (await redeem('FACTURA20', u, cursoA)).body;
    expect(canje.total).toBe(8000);
    const base = { usuarioId: u, metodo: 'tarjeta', fecha: new Date().toISOString(), canjeId: canje.canjeId };
    const malImporte = await contable.call('POST', '/pagos', { ...base, importe: 10000 });
    expect(malImporte.status).toBe(422);
    expect(JSON.stringify(malImporte.body)).toContain('80,00');
    const otroUsuario = await contable.call('POST', '/pagos', { ...base, usuarioId: await usuario(), importe: 8000 });
    expect(otroUsuario.status).toBe(422);
    const pago = await contable.call('POST', '/pagos', { ...base, importe: 8000, estado: 'completado' });
    expect(pago.status, JSON.stringify(pago.body)).toBe(200);
    expect(pago.body).toMatchObject({ cursoId: cursoA, importe: 8000, canjeId: canje.canjeId, cuponId: canje.cuponId, descuento: 2000 });
    // One pago per canje.
    const segundo = await contable.call('POST', '/pagos', { ...base, importe: 8000 });
    expect(segundo.status).toBe(422);
    expect(segundo.body.error.details[0]).toMatchObject({ path: '/canjeId', code: 'unique' });
    const factura = await contable.call('POST', `/pagos/${pago.body.id}/facturar`, {});
    expect(factura.status, JSON.stringify(factura.body)).toBe(200);
    // (importeEs writes a no-break space before the euro sign.)
    expect(factura.body.concepto.replace(/\s/g, ' ')).toBe('Curso: Luz natural (precio 100,00 € − cupón FACTURA20 20,00 €)');
    // The base is what was paid: 80 € with IVA included.
    expect(factura.body.base + factura.body.cuotaIva).toBe(8000);
    // A client cannot set the discount itself.
    expect((await contable.call('POST', '/pagos', { usuarioId: u, metodo: 'tarjeta', fecha: new Date().toISOString(), importe: 100, descuento: 50 })).status).toBe(422);
  });

  it('grants the matrícula with origen cupon and no pago for a 100 % cupón', async () => {
    await cupon({ codigo: 'GRATIS', valor: 100 });
    const u = await usuario();
    const res = await redeem('GRATIS', u, cursoA);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ precio: 10000, descuento: 10000, total: 0, requierePago: false });
    const matricula = await t.db('matriculas').where({ usuarioId: u, cursoId: cursoA }).first();
    expect(matricula).toMatchObject({ estado: 'activa', origen: 'cupon', pagoId: null });
    expect(res.body.matriculaId).toBe(matricula.id);
    expect(await t.db('pagos').where({ usuarioId: u })).toHaveLength(0);
    const sinPago = await contable.call('POST', '/pagos', { usuarioId: u, metodo: 'tarjeta', fecha: new Date().toISOString(), importe: 1, canjeId: res.body.canjeId });
    expect(sinPago.status).toBe(422);
  });

  it('lets the shop redeem but not list or change cupones; the editor does nothing; canjes are written only by redeeming', async () => {
    await cupon({ codigo: 'TIENDA' });
    expect((await tienda.call('GET', '/cupones')).status).toBe(403);
    expect((await tienda.call('POST', '/cupones', { codigo: 'MIO', tipo: 'porcentaje', valor: 50 })).status).toBe(403);
    expect((await tienda.call('POST', '/cupones/generar', { cantidad: 1, tipo: 'porcentaje', valor: 50 })).status).toBe(403);
    const u = await usuario();
    const canje = await redeem('TIENDA', u, cursoA);
    expect(canje.status).toBe(200);
    // The shop reads back its own canje.
    expect((await tienda.call('GET', `/canjes/${canje.body.canjeId}`)).status).toBe(200);
    const editor = await cuentaCon(t, 'editor');
    expect((await editor.call('GET', '/cupones')).status).toBe(403);
    expect((await redeem('TIENDA', u, cursoB, editor)).status).toBe(403);
    expect((await contable.call('GET', '/canjes')).status).toBe(200);
    expect((await contable.call('POST', '/canjes', { cuponId: 1, usuarioId: u, cursoId: cursoA, precio: 1, descuento: 0, total: 1, fecha: new Date().toISOString() })).status).toBe(403);
    // The history names the token that redeemed.
    const log = await t.db('logs').where({ recurso: 'canjes', recursoId: canje.body.canjeId }).first();
    expect(log?.tokenId).toBe(tienda.id);
  });
});
