// Issue 29, item 9: an invoice replaced by a rectificativa por sustitución is without effect
// everywhere. It names its substitute (sustituidaPorId), refuses to be rectified or anulada again
// naming it, and its PDF says so; the facturas export names related invoices by their number and
// carries what each invoice adds to the tax books, so summing it declares the IVA once: the
// replaced invoice in its own period, the substitute as the difference (as VeriFactu's
// ImporteRectificacion and the libro registro read it), an anulada as nothing. A substitute
// anulada by mistake puts the invoice it replaced back in force, with its pagos.
import { describe, expect, it } from 'vitest';
import { fechaExpedicion } from '../../../src/resources/facturas/formato.js';
import { conAlumna, facturado as facturadoPor, textoPdf as textoPdfDe } from '../../support/facturacion.js';

const ctx = conAlumna();
type Row = Record<string, any>;
const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));


const get = async (url: string) => (await ctx.t.call('GET', url)).body;
const numero = (f: Row) => `${f.serie}-${f.numero}`;
async function ok(method: string, url: string, body?: unknown): Promise<Row> {
  const res = await ctx.t.call(method, url, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
const facturado = () => facturadoPor(ctx.t, { usuarioId: ctx.ids.ana, cursoId: ctx.ids.curso });
async function emitida(base: number): Promise<Row> {
  const borrador = await ok('POST', '/facturas', { usuarioId: ctx.ids.ana, concepto: 'Clases particulares', base, tipoIva: 21 });
  return ok('POST', `/facturas/${borrador.id}/emitir`, {});
}
const sustituir = (id: number, extra: Row = {}) =>
  ok('POST', `/facturas/${id}/rectificar`, { tipoRectificativa: 'S', motivo: 'R1', descripcion: 'Dirección mal escrita', clienteDireccion: 'Calle del Prado 20, 28014 Madrid', ...extra });

const textoPdf = (id: number) => textoPdfDe(ctx.t, id);

describe('a replaced invoice', () => {
  it('names its substitute, which is the one rectified or anulada from then on', async () => {
    const { factura } = await facturado();
    const s = await sustituir(factura.id);
    expect(await get(`/facturas/${factura.id}`)).toMatchObject({ estado: 'pagada', sustituidaPorId: s.id, rectificadaPorId: s.id });
    // The substitute itself is in force: it names no substitute.
    expect(s.sustituidaPorId).toBeNull();
    expect((await get(`/facturas?filter=${q({ where: { sustituidaPorId: null, id: { inq: [factura.id, s.id] } } })}`)).map((f: Row) => f.id)).toEqual([s.id]);
    const otra = await ctx.t.call('POST', `/facturas/${factura.id}/rectificar`, { motivo: 'R1', descripcion: 'Otra' });
    expect(otra.status).toBe(409);
    expect(otra.body.error.message).toContain(`ya se sustituyó por la ${numero(s)}`);
  });

  it('prints as without effect: «SUSTITUIDA», by which invoice and since when', async () => {
    const { factura } = await facturado();
    const s = await sustituir(factura.id);
    const texto = await textoPdf(factura.id);
    expect(texto).toContain('SUSTITUIDA');
    expect(texto).toContain(`Sustituida por la factura ${numero(s)} del ${fechaExpedicion(s.fecha, ctx.t.config.timeZone, '/')}: queda sin efecto.`);
    // The substitute reads as the invoice in force.
    expect(await textoPdf(s.id)).not.toContain('SUSTITUIDA');
  });

  it('a substitute anulada by mistake puts it back in force, with its pagos', async () => {
    const { pago, factura } = await facturado();
    const s = await sustituir(factura.id);
    expect((await get(`/pagos/${pago.id}`)).facturaId).toBe(s.id);
    await ok('POST', `/facturas/${s.id}/anular`, {});
    expect((await get(`/facturas/${factura.id}`)).sustituidaPorId).toBeNull();
    expect((await get(`/pagos/${pago.id}`)).facturaId).toBe(factura.id);
    expect(await textoPdf(factura.id)).not.toContain('SUSTITUIDA');
    // In force again: corrected again.
    await sustituir(factura.id, { clienteDireccion: 'Calle del Prado 21, 28014 Madrid' });
  });
});

describe('the facturas export', () => {
  /** The export of these invoices as rows keyed by header. */
  async function exportar(facturas: Row[]): Promise<Record<string, string>[]> {
    const res = await ctx.t.call('GET', `/facturas.csv?filter=${q({ where: { id: { inq: facturas.map((f) => f.id) } }, order: 'id ASC' })}`);
    expect(res.status).toBe(200);
    const [cabecera, ...filas] = (res.body as string).slice(1, -2).split('\r\n').map((l) => l.split(';'));
    return filas.map((f) => Object.fromEntries(cabecera.map((c, i) => [c, f[i]])));
  }
  const centimos = (euros: string) => Math.round(Number(euros.replace(',', '.')) * 100);
  const suma = (filas: Record<string, string>[], columna: string) => filas.reduce((s, f) => s + centimos(f[columna]), 0);

  it('names the invoices it relates by their number: «Rectifica a», «Rectificada por», «Sustituida por»', async () => {
    const { factura } = await facturado();
    const s = await sustituir(factura.id);
    const [original, sustituta] = await exportar([factura, s]);
    expect(original).toMatchObject({ 'Rectificada por': numero(s), 'Sustituida por': numero(s), 'Rectifica a': '' });
    expect(sustituta).toMatchObject({ 'Rectifica a': numero(factura), 'Rectificada por': '', 'Sustituida por': '' });
  });

  it('sums to what is in force: a substitution counts once, a partial refund takes its part, an anulada nothing', async () => {
    // Replaced with a corrected base: 49,00 € became 36,30 € (30,00 + 6,30 of IVA).
    const { factura: a } = await facturado();
    const s = await sustituir(a.id, { base: 3000 });
    const b = await emitida(10000);
    const anulada = await emitida(500);
    await ok('POST', `/facturas/${anulada.id}/anular`, {});
    const { pago, factura: d } = await facturado();
    await ok('POST', `/pagos/${pago.id}/reembolsar`, { importe: 1000, motivo: 'Dos clases sin ver' });
    const [devolucion] = await get(`/facturas?filter=${q({ where: { rectificaId: d.id } })}`);
    const filas = await exportar([a, s, b, anulada, d, devolucion]);

    const enVigor = [s, b, d, devolucion];
    expect(suma(filas, 'Base imponible a declarar')).toBe(enVigor.reduce((n, f) => n + f.base, 0));
    expect(suma(filas, 'Cuota de IVA a declarar')).toBe(enVigor.reduce((n, f) => n + f.cuotaIva, 0));
    // What the rows themselves say is untouched: summing it would count the replaced one and the anulada.
    expect(suma(filas, 'Base imponible')).toBe(enVigor.reduce((n, f) => n + f.base, 0) + a.base + anulada.base);
    // Row by row: the replaced one in its period, the substitute as the difference.
    const porNumero = Object.fromEntries(filas.map((f) => [f['Número'] ? `${f.Serie}-${f['Número']}` : '', f]));
    expect(centimos(porNumero[numero(a)]['Base imponible a declarar'])).toBe(a.base);
    expect(centimos(porNumero[numero(s)]['Base imponible a declarar'])).toBe(3000 - a.base);
    expect(centimos(porNumero[numero(s)]['Cuota de IVA a declarar'])).toBe(630 - a.cuotaIva);
    expect(porNumero[numero(anulada)]['Base imponible a declarar']).toBe('0,00');
  });

  it('leaves the computed figures out of an export of chosen fields, and a draft without them', async () => {
    const borrador = await ok('POST', '/facturas', { usuarioId: ctx.ids.ana, concepto: 'Borrador', base: 100, tipoIva: 21 });
    const [fila] = await exportar([borrador]);
    expect(fila['Base imponible a declarar']).toBe('');
    const res = await ctx.t.call('GET', `/facturas.csv?filter=${q({ where: { id: borrador.id }, fields: ['id', 'base'] })}`);
    expect((res.body as string).slice(1).split('\r\n')[0]).toBe('Id;Base imponible');
  });
});
