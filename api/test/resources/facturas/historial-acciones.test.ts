// Issue 30 item 1, as an auditor checks it through the API on the dialect under test: every change
// an invoicing action makes goes through the one write path, so each record it touches has a
// history row per change, named after the step or action that made it and saying who, and the live
// lists hear of it. Before, invoicing a pago left its factura with one row, «crear» as a borrador.
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';
import { crearAlumna, facturado as facturadoPor } from '../../support/facturacion.js';
import { abrirFlujo, type FlujoSse, type MensajeSse } from '../../support/sse.js';

let t: TestApp;
let ids: { ana: number; curso: number };
let base: string;
const abiertos: FlujoSse[] = [];
type Row = Record<string, any>;

beforeAll(async () => {
  t = await createTestApp();
  ids = await crearAlumna(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const f of abiertos.splice(0)) f.cerrar();
});
afterAll(async () => {
  // Node's fetch keeps an idle connection open that would hold the server's close.
  t?.app.server.closeAllConnections();
  await t?.destroy();
});

/** A record's history, oldest first. */
const historial = async (recurso: string, id: number): Promise<Row[]> => {
  const res = await t.call('GET', `/${recurso}/${id}/historial`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return [...res.body].reverse();
};
const facturado = () => facturadoPor(t, { usuarioId: ids.ana, cursoId: ids.curso });
const admin = { usuario: 'admin' };

describe('what an invoicing action leaves in the history of each record it touches', () => {
  it('facturar: the factura is created, issued (with its number and registro) and paid, each a row; the pago names its factura; all by the administrador, and heard live', async () => {
    const flujo = await abrirFlujo(`${base}/eventos`, t.cookie);
    abiertos.push(flujo);
    const { pago, factura } = await facturado();

    const filas = await historial('facturas', factura.id);
    expect(filas.map((f) => f.accion)).toEqual(['facturar', 'emitir', 'facturar']);
    const [crear, emitir, pagada] = filas;
    expect(crear).toMatchObject({ login: admin, cambios: { estado: [null, 'borrador'] } });
    expect(emitir).toMatchObject({ login: admin, cambios: { estado: ['borrador', 'emitida'], numero: [null, factura.numero] } });
    const [registro] = (await t.call('GET', `/registros?filter=${encodeURIComponent(JSON.stringify({ where: { facturaId: factura.id } }))}`)).body;
    expect(JSON.parse((await t.call('GET', `/logs/${emitir.id}`)).body.datos)).toMatchObject({ accion: 'emitir', registroId: registro.id });
    expect(pagada).toMatchObject({ login: admin, cambios: { estado: ['emitida', 'pagada'] }, version: factura.version });

    const [delPago] = (await historial('pagos', pago.id)).slice(-1);
    expect(delPago).toMatchObject({ accion: 'facturar', login: admin, cambios: { facturaId: [null, factura.id] } });

    const oido = (accion: string) => (m: MensajeSse) => m.json?.recurso === 'facturas' && m.json.id === factura.id && m.json.accion === accion;
    await flujo.esperar(oido('emitir'));
    await flujo.esperar(oido('facturar'));
  });

  it('a rectificación por sustitución leaves a row on the pago it moves, and on the invoice it replaces', async () => {
    const { pago, factura } = await facturado();
    const res = await t.call('POST', `/facturas/${factura.id}/rectificar`, { tipoRectificativa: 'S', motivo: 'R1', descripcion: 'Dirección mal escrita', clienteDireccion: 'Calle del Prado 20, Madrid' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [movido] = (await historial('pagos', pago.id)).slice(-1);
    expect(movido).toMatchObject({ accion: 'rectificar', login: admin, cambios: { facturaId: [factura.id, res.body.id] } });
    const [original] = (await historial('facturas', factura.id)).slice(-1);
    expect(original).toMatchObject({ accion: 'rectificar', cambios: { rectificadaPorId: [null, res.body.id], sustituidaPorId: [null, res.body.id] } });
  });

  it('a refund leaves rows on the pago, on the reembolso and on its rectificativa, each naming reembolsar', async () => {
    const { pago } = await facturado();
    const res = await t.call('POST', `/pagos/${pago.id}/reembolsar`, { importe: 1000, motivo: 'Una clase sin ver' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [enPago] = (await historial('pagos', pago.id)).slice(-1);
    expect(enPago).toMatchObject({ accion: 'reembolsar', login: admin, cambios: { importeReembolsado: [0, 1000] } });
    expect(await historial('reembolsos', res.body.id)).toMatchObject([{ accion: 'reembolsar', login: admin, cambios: { importe: [null, 1000], motivo: [null, 'Una clase sin ver'] } }]);
    const rectificativa = await historial('facturas', res.body.facturaId);
    expect(rectificativa.map((f) => f.accion)).toEqual(['reembolsar', 'emitir']);
  });

  it('anular: the invoice is cancelled by that action, with its registro of anulación named', async () => {
    const { factura } = await facturado();
    const res = await t.call('POST', `/facturas/${factura.id}/anular`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [ultima] = (await historial('facturas', factura.id)).slice(-1);
    expect(ultima).toMatchObject({ accion: 'anular', login: admin, cambios: { estado: ['pagada', 'anulada'] } });
  });
});
