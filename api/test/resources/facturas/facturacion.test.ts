// Facturación over HTTP (docs/arquitectura.md §11), on the dialect under test: emission with gapless numbers,
// immutability on every route, rectificativas and anulaciones, the VeriFactu chain and its
// check, the PDF, and the pagos workflow with its invoices and refunds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mensajes } from '../../../src/mensajes.js';
import { createTestApp, type TestApp } from '../../support/app.js';

let t: TestApp;
const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const usuario = async (u: Record<string, unknown>) => (await t.call('POST', '/usuarios', u)).body.id as number;
  ids.ana = await usuario({ nombre: 'Ana', apellidos: 'García López', email: 'ana@example.es', nif: '12345678Z', direccion: 'Calle Mayor 1', codigoPostal: '28013', ciudad: 'Madrid', provincia: 'Madrid' });
  ids.sinNif = await usuario({ nombre: 'Bea', email: 'bea@example.es' });
  ids.sinDireccion = await usuario({ nombre: 'Carlos', email: 'carlos@example.es', nif: '87654321X' });
  ids.curso = (await t.call('POST', '/cursos', { titulo: 'TypeScript desde cero', precio: 4900 })).body.id;
});
afterAll(async () => {
  await t?.destroy();
});

async function borrador(extra: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/facturas', { usuarioId: ids.ana, concepto: 'Curso de TypeScript', base: 10000, tipoIva: 21, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Record<string, any>;
}
const emitir = (id: number, body: Record<string, unknown> = {}) => t.call('POST', `/facturas/${id}/emitir`, body);
async function emitida(extra: Record<string, unknown> = {}) {
  const f = await borrador(extra);
  const res = await emitir(f.id);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Record<string, any>;
}
const registrosDe = async (facturaId: number) => (await t.call('GET', `/registros?filter=${q({ where: { facturaId }, order: 'id ASC' })}`)).body as Record<string, any>[];
const numerosDe = async (serie: string) =>
  ((await t.call('GET', `/facturas?filter=${q({ where: { serie, numero: { neq: null } }, order: 'numero ASC', fields: ['numero'] })}`)).body as { numero: number }[]).map((f) => f.numero);

