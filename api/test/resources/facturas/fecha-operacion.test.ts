// Issue 29, item 10: an invoice issued after its operation says when the operation took place
// (RD 1619/2012 arts. 6.1.f and 7.1.f). The invoice of a pago carries the pago's fecha as
// fechaOperacion, printed on the PDF when it is another day than the issue; a draft may say one,
// never later than its issue nor more than twenty years back (what the AEAT refuses with
// ClaveRegimen 01), a 422 at /fechaOperacion that numbers nothing; a substitute keeps the
// operation's date. Its VeriFactu record: verifactu-xml.test.ts.
import { describe, expect, it } from 'vitest';
import { fechaExpedicion } from '../../../src/resources/facturas/formato.js';
import { conAlumna, facturado as facturadoPor, textoPdf as textoPdfDe } from '../../support/facturacion.js';

const ctx = conAlumna();
type Row = Record<string, any>;
const DIA = 86_400_000;


const dia = (iso: string) => fechaExpedicion(iso, ctx.t.config.timeZone, '/');
async function ok(method: string, url: string, body?: unknown): Promise<Row> {
  const res = await ctx.t.call(method, url, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
const facturado = (fecha: string) => facturadoPor(ctx.t, { usuarioId: ctx.ids.ana, cursoId: ctx.ids.curso, metodo: 'transferencia', fecha });
const textoPdf = (id: number) => textoPdfDe(ctx.t, id);

describe('the invoice of a pago', () => {
  it('paid 29 days before it is invoiced: carries the pago\'s fecha and prints it beside the issue date', async () => {
    const { pago, factura } = await facturado(new Date(Date.now() - 29 * DIA).toISOString());
    expect(factura.fechaOperacion).toBe(pago.fecha);
    const texto = await textoPdf(factura.id);
    expect(texto).toContain(`Fecha de expedición: ${dia(factura.fecha)}`);
    expect(texto).toContain(`Fecha de operación: ${dia(pago.fecha)}`);
  });

  it('paid the day it is invoiced: nothing more to print', async () => {
    const { factura } = await facturado(new Date().toISOString());
    expect(factura.fechaOperacion).not.toBeNull();
    expect(await textoPdf(factura.id)).not.toContain('Fecha de operación');
  });

  it('a pago dated later than today cannot be invoiced yet: 422 at /fechaOperacion, no number used', async () => {
    const pago = await ok('POST', '/pagos', { usuarioId: ctx.ids.ana, importe: 4900, metodo: 'tarjeta', estado: 'completado', fecha: new Date(Date.now() + 3 * DIA).toISOString() });
    const antes = await ctx.t.db('facturas').whereNotNull('numero').count({ n: '*' });
    const res = await ctx.t.call('POST', `/pagos/${pago.id}/facturar`, {});
    expect(res.status).toBe(422);
    expect(res.body.error.details).toEqual([expect.objectContaining({ path: '/fechaOperacion', code: 'posterior' })]);
    expect(await ctx.t.db('facturas').whereNotNull('numero').count({ n: '*' })).toEqual(antes);
    expect((await ctx.t.call('GET', `/pagos/${pago.id}`)).body.facturaId).toBeNull();
  });
});

describe('a draft', () => {
  const borrador = (fechaOperacion?: string) => ok('POST', '/facturas', { usuarioId: ctx.ids.ana, concepto: 'Clases particulares', base: 10000, tipoIva: 21, fechaOperacion });

  it('may say when its operation took place, and is issued with it', async () => {
    const operacion = new Date(Date.now() - 10 * DIA).toISOString();
    const f = await ok('POST', `/facturas/${(await borrador(operacion)).id}/emitir`, {});
    expect(f.fechaOperacion).toBe(operacion);
    expect(await textoPdf(f.id)).toContain(`Fecha de operación: ${dia(operacion)}`);
  });

  it('is not issued with an operation after its issue date, nor one more than twenty years back', async () => {
    const manana = await borrador(new Date(Date.now() + DIA).toISOString());
    const posterior = await ctx.t.call('POST', `/facturas/${manana.id}/emitir`, {});
    expect(posterior.status).toBe(422);
    expect(posterior.body.error.details[0]).toMatchObject({ path: '/fechaOperacion', code: 'posterior' });
    // Issued on a day before the operation: the same refusal.
    const hoy = await borrador(new Date().toISOString());
    const ayer = await ctx.t.call('POST', `/facturas/${hoy.id}/emitir`, { fecha: new Date(Date.now() - DIA).toISOString() });
    expect(ayer.body.error?.details).toContainEqual(expect.objectContaining({ path: '/fechaOperacion', code: 'posterior' }));
    const antigua = await borrador(new Date(Date.now() - 21 * 365 * DIA).toISOString());
    const res = await ctx.t.call('POST', `/facturas/${antigua.id}/emitir`, {});
    expect(res.status).toBe(422);
    expect(res.body.error.details[0]).toMatchObject({ path: '/fechaOperacion', code: 'antigua' });
    for (const f of [manana, hoy, antigua]) expect((await ctx.t.call('GET', `/facturas/${f.id}`)).body).toMatchObject({ estado: 'borrador', numero: null });
  });
});

describe('a substitute', () => {
  it('invoices the same operation: the pago\'s date, or the replaced invoice\'s issue day', async () => {
    const sustituir = (id: number) => ok('POST', `/facturas/${id}/rectificar`, { tipoRectificativa: 'S', motivo: 'R1', descripcion: 'Dirección', clienteDireccion: 'Calle del Prado 20, 28014 Madrid' });
    const { pago, factura } = await facturado(new Date(Date.now() - 29 * DIA).toISOString());
    const s = await sustituir(factura.id);
    expect(s.fechaOperacion).toBe(pago.fecha);
    expect(await textoPdf(s.id)).toContain(`Fecha de operación: ${dia(pago.fecha)}`);
    // A hand-made invoice said none: its operation was on its issue day, which the substitute names.
    const borrador = await ok('POST', '/facturas', { usuarioId: ctx.ids.ana, concepto: 'Clases particulares', base: 10000, tipoIva: 21 });
    const emitida = await ok('POST', `/facturas/${borrador.id}/emitir`, {});
    expect(emitida.fechaOperacion).toBeNull();
    expect((await sustituir(emitida.id)).fechaOperacion).toBe(emitida.fecha);
  });
});
