// Issue 29, item 11: what the student receives says nothing internal. A refund's rectificativa
// names the original invoice by its number and says what went back; the contable's reason stays
// on the reembolso and in the activity log, unless they write a text for the customer
// (`descripcion`), which is then what the PDF prints. An invoice of a pago without a curso names
// the pago by its own reference, never by our id. (The VeriFactu record's DescripcionOperacion
// is the same text: verifactu-xml.test.ts.)
import { describe, expect, it } from 'vitest';
import { mensajes } from '../../../src/mensajes.js';
import { conAlumna, facturado as facturadoPor, textoPdf as textoPdfDe } from '../../support/facturacion.js';

const ctx = conAlumna();
type Row = Record<string, any>;
const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));


const get = async (url: string) => (await ctx.t.call('GET', url)).body;
const numero = (f: Row) => `${f.serie}-${f.numero}`;
const facturado = (extra: Row = {}) => facturadoPor(ctx.t, { usuarioId: ctx.ids.ana, cursoId: ctx.ids.curso, ...extra });
// One line per paragraph, spaces as typed: the texts are looked for whole.
const textoPdf = async (id: number) => (await textoPdfDe(ctx.t, id, { layout: false })).replace(/\s+/g, ' ');

describe('the rectificativa of a refund', () => {
  it('names the invoice by its number and what went back; the reason stays on the reembolso and in the log', async () => {
    const { pago, factura } = await facturado();
    const motivo = `El alumno pagó dos veces (ver pago ${pago.id} y ticket 5521)`;
    const res = await ctx.t.call('POST', `/pagos/${pago.id}/reembolsar`, { importe: 1000, motivo });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.motivo).toBe(motivo);
    const texto = await textoPdf(res.body.facturaId);
    expect(texto).toContain(`Rectificación de la factura ${numero(factura)}: Devolución de 10,00 € del importe pagado`);
    expect(texto).toContain('Motivo: Devolución de 10,00 € del importe pagado');
    expect(texto).not.toContain('ticket 5521');
    expect(texto).not.toMatch(new RegExp(`pago ${pago.id}\\b`, 'i'));
    const logs = await get(`/logs?filter=${q({ where: { recurso: 'pagos', recursoId: pago.id } })}`);
    expect(logs.filter((l: Row) => l.datos).map((l: Row) => JSON.parse(l.datos).motivo)).toContain(motivo);
  });

  it('prints the text the contable wrote for the customer, if they wrote one', async () => {
    const { pago, factura } = await facturado();
    const descripcion = 'Descuento por dos clases no impartidas';
    const res = await ctx.t.call('POST', `/pagos/${pago.id}/reembolsar`, { importe: 1500, motivo: 'Queja por teléfono del 3 de mayo', descripcion });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rectificativa = await get(`/facturas/${res.body.facturaId}`);
    expect(rectificativa).toMatchObject({ motivoRectificacion: descripcion, concepto: mensajes.facturacion.conceptoRectificacion(numero(factura), descripcion) });
    const texto = await textoPdf(rectificativa.id);
    expect(texto).toContain(`Motivo: ${descripcion}`);
    expect(texto).not.toContain('Queja por teléfono');
  });

  it('a text for the customer left blank is a 422 next to it, and nothing is refunded', async () => {
    const { pago } = await facturado();
    const res = await ctx.t.call('POST', `/pagos/${pago.id}/reembolsar`, { importe: 1000, motivo: 'Parte', descripcion: ' \u200b ' });
    expect(res.status).toBe(422);
    expect(res.body.error.details).toEqual([expect.objectContaining({ path: '/descripcion', message: mensajes.pagos.descripcionVacia })]);
    expect((await get(`/pagos/${pago.id}`)).importeReembolsado).toBe(0);
  });
});

describe('the invoice of a pago without a curso', () => {
  it('names the pago by its own reference, or by nothing, never by our id', async () => {
    const conReferencia = (await facturado({ cursoId: null, referencia: 'BZM4455667788990' })).factura;
    expect(conReferencia.concepto).toBe('Servicios de formación (pago BZM4455667788990)');
    const { pago, factura } = await facturado({ cursoId: null, referencia: null });
    expect(factura.concepto).toBe('Servicios de formación');
    expect(await textoPdf(factura.id)).not.toMatch(new RegExp(`pago ${pago.id}\\b`, 'i'));
  });
});