describe('borrador → emitida', () => {
  it('a borrador has no number, the serie of configuration and a kind the server derives; a number or date sent is a 422', async () => {
    const f = await borrador();
    expect(f).toMatchObject({ serie: 'A', numero: null, fecha: null, estado: 'borrador', tipo: 'F1', total: 12100 });
    expect((await borrador({ usuarioId: ids.sinNif, clienteNif: null })).tipo).toBe('F2');
    for (const campo of ['numero', 'fecha', 'tipo', 'emisorNif', 'rectificaId']) {
      const res = await t.call('POST', '/facturas', { usuarioId: ids.ana, concepto: 'x', base: 1, tipoIva: 21, [campo]: campo === 'fecha' ? '2026-01-01T00:00:00Z' : campo === 'numero' || campo === 'rectificaId' ? 1 : 'F1' });
      expect(res.status, campo).toBe(422);
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toEqual([`/${campo}`]);
    }
    expect((await t.call('POST', '/facturas', { usuarioId: ids.ana, concepto: 'x', base: 1, tipoIva: 21, estado: 'emitida' })).status).toBe(422);
    expect((await t.call('POST', '/facturas', { usuarioId: ids.ana, concepto: 'x', base: 1, tipoIva: 21, serie: 'R' })).status).toBe(422);
    expect((await t.call('PATCH', `/facturas/${f.id}`, { estado: 'emitida' })).status).toBe(422);
  });

  it('emitir numbers it, dates it, copies issuer and customer as they are now, and writes its record', async () => {
    const f = await borrador({ clienteNombre: null, clienteNif: null, clienteDireccion: null });
    const antes = (await numerosDe('A')).length;
    const res = await emitir(f.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      serie: 'A',
      numero: antes + 1,
      estado: 'emitida',
      tipo: 'F1',
      emisorNif: t.config.emisor.nif,
      emisorNombre: t.config.emisor.nombre,
      emisorDomicilio: t.config.emisor.domicilio,
      clienteNombre: 'Ana García López',
      clienteNif: '12345678Z',
      clienteDireccion: 'Calle Mayor 1, 28013 Madrid',
      total: 12100,
    });
    expect(Date.now() - Date.parse(res.body.fecha)).toBeLessThan(60_000);
    // Changing the usuario afterwards does not change the issued invoice.
    await t.call('PATCH', `/usuarios/${ids.ana}`, { direccion: 'Calle Nueva 2' });
    expect((await t.call('GET', `/facturas/${f.id}`)).body.clienteDireccion).toBe('Calle Mayor 1, 28013 Madrid');
    await t.call('PATCH', `/usuarios/${ids.ana}`, { direccion: 'Calle Mayor 1' });

    const [registro] = await registrosDe(f.id);
    expect(registro).toMatchObject({
      tipo: 'alta',
      idEmisorFactura: t.config.emisor.nif,
      numSerieFactura: `A-${antes + 1}`,
      tipoFactura: 'F1',
      cuotaTotal: '21.00',
      importeTotal: '121.00',
    });
    expect(registro.huella).toMatch(/^[0-9A-F]{64}$/);
    expect(registro.fechaHoraHusoGenRegistro).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0[12]:00$/);
    expect((await emitir(f.id)).status).toBe(409);
    // The activity log says who issued it.
    const logs = (await t.call('GET', `/logs?filter=${q({ where: { recurso: 'facturas', recursoId: f.id } })}`)).body;
    expect(logs.filter((l: { datos: string | null }) => l.datos).map((l: { datos: string }) => JSON.parse(l.datos).accion)).toContain('emitir');
  });

  it('each record names the previous one of the issuer, across series', async () => {
    const a = await emitida();
    const b = await emitida();
    const [ra] = await registrosDe(a.id);
    const [rb] = await registrosDe(b.id);
    expect(rb.huellaAnterior).toBe(ra.huella);
  });

  it('an incomplete invoice is refused naming what it lacks, and leaves no gap in the serie', async () => {
    const antes = await numerosDe('A');
    const sinDireccion = await borrador({ usuarioId: ids.sinDireccion, clienteNombre: null, clienteNif: null, clienteDireccion: null });
    const res = await emitir(sinDireccion.id);
    expect(res.status).toBe(422);
    expect(res.body.error.details).toEqual([expect.objectContaining({ path: '/clienteDireccion' })]);
    const nifMalo = await borrador({ clienteNif: '12345678A' });
    const mal = await emitir(nifMalo.id);
    expect(mal.status).toBe(422);
    expect(mal.body.error.details[0]).toMatchObject({ path: '/clienteNif', code: 'nif' });
    expect((await t.call('GET', `/facturas/${nifMalo.id}`)).body).toMatchObject({ estado: 'borrador', numero: null });
    const siguiente = await emitida();
    expect(siguiente.numero).toBe(antes.length + 1);
    expect(await numerosDe('A')).toEqual([...antes, antes.length + 1]);
  });

  it('a simplified invoice without the customer\'s NIF goes up to 400 € IVA included', async () => {
    const limite = await borrador({ usuarioId: ids.sinNif, clienteNif: null, base: 40000, tipoIva: 0 });
    expect((await emitir(limite.id)).body).toMatchObject({ tipo: 'F2', estado: 'emitida' });
    const pasada = await borrador({ usuarioId: ids.sinNif, clienteNif: null, base: 33059, tipoIva: 21 });
    expect(pasada.total).toBe(40001);
    const res = await emitir(pasada.id);
    expect(res.status).toBe(422);
    expect(res.body.error.details[0]).toMatchObject({ path: '/clienteNif', code: 'simplificada' });
  });

  it('the date of issue may be given, never before the serie\'s last nor after today', async () => {
    const f = await borrador();
    const ayer = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const res = await emitir(f.id, { fecha: ayer });
    expect(res.status).toBe(422);
    expect(res.body.error.details[0]).toMatchObject({ path: '/fecha', code: 'anterior' });
    expect((await emitir(f.id, { fecha: new Date(Date.now() + 3 * 86_400_000).toISOString() })).body.error.details[0]).toMatchObject({ code: 'futura' });
    const hoy = new Date().toISOString();
    expect((await emitir(f.id, { fecha: hoy })).body.fecha).toBe(hoy);
  });

  it('emissions at the same time get consecutive numbers and one unbroken chain', async () => {
    const antes = (await numerosDe('A')).length;
    const borradores = await Promise.all(Array.from({ length: 8 }, () => borrador()));
    const res = await Promise.all(borradores.map((f) => emitir(f.id)));
    expect(res.map((r) => r.status)).toEqual(res.map(() => 200));
    expect(res.map((r) => r.body.numero).sort((a, b) => a - b)).toEqual(Array.from({ length: 8 }, (_, i) => antes + i + 1));
    expect((await t.call('GET', '/registros/verificar')).body).toMatchObject({ ok: true });
  });
});

