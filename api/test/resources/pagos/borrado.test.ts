// Issue 29, item 8: a pago that money or an invoice went through is an accounting record. No route
// and no role deletes it (DELETE /pagos/{id}, with or without If-Match as the admin's bulk
// «Borrar» sends it, as the administrador or the contable; pagos have no bulk or nested DELETE):
// a 409 in Spanish that says how it is corrected, and nothing deleted. A pago that moved nothing
// still goes. And the report of invoices without a pago catches one whose pago went anyway
// (before this rule), «Pagada» too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mensajes } from '../../../src/mensajes.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { cuentaCon, type Cuenta } from '../../support/cuentas.js';
import { crearAlumna, facturado as facturadoPor, pagoCompletado } from '../../support/facturacion.js';

let t: TestApp;
let contable: Cuenta;
let ids: { ana: number; curso: number };
type Row = Record<string, any>;
// A day of its own, so the revenue figures are this file's alone.
const DIA = '2025-03-14';

beforeAll(async () => {
  t = await createTestApp();
  contable = await cuentaCon(t, 'contable');
  ids = await crearAlumna(t);
});
afterAll(async () => {
  await t?.destroy();
});

const get = async (url: string) => (await t.call('GET', url)).body;
const enDia = (extra: Row) => ({ usuarioId: ids.ana, cursoId: ids.curso, fecha: `${DIA}T10:00:00.000Z`, ...extra });
const pago = (extra: Row = {}) => pagoCompletado(t, enDia(extra));
const facturado = (extra: Row = {}) => facturadoPor(t, enDia(extra));
const numero = (f: Row) => `${f.serie}-${f.numero}`;
const ingresosDelDia = async () => (await get(`/informes/resumen?desde=${DIA}&hasta=${DIA}`)).actual.ingresos;

describe('a pago that moved money or has an invoice is never deleted', () => {
  it('an invoiced completed pago: with or without If-Match, as administrador or contable: 409 saying how to correct it, and it stays', async () => {
    const { pago: p, factura } = await facturado({ referencia: 'TPV-3044' });
    const ingresos = await ingresosDelDia();
    const motivo = mensajes.pagos.noBorrable('TPV-3044', 'completado', numero(factura));
    const intentos = [
      await t.call('DELETE', `/pagos/${p.id}`),
      await t.call('DELETE', `/pagos/${p.id}`, undefined, { headers: { 'if-match': `"${(await get(`/pagos/${p.id}`)).version}"` } }),
      await contable.call('DELETE', `/pagos/${p.id}`),
    ];
    for (const res of intentos) {
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.error.message).toBe(motivo);
    }
    expect(motivo).toContain('reembolso');
    expect(motivo).toContain(`rectificativa de su factura`);
    expect((await t.call('GET', `/pagos/${p.id}`)).status).toBe(200);
    expect((await get(`/facturas/${factura.id}`)).estado).toBe('pagada');
    expect(await ingresosDelDia()).toBe(ingresos);
  });

  it('a completed pago without invoice, one refunded whole, one whose invoice was anulada: each refused', async () => {
    const completado = await pago();
    const reembolsado = await pago();
    expect((await t.call('POST', `/pagos/${reembolsado.id}/reembolsar`, { motivo: 'Compra duplicada' })).status).toBe(200);
    const { pago: conAnulada, factura } = await facturado();
    // Anulada by mistake: the pago still brought its money in.
    await t.db('facturas').where('id', factura.id).update({ estado: 'anulada' });
    for (const p of [completado, reembolsado, conAnulada]) {
      const res = await t.call('DELETE', `/pagos/${p.id}`);
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.error.message).toContain('es un registro contable y no se borra');
      expect((await t.call('GET', `/pagos/${p.id}`)).status).toBe(200);
    }
  });

  it('names the pago and its invoice as the admin does: «#id» without a reference, «Borrador #id» before the invoice has a number', async () => {
    const sinReferencia = await pago({ referencia: null });
    const borrador = (await t.call('POST', '/facturas', { usuarioId: ids.ana, concepto: 'Curso', base: 1000, tipoIva: 21 })).body;
    await t.db('pagos').where('id', sinReferencia.id).update({ facturaId: borrador.id });
    const res = await t.call('DELETE', `/pagos/${sinReferencia.id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.error.message).toBe(mensajes.pagos.noBorrable(`#${sinReferencia.id}`, 'completado', `Borrador #${borrador.id}`));
  });

  it('a pago that moved nothing (pendiente, fallido) and has no invoice is still deleted', async () => {
    const pendiente = await pago({ estado: 'pendiente' });
    const fallido = await pago({ estado: 'pendiente' });
    expect((await t.call('PATCH', `/pagos/${fallido.id}`, { estado: 'fallido' })).status).toBe(204);
    expect((await contable.call('DELETE', `/pagos/${pendiente.id}`)).status).toBe(204);
    expect((await t.call('DELETE', `/pagos/${fallido.id}`)).status).toBe(204);
    expect((await t.call('GET', `/pagos/${pendiente.id}`)).status).toBe(404);
  });
});

describe('«Facturas emitidas sin ningún pago» whatever their state', () => {
  const sinPago = async () => ((await get('/informes/pendientes?dias=0')).facturasSinPago.filas as Row[]).map((f) => f.id);

  it('lists a «Pagada» invoice whose pago is gone (deleted before this rule), as it lists an «Emitida» one', async () => {
    const { pago: p, factura } = await facturado();
    expect(factura.estado).toBe('pagada');
    // How such data came to be: the DELETE the API answered before (before matrículas and their
    // welcome messages, too).
    await t.db('correos').whereIn('matriculaId', t.db('matriculas').where('pagoId', p.id).select('id')).delete();
    await t.db('matriculas').where('pagoId', p.id).delete();
    await t.db('pagos').where('id', p.id).delete();
    expect(await sinPago()).toContain(factura.id);
  });

  it('leaves out an invoice cancelled to zero that let its pago go, even when the amounts cancelled came through the invoice it substitutes', async () => {
    const { pago: p, factura } = await facturado();
    // 10 € refunded against the original, then the customer corrected (the pago follows the
    // substitute), then the substitute cancelled to zero without a refund: the pago is freed.
    expect((await t.call('POST', `/pagos/${p.id}/reembolsar`, { importe: 1000, motivo: 'Parte' })).status).toBe(200);
    const s = (await t.call('POST', `/facturas/${factura.id}/rectificar`, { tipoRectificativa: 'S', motivo: 'R1', descripcion: 'Dirección', clienteDireccion: 'Calle del Prado 20, 28014 Madrid' })).body;
    expect((await t.call('POST', `/facturas/${s.id}/rectificar`, { motivo: 'R1', descripcion: 'Al alumno equivocado' })).status).toBe(200);
    expect((await get(`/pagos/${p.id}`)).facturaId).toBeNull();
    const lista = await sinPago();
    expect(lista).not.toContain(s.id);
    expect(lista).not.toContain(factura.id);
  });
});