describe('issued means immutable', () => {
  it('PUT, PATCH and DELETE of an issued invoice are 409, single or bulk, and nothing changes', async () => {
    const f = await emitida();
    const b = await borrador();
    const cambio = { usuarioId: ids.ana, concepto: 'Otro', base: 1, tipoIva: 21 };
    for (const [method, url, body] of [
      ['PUT', `/facturas/${f.id}`, cambio],
      ['PATCH', `/facturas/${f.id}`, { concepto: 'Otro' }],
      ['PATCH', `/facturas/${f.id}`, { estado: 'borrador' }],
      ['PATCH', `/facturas?where=${q({ id: { inq: [b.id, f.id] } })}`, { concepto: 'Otro' }],
      ['DELETE', `/facturas/${f.id}`, undefined],
      ['DELETE', `/usuarios/${ids.ana}/facturas`, undefined],
    ] as const) {
      const res = await t.call(method, url, body);
      expect([res.status, method, url]).toEqual([method === 'DELETE' && url.startsWith('/usuarios') ? 404 : 409, method, url]);
      if (res.status === 409) expect(res.body.error.message).toMatch(/no se puede modificar ni borrar|solo se puede cambiar el estado de «emitida» a «pagada»/);
    }
    expect((await t.call('DELETE', `/facturas?where=${q({ id: { inq: [b.id, f.id] } })}`)).status).toBe(404);
    expect((await t.call('GET', `/facturas/${f.id}`)).body).toEqual(f);
    expect((await t.call('GET', `/facturas/${b.id}`)).body.concepto).toBe(b.concepto);
  });

  it('only emitida → pagada, and a borrador is edited and deleted freely', async () => {
    const f = await emitida();
    expect((await t.call('PATCH', `/facturas/${f.id}`, { estado: 'pagada' })).status).toBe(204);
    expect((await t.call('PATCH', `/facturas/${f.id}`, { estado: 'emitida' })).status).toBe(409);
    const b = await borrador();
    expect((await t.call('PATCH', `/facturas/${b.id}`, { base: 5000 })).status).toBe(204);
    expect((await t.call('GET', `/facturas/${b.id}`)).body.total).toBe(6050);
    expect((await t.call('DELETE', `/facturas/${b.id}`)).status).toBe(204);
  });
});

describe('rectificativas and anulaciones', () => {
  it('rectificar issues a rectificativa por diferencias in the rectificativas serie, chained like any other', async () => {
    const f = await emitida();
    const antesR = await numerosDe('R');
    const res = await t.call('POST', `/facturas/${f.id}/rectificar`, { motivo: 'R1', descripcion: 'Descuento no aplicado', base: -2000 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ serie: 'R', numero: antesR.length + 1, tipo: 'R1', rectificaId: f.id, base: -2000, cuotaIva: -420, total: -2420, estado: 'emitida', motivoRectificacion: 'Descuento no aplicado' });
    expect(res.body.concepto).toBe(`Rectificación de la factura A-${f.numero}: Descuento no aplicado`);
    const [registro] = await registrosDe(res.body.id);
    expect(registro).toMatchObject({ numSerieFactura: `R-${antesR.length + 1}`, tipoFactura: 'R1', cuotaTotal: '-4.20', importeTotal: '-24.20' });
    // The original stays as it was, and names its rectificativa.
    // Naming its rectificativa is a write: one version more and its time (docs/arquitectura.md §17).
    const ahora = (await t.call('GET', `/facturas/${f.id}`)).body;
    expect(ahora).toEqual({ ...f, rectificadaPorId: res.body.id, version: f.version + 1, updatedAt: ahora.updatedAt });
    expect(ahora.updatedAt > f.updatedAt).toBe(true);
  });

  it('without amounts it cancels the whole invoice to the céntimo; a simplified one is corrected as R5', async () => {
    const simplificada = await emitida({ usuarioId: ids.sinNif, clienteNif: null, base: 4050, tipoIva: 21 });
    const res = await t.call('POST', `/facturas/${simplificada.id}/rectificar`, { motivo: 'R4', descripcion: 'Devolución' });
    expect(res.body).toMatchObject({ tipo: 'R5', base: -4050, cuotaIva: -simplificada.cuotaIva, total: -simplificada.total });
    const b = await borrador();
    expect((await t.call('POST', `/facturas/${b.id}/rectificar`, { motivo: 'R4', descripcion: 'x' })).status).toBe(409);
    expect((await t.call('POST', `/facturas/${simplificada.id}/rectificar`, { motivo: 'R9', descripcion: 'x' })).status).toBe(422);
  });

  it('anular writes the anulación record; the number stays used; an invoice with rectificativas is not anulada', async () => {
    const f = await emitida();
    const res = await t.call('POST', `/facturas/${f.id}/anular`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ estado: 'anulada', numero: f.numero });
    const [alta, anulacion] = await registrosDe(f.id);
    expect(anulacion).toMatchObject({ tipo: 'anulacion', numSerieFactura: `A-${f.numero}`, tipoFactura: null, importeTotal: null });
    expect(anulacion.huellaAnterior).not.toBe('');
    expect(alta.tipo).toBe('alta');
    expect((await t.call('POST', `/facturas/${f.id}/anular`, {})).status).toBe(409);
    expect((await emitida()).numero).toBe(f.numero + 1);
    const b = await borrador();
    expect((await t.call('POST', `/facturas/${b.id}/anular`, {})).status).toBe(409);
    const rectificada = await emitida();
    await t.call('POST', `/facturas/${rectificada.id}/rectificar`, { motivo: 'R4', descripcion: 'Parcial', base: -100 });
    const conRect = await t.call('POST', `/facturas/${rectificada.id}/anular`, {});
    expect(conRect.status).toBe(409);
    expect(conRect.body.error.message).toMatch(/rectificativas/);
  });
});

describe('the VeriFactu records', () => {
  it('are read-only: POST, PATCH and DELETE are 403', async () => {
    const [r] = (await t.call('GET', '/registros?filter={"limit":1}')).body;
    const crear = await t.call('POST', '/registros', { tipo: 'alta' });
    expect(crear.status).toBe(403);
    // Its own reason: a record comes from issuing or cancelling an invoice, not from an upload.
    expect(crear.body.error.message).toBe('Los registros de facturación los escribe el servidor al emitir o anular una factura');
    expect((await t.call('PATCH', `/registros/${r.id}`, { huella: 'X' })).status).toBe(403);
    expect((await t.call('DELETE', `/registros/${r.id}`)).status).toBe(403);
  });

  it('verificar recomputes the chain and names the first broken link', async () => {
    const total = Number((await t.call('GET', '/registros/count')).body.count);
    expect((await t.call('GET', '/registros/verificar')).body).toEqual({ ok: true, registros: total });
    const [, segundo] = (await t.call('GET', '/registros?filter={"order":"id ASC","limit":2}')).body;
    const original = await t.db('registros').where('id', segundo.id).first();
    await t.db('registros').where('id', segundo.id).update({ importeTotal: '1.00' });
    const roto = (await t.call('GET', '/registros/verificar')).body;
    expect(roto).toMatchObject({ ok: false, registros: 1, rotura: { id: segundo.id, numSerieFactura: segundo.numSerieFactura } });
    expect(roto.rotura.motivo).toMatch(/huella/);
    await t.db('registros').where('id', segundo.id).update({ importeTotal: original.importeTotal });
    // An invoice changed behind the API's back no longer matches its record.
    const factura = await t.db('facturas').where('id', segundo.facturaId).first();
    await t.db('facturas').where('id', factura.id).update({ total: factura.total + 1 });
    expect((await t.call('GET', '/registros/verificar')).body.rotura).toMatchObject({ id: segundo.id, motivo: expect.stringMatching(/factura/) });
    await t.db('facturas').where('id', factura.id).update({ total: factura.total });
    expect((await t.call('GET', '/registros/verificar')).body.ok).toBe(true);
  });
});

describe('the PDF and the QR', () => {
  it('are served for an issued invoice, not for a borrador', async () => {
    const f = await emitida();
    const pdf = await t.app.inject({ method: 'GET', url: `/facturas/${f.id}/pdf`, headers: { cookie: t.cookie } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="factura-A-${f.numero}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const qr = await t.call('GET', `/facturas/${f.id}/qr.svg`);
    expect(qr.status).toBe(200);
    expect(String(qr.headers['content-type'])).toMatch(/^image\/svg\+xml/);
    expect(qr.body).toMatch(/^<svg/);
    const b = await borrador();
    expect((await t.call('GET', `/facturas/${b.id}/pdf`)).status).toBe(409);
    expect((await t.call('GET', '/facturas/999999/pdf')).status).toBe(404);
    expect((await t.call('GET', `/facturas/${f.id}/pdf`, undefined, { cookie: '' })).status).toBe(401);
  });
});

describe('pagos', () => {
  const pago = async (extra: Record<string, unknown> = {}) => {
    const res = await t.call('POST', '/pagos', { usuarioId: ids.ana, cursoId: ids.curso, importe: 4900, metodo: 'efectivo', estado: 'completado', fecha: new Date().toISOString(), ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Record<string, any>;
  };

  it('are created pendiente or completado, and only move forward', async () => {
    for (const estado of ['fallido', 'reembolsado']) expect((await t.call('POST', '/pagos', { usuarioId: ids.ana, importe: 100, metodo: 'tarjeta', estado, fecha: new Date().toISOString() })).status).toBe(422);
    const p = await pago({ estado: 'pendiente' });
    expect((await t.call('PATCH', `/pagos/${p.id}`, { estado: 'reembolsado' })).status).toBe(409);
    expect((await t.call('PATCH', `/pagos/${p.id}`, { importe: 5000 })).status).toBe(204);
    expect((await t.call('PATCH', `/pagos/${p.id}`, { estado: 'completado' })).status).toBe(204);
    expect((await t.call('PATCH', `/pagos/${p.id}`, { importe: 100 })).status).toBe(409);
    expect((await t.call('PATCH', `/pagos/${p.id}`, { estado: 'pendiente' })).status).toBe(409);
    const f = await pago({ estado: 'pendiente' });
    expect((await t.call('PATCH', `/pagos?where=${q({ id: { inq: [f.id] } })}`, { estado: 'fallido' })).body).toEqual({ count: 1 });
    expect((await t.call('PATCH', `/pagos/${f.id}`, { estado: 'completado' })).status).toBe(409);
  });

  it('facturar issues an invoice whose total is the importe to the céntimo, and only once', async () => {
    for (const [importe, base, cuota] of [[4900, 4050, 850], [6900, 5702, 1198], [12100, 10000, 2100]]) {
      const p = await pago({ importe });
      const res = await t.call('POST', `/pagos/${p.id}/facturar`, {});
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ base, cuotaIva: cuota, total: importe, estado: 'pagada', tipo: 'F1', concepto: 'Curso: TypeScript desde cero', usuarioId: ids.ana });
      expect(res.body.numero).toBeGreaterThan(0);
      expect((await t.call('GET', `/pagos/${p.id}`)).body.facturaId).toBe(res.body.id);
      expect((await t.call('POST', `/pagos/${p.id}/facturar`, {})).status).toBe(409);
    }
    const pendiente = await pago({ estado: 'pendiente' });
    expect((await t.call('POST', `/pagos/${pendiente.id}/facturar`, {})).status).toBe(409);
    const caro = await pago({ usuarioId: ids.sinNif, importe: 50000 });
    const res = await t.call('POST', `/pagos/${caro.id}/facturar`, {});
    expect(res.status).toBe(422);
    expect((await t.call('GET', `/pagos/${caro.id}`)).body.facturaId).toBeNull();
  });

  it('keep the link to their invoice, which only the server sets: the same money is never invoiced twice', async () => {
    const p = await pago();
    const factura = (await t.call('POST', `/pagos/${p.id}/facturar`, {})).body;
    // Clearing or changing the link, by id, in bulk, or with PUT, is refused and changes nothing.
    for (const [metodo, url, cuerpo] of [
      ['PATCH', `/pagos/${p.id}`, { facturaId: null }],
      ['PATCH', `/pagos/${p.id}`, { facturaId: factura.id + 1, notas: 'otra' }],
      ['PATCH', `/pagos?where=${q({ id: p.id })}`, { facturaId: null }],
      ['PUT', `/pagos/${p.id}`, { usuarioId: ids.ana, importe: 4900, metodo: 'efectivo', estado: 'completado', fecha: p.fecha, facturaId: null }],
      ['POST', '/pagos', { usuarioId: ids.ana, importe: 4900, metodo: 'efectivo', estado: 'completado', fecha: p.fecha, facturaId: factura.id }],
    ] as const) {
      const r = await t.call(metodo, url, cuerpo);
      expect(r.status, `${metodo} ${url}`).toBe(422);
      expect(r.body.error.details.map((d: { path: string }) => d.path)).toContain('/facturaId');
    }
    // A PUT that leaves it out keeps it: it is not the client's to reset.
    expect((await t.call('PUT', `/pagos/${p.id}`, { usuarioId: ids.ana, importe: 4900, metodo: 'efectivo', estado: 'completado', fecha: p.fecha, notas: 'Revisado' })).status).toBe(204);
    expect((await t.call('GET', `/pagos/${p.id}`)).body).toMatchObject({ facturaId: factura.id, notas: 'Revisado' });
    const otra = await t.call('POST', `/pagos/${p.id}/facturar`, {});
    expect(otra.status).toBe(409);
    expect(otra.body.error.message).toBe(mensajes.pagos.yaFacturado(`${factura.serie}-${factura.numero}`));
    expect((await t.call('GET', `/facturas/count?where=${q({ id: { gt: factura.id } })}`)).body.count).toBe(0);
  });

  it('a refund is dated and, when the invoice is issued, issues its rectificativa in the same write', async () => {
    const p = await pago();
    const factura = (await t.call('POST', `/pagos/${p.id}/facturar`, {})).body;
    const res = await t.call('POST', `/pagos/${p.id}/reembolsar`, { motivo: 'Desistimiento' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const reembolsado = (await t.call('GET', `/pagos/${p.id}`)).body;
    expect(reembolsado).toMatchObject({ estado: 'reembolsado', importeReembolsado: 4900 });
    expect(Date.now() - Date.parse(reembolsado.fechaReembolso)).toBeLessThan(60_000);
    const [rect] = (await t.call('GET', `/facturas?filter=${q({ where: { rectificaId: factura.id } })}`)).body;
    expect(rect).toMatchObject({ serie: 'R', tipo: 'R4', tipoRectificativa: 'I', total: -4900, base: -4050, cuotaIva: -850, estado: 'emitida' });
    expect(res.body).toMatchObject({ pagoId: p.id, importe: 4900, motivo: 'Desistimiento', facturaId: rect.id });
    expect((await t.call('GET', `/facturas/${factura.id}`)).body).toMatchObject({ estado: 'pagada', rectificadaPorId: rect.id });
    expect((await t.call('PATCH', `/pagos/${p.id}`, { estado: 'completado' })).status).toBe(409);
    // A pago without invoice is refunded without one.
    const sinFactura = await pago();
    const antes = Number((await t.call('GET', '/facturas/count')).body.count);
    expect((await t.call('POST', `/pagos/${sinFactura.id}/reembolsar`, { motivo: 'Cobro duplicado' })).body).toMatchObject({ importe: 4900, facturaId: null });
    expect(Number((await t.call('GET', '/facturas/count')).body.count)).toBe(antes);
  });
});

describe('OpenAPI', () => {
  it('describes the actions and read routes with their answers', async () => {
    const doc = (await t.call('GET', '/openapi.json')).body;
    expect(doc.paths['/facturas/{id}/emitir'].post.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Factura' });
    expect(doc.paths['/facturas/{id}/rectificar'].post.requestBody.content['application/json'].schema.required).toEqual(['motivo', 'descripcion']);
    expect(Object.keys(doc.paths['/facturas/{id}/pdf'].get.responses['200'].content)).toEqual(['application/pdf']);
    expect(doc.paths['/pagos/{id}/facturar'].post.operationId).toBe('Pago.facturar');
    expect(doc.paths['/registros/verificar'].get).toBeDefined();
  });
});
