// Redsys's TPV notifications, card and Bizum (issue 32, point 3), signed with the algorithm Redsys
// documents (HMAC_SHA256_V1, the merchant key diversified per order with 3DES), first checked
// against a notification of Redsys's own integration kit signed with its public test key; and a
// refund started in Aula, sent to a stand-in of Redsys's REST service that checks the request's
// signature and answers as Redsys does (signed 0900, an SIS error code, or nothing).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/leer.js';
import { parsePasarelas } from '../../src/config/pasarelas.js';
import { decodeParametros, encodeParametros, signRedsys } from '../../src/resources/pagos/redsys-firma.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { cuentaCon, tokenCon } from '../support/cuentas.js';
import { startDoble, type DobleHttp } from '../support/doble-http.js';

// Redsys's public key for its test environment, and the notification its PHP kit
// (ejemploRecepcionaPet.php) carries as its example, with the signature it says is right.
const CLAVE_PRUEBAS = 'sq7HjrUOBfKmC576ILgskD5srU870gJ7';
const EJEMPLO = {
  Ds_SignatureVersion: 'HMAC_SHA256_V1',
  Ds_MerchantParameters:
    'eyJEc19EYXRlIjoiMzAlMkYwOCUyRjIwMjIiLCJEc19Ib3VyIjoiMTIlM0ExOCIsIkRzX1NlY3VyZVBheW1lbnQiOiIxIiwiRHNfQ2FyZF9Db3VudHJ5IjoiNzI0IiwiRHNfQW1vdW50IjoiMTU5MDAiLCJEc19DdXJyZW5jeSI6Ijk3OCIsIkRzX09yZGVyIjoiTU4wMDAwNDkiLCJEc19NZXJjaGFudENvZGUiOiIzNTU4NjgxMDAiLCJEc19UZXJtaW5hbCI6IjAwMSIsIkRzX1Jlc3BvbnNlIjoiMDAwMCIsIkRzX01lcmNoYW50RGF0YSI6IiIsIkRzX1RyYW5zYWN0aW9uVHlwZSI6IjAiLCJEc19Db25zdW1lckxhbmd1YWdlIjoiMSIsIkRzX0F1dGhvcmlzYXRpb25Db2RlIjoiMDAyNDEzIiwiRHNfQ2FyZF9CcmFuZCI6IjEiLCJEc19Qcm9jZXNzZWRQYXlNZXRob2QiOiI1IiwiRHNfQ29udHJvbF8xNjYxODU0NjgzOTg4IjoiMTY2MTg1NDY4Mzk4OCJ9',
  Ds_Signature: 'O9aFvML5qK8VBQhV4GK8kFHvmAQaSnX1hfckr7abzIs=',
};
const COMERCIO = '355868100';
const clave = Buffer.from(CLAVE_PRUEBAS, 'base64');

/** What the REST stand-in does with the next refund: accept it, refuse it, sign its answer wrong, or never answer. */
let modo: 'acepta' | 'rechaza' | 'firmaMala' | 'nulo' | 'calla' = 'acepta';
const peticiones: Record<string, string>[] = [];
let servidor: DobleHttp;
let t: TestApp;
let n = 0;

/** A Redsys-signed message: the parameters' base64 and their signature (base64url, as notifications come). */
function firmado(datos: Record<string, string>, conClave = clave) {
  const parametros = encodeParametros(datos);
  const firma = signRedsys(conClave, datos.Ds_Order ?? datos.DS_MERCHANT_ORDER, parametros).toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
  return { Ds_SignatureVersion: 'HMAC_SHA256_V1', Ds_MerchantParameters: parametros, Ds_Signature: firma };
}

beforeAll(async () => {
  // Redsys's REST service (trataPeticionREST): JSON in, the same three fields out, or { errorCode }.
  servidor = await startDoble((_req, res, texto) => {
    const cuerpo = JSON.parse(texto) as Record<string, string>;
    const datos = decodeParametros(cuerpo.Ds_MerchantParameters) as Record<string, string>;
    const esperada = signRedsys(clave, datos.DS_MERCHANT_ORDER, cuerpo.Ds_MerchantParameters).toString('base64');
    peticiones.push(datos);
    const responder = (o: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(o));
    if (cuerpo.Ds_SignatureVersion !== 'HMAC_SHA256_V1' || cuerpo.Ds_Signature !== esperada) return responder({ errorCode: 'SIS0042' });
    if (modo === 'calla') return;
    if (modo === 'rechaza') return responder({ errorCode: 'SIS0057' });
    if (modo === 'nulo') return responder(null);
    const respuesta = { Ds_Amount: datos.DS_MERCHANT_AMOUNT, Ds_Currency: datos.DS_MERCHANT_CURRENCY, Ds_Order: datos.DS_MERCHANT_ORDER, Ds_MerchantCode: datos.DS_MERCHANT_MERCHANTCODE, Ds_Terminal: datos.DS_MERCHANT_TERMINAL, Ds_Response: '0900', Ds_AuthorisationCode: `${++n}`.padStart(6, '0'), Ds_TransactionType: '3', Ds_SecurePayment: '0', Ds_Language: '1', Ds_MerchantData: '', Ds_Card_Country: '724' };
    const { Ds_MerchantParameters, Ds_Signature } = firmado(respuesta, modo === 'firmaMala' ? Buffer.alloc(24, 7) : clave);
    responder({ Ds_SignatureVersion: 'HMAC_SHA256_V1', Ds_MerchantParameters, Ds_Signature: Ds_Signature.replace(/-/g, '+').replace(/_/g, '/') });
  });
  t = await createTestApp({ REDSYS_CLAVE: CLAVE_PRUEBAS, REDSYS_COMERCIO: COMERCIO, REDSYS_URL: `${servidor.url}/sis/rest/trataPeticionREST`, REDSYS_TIMEOUT_MS: '300' });
});
afterAll(async () => {
  await t?.destroy();
  await servidor.close();
});
beforeEach(() => {
  modo = 'acepta';
  peticiones.length = 0;
});

/** Posts it as Redsys's TPV does: a form. */
async function notify(campos: Record<string, string>) {
  const res = await t.app.inject({ method: 'POST', url: '/pasarelas/redsys', payload: new URLSearchParams(campos).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  return { status: res.statusCode, body: res.json() };
}

/** An authorisation notification of this merchant, as the TPV sends it. */
const autorizacion = (pedido: string, importe: number, extra: Record<string, string> = {}) =>
  firmado({ Ds_Date: '29%2F11%2F2026', Ds_Hour: '10%3A15', Ds_SecurePayment: '1', Ds_Amount: String(importe), Ds_Currency: '978', Ds_Order: pedido, Ds_MerchantCode: COMERCIO, Ds_Terminal: '001', Ds_Response: '0000', Ds_MerchantData: '', Ds_TransactionType: '0', Ds_ConsumerLanguage: '1', Ds_AuthorisationCode: '004213', Ds_Card_Brand: '1', Ds_ProcessedPayMethod: '78', ...extra });

/** The shop's pending pago for an order, as the tienda token opens it before sending the customer to the TPV. */
async function pedidoDeTienda(pedido: string, importe: number, moneda = 'EUR') {
  const u = await t.call('POST', '/usuarios', { nombre: 'Lucía', apellidos: 'Prado', email: `${pedido.toLowerCase()}@example.es` });
  const tienda = await tokenCon(t, 'tienda', `Tienda ${pedido}`);
  const p = await tienda.call('POST', '/pagos', { usuarioId: u.body.id, importe, moneda, metodo: 'tarjeta', referencia: pedido, fecha: new Date().toISOString() });
  expect(p.status).toBe(200);
  return p.body as { id: number };
}

const pago = async (id: number) => (await t.call('GET', `/pagos/${id}`)).body;
const notificaciones = (pedido: string) => t.db('notificaciones').where({ pasarela: 'redsys' }).where('eventoId', 'like', `${pedido}:%`).orderBy('id');

describe('the signature', () => {
  it('is the one of Redsys’s documented example, computed from its test key', () => {
    const datos = decodeParametros(EJEMPLO.Ds_MerchantParameters)!;
    expect(datos.Ds_Order).toBe('MN000049');
    expect(signRedsys(clave, 'MN000049', EJEMPLO.Ds_MerchantParameters).toString('base64')).toBe(EJEMPLO.Ds_Signature);
  });

  it('Redsys’s example completes the shop’s pago of that order, by card, invoiced; sent again, it changes nothing', async () => {
    const abierto = await pedidoDeTienda('MN000049', 15900);
    const primera = await notify(EJEMPLO);
    expect(primera).toMatchObject({ status: 200, body: { recibido: true, estado: 'procesada', motivo: 'Pago con tarjeta completado y facturado', pagoId: abierto.id } });
    const completado = await pago(abierto.id);
    expect(completado).toMatchObject({ estado: 'completado', pasarela: 'redsys', metodo: 'tarjeta', importe: 15900 });
    expect((await t.call('GET', `/facturas/${completado.facturaId}`)).body).toMatchObject({ estado: 'pagada', total: 15900 });

    const otra = await notify(EJEMPLO);
    expect(otra.body).toMatchObject({ estado: 'procesada', duplicada: true });
    expect(await notificaciones('MN000049')).toHaveLength(1);
    expect((await pago(abierto.id)).facturaId).toBe(completado.facturaId);
    expect((await t.call('GET', `/pagos/${abierto.id}/historial`)).body[0]).toMatchObject({ accion: 'pasarela', login: null });
  });

  it('a bad signature, another version or parameters that are not Redsys’s are a 400 and write nothing', async () => {
    const abierto = await pedidoDeTienda('AULA0001', 2500);
    const buena = autorizacion('AULA0001', 2500);
    const otraClave = autorizacion('AULA0001', 2500);
    const mala = await notify({ ...buena, Ds_Signature: firmado(decodeParametros(otraClave.Ds_MerchantParameters) as Record<string, string>, Buffer.alloc(24, 1)).Ds_Signature });
    expect(mala.status).toBe(400);
    expect(mala.body.error.message).toBe('La firma de la notificación (Ds_Signature) no es válida para la clave del comercio: no se ha leído ni cambiado nada');
    // Parameters changed after signing (another amount) are not the ones signed.
    const cambiados = encodeParametros({ ...(decodeParametros(buena.Ds_MerchantParameters) as Record<string, string>), Ds_Amount: '1' });
    expect((await notify({ ...buena, Ds_MerchantParameters: cambiados })).status).toBe(400);
    expect((await notify({ ...buena, Ds_SignatureVersion: 'HMAC_SHA512_V2' })).body.error.message).toBe('Versión de firma «HMAC_SHA512_V2» desconocida: Redsys firma con HMAC_SHA256_V1');
    expect((await notify({ ...buena, Ds_MerchantParameters: 'no-es-json' })).status).toBe(400);
    expect((await notify({})).status).toBe(400);
    expect(await notificaciones('AULA0001')).toEqual([]);
    expect((await pago(abierto.id)).estado).toBe('pendiente');
  });
});

describe('a payment', () => {
  it('by Bizum completes the pago as Bizum', async () => {
    const abierto = await pedidoDeTienda('AULA0002', 4900);
    const res = await notify(autorizacion('AULA0002', 4900, { Ds_ProcessedPayMethod: '68' }));
    expect(res.body).toMatchObject({ estado: 'procesada', motivo: 'Pago con Bizum completado y facturado' });
    expect(await pago(abierto.id)).toMatchObject({ estado: 'completado', metodo: 'bizum', pasarela: 'redsys' });
  });

  it('an amount or a currency other than the pago’s is refused and kept, never applied', async () => {
    const abierto = await pedidoDeTienda('AULA0003', 4900);
    const otroImporte = await notify(autorizacion('AULA0003', 490));
    expect(otroImporte.body).toMatchObject({ estado: 'rechazada', motivo: 'Redsys cobró 4,90\u00a0€ y el pago es de 49,00\u00a0€: no se aplica; revisa el pedido en el portal del banco', pagoId: abierto.id });
    const otraMoneda = await notify(autorizacion('AULA0003', 4900, { Ds_Currency: '840' }));
    expect(otraMoneda.body).toMatchObject({ estado: 'rechazada', motivo: expect.stringMatching(/^Redsys cobró 49,00\u00a0US\$ y el pago es de 49,00\u00a0€/) });
    expect(await pago(abierto.id)).toMatchObject({ estado: 'pendiente', facturaId: null });
    // The contable reads both on «Cobros».
    const lista = await t.call('GET', `/notificaciones?filter=${encodeURIComponent(JSON.stringify({ where: { pagoId: abierto.id }, order: ['id ASC'] }))}`);
    expect(lista.body.map((x: { estado: string }) => x.estado)).toEqual(['rechazada', 'rechazada']);
  });

  it('a refused one is processed again by the contable once the pago is mended («Reprocesar»), once', async () => {
    const abierto = await pedidoDeTienda('AULA0004', 5000);
    const rechazada = await notify(autorizacion('AULA0004', 4500));
    expect(rechazada.body.estado).toBe('rechazada');
    const fila = (await notificaciones('AULA0004'))[0];
    const contable = await cuentaCon(t, 'contable');
    const editor = await cuentaCon(t, 'editor');
    expect((await editor.call('POST', `/notificaciones/${fila.id}/reprocesar`, {})).status).toBe(403);
    // The shop had the price wrong: the contable corrects the pago still pending, and processes the notification again.
    expect((await contable.call('PATCH', `/pagos/${abierto.id}`, { importe: 4500 })).status).toBe(204);
    const otra = await contable.call('POST', `/notificaciones/${fila.id}/reprocesar`, {});
    expect(otra.body).toMatchObject({ id: fila.id, estado: 'procesada', motivo: 'Pago con tarjeta completado y facturado', pagoId: abierto.id });
    expect(await pago(abierto.id)).toMatchObject({ estado: 'completado', importe: 4500 });
    expect((await t.call('GET', `/notificaciones/${fila.id}`)).body).toMatchObject({ estado: 'procesada', motivo: 'Pago con tarjeta completado y facturado' });
    // Done is done: a second time is refused and changes nothing.
    const repetida = await contable.call('POST', `/notificaciones/${fila.id}/reprocesar`, {});
    expect(repetida.status).toBe(409);
    expect(repetida.body.error.message).toBe('Solo se vuelve a procesar una notificación rechazada; esta quedó «procesada» y ya hizo lo que decía');
    expect(await t.db('facturas').where('usuarioId', (await pago(abierto.id)).usuarioId)).toHaveLength(1);
    // Its history names who did it.
    const historial = await t.call('GET', `/notificaciones/${fila.id}/historial`);
    expect(historial.body[0]).toMatchObject({ accion: 'reprocesar', login: { id: contable.id } });
    expect((await contable.call('POST', '/notificaciones/999999/reprocesar', {})).status).toBe(404);
  });

  it('an order no pago has, or another merchant’s notification, is refused and kept', async () => {
    const desconocido = await notify(autorizacion('AULA0404', 1000));
    expect(desconocido.body).toMatchObject({ estado: 'rechazada', motivo: 'No hay ningún pago con esa referencia' });
    await pedidoDeTienda('AULA0005', 1000);
    const ajeno = await notify(autorizacion('AULA0005', 1000, { Ds_MerchantCode: '999008881' }));
    expect(ajeno.body).toMatchObject({ estado: 'rechazada', motivo: 'La notificación es del comercio 999008881, no del de esta academia (355868100): no se aplica' });
    expect(await t.db('pagos').where('referencia', 'AULA0404')).toEqual([]);
  });

  it('a denial makes the pago fallido, with the code’s meaning; a later authorisation of it still completes it', async () => {
    const abierto = await pedidoDeTienda('AULA0006', 3000);
    const denegado = await notify(autorizacion('AULA0006', 3000, { Ds_Response: '0190', Ds_AuthorisationCode: '' }));
    expect(denegado.body).toMatchObject({ estado: 'procesada', motivo: 'Pago denegado (código 0190): denegada por el emisor sin especificar motivo' });
    expect((await pago(abierto.id)).estado).toBe('fallido');
    const raro = await notify(autorizacion('AULA0006', 3000, { Ds_Response: '0888' }));
    expect(raro.body.motivo).toBe('Pago denegado (código 0888): el banco no dio el motivo');
    expect(raro.body.estado).toBe('ignorada');
    await notify(autorizacion('AULA0006', 3000));
    expect((await pago(abierto.id)).estado).toBe('completado');
    // A denial that arrives after the payment undoes nothing.
    const tarde = await notify(autorizacion('AULA0006', 3000, { Ds_Response: '0129' }));
    expect(tarde.body.estado).toBe('ignorada');
    expect((await pago(abierto.id)).estado).toBe('completado');
  });

  it('two deliveries of one notification at once complete the pago once, with one invoice', async () => {
    const abierto = await pedidoDeTienda('AULA0007', 1800);
    const n1 = autorizacion('AULA0007', 1800);
    const [a, b] = await Promise.all([notify(n1), notify(n1)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.duplicada, b.body.duplicada].filter(Boolean)).toHaveLength(1);
    expect(await notificaciones('AULA0007')).toHaveLength(1);
    const p = await pago(abierto.id);
    expect(p.estado).toBe('completado');
    expect(await t.db('facturas').where('id', p.facturaId)).toHaveLength(1);
    expect(await t.db('pagos').where('facturaId', p.facturaId)).toHaveLength(1);
  });

  it('a refund’s notification is kept and changes nothing', async () => {
    const abierto = await pedidoDeTienda('AULA0008', 1200);
    await notify(autorizacion('AULA0008', 1200));
    const aviso = await notify(autorizacion('AULA0008', 1200, { Ds_TransactionType: '3', Ds_Response: '0900' }));
    expect(aviso.body).toMatchObject({ estado: 'ignorada', pagoId: abierto.id });
    expect(await pago(abierto.id)).toMatchObject({ estado: 'completado', importeReembolsado: 0 });
  });
});

describe('a refund started in Aula', () => {
  async function pagadoPorRedsys(pedido: string, importe: number) {
    const abierto = await pedidoDeTienda(pedido, importe);
    await notify(autorizacion(pedido, importe));
    return abierto.id;
  }

  it('goes to Redsys’s REST service as a signed type 3 and is recorded once Redsys answers 0900, with its rectificativa', async () => {
    const id = await pagadoPorRedsys('AULA0101', 10000);
    const res = await t.call('POST', `/pagos/${id}/reembolsar`, { importe: 2500, motivo: 'Baja en plazo' });
    expect(res.status).toBe(200);
    expect(peticiones).toEqual([{ DS_MERCHANT_AMOUNT: '2500', DS_MERCHANT_ORDER: 'AULA0101', DS_MERCHANT_MERCHANTCODE: COMERCIO, DS_MERCHANT_CURRENCY: '978', DS_MERCHANT_TRANSACTIONTYPE: '3', DS_MERCHANT_TERMINAL: '1' }]);
    expect(res.body).toMatchObject({ importe: 2500, referencia: expect.stringMatching(/^AULA0101:devolucion:\d{6}:0$/) });
    expect(res.body.facturaId).toBeTruthy();
    expect(await pago(id)).toMatchObject({ estado: 'completado', importeReembolsado: 2500 });
    // The rest, whole: the pago is reembolsado.
    expect((await t.call('POST', `/pagos/${id}/reembolsar`, { motivo: 'Baja' })).status).toBe(200);
    expect(await pago(id)).toMatchObject({ estado: 'reembolsado', importeReembolsado: 10000 });
  });

  it('refused by Redsys (its SIS code), answered with a bad signature, with no object or not at all: nothing is recorded', async () => {
    const id = await pagadoPorRedsys('AULA0102', 5000);
    modo = 'rechaza';
    const rechazo = await t.call('POST', `/pagos/${id}/reembolsar`, { motivo: 'Prueba' });
    expect(rechazo.status).toBe(502);
    expect(rechazo.body.error.message).toBe('Redsys no aceptó la devolución (SIS0057). No se ha registrado nada');
    modo = 'firmaMala';
    const firma = await t.call('POST', `/pagos/${id}/reembolsar`, { motivo: 'Prueba' });
    expect(firma.status).toBe(502);
    expect(firma.body.error.message).toMatch(/^La respuesta de Redsys no lleva una firma válida/);
    modo = 'nulo';
    expect((await t.call('POST', `/pagos/${id}/reembolsar`, { motivo: 'Prueba' })).status).toBe(502);
    modo = 'calla';
    const calla = await t.call('POST', `/pagos/${id}/reembolsar`, { motivo: 'Prueba' });
    expect(calla.status).toBe(504);
    expect(calla.body.error.message).toMatch(/^Redsys no respondió a tiempo/);
    expect(peticiones).toHaveLength(4);
    expect(await pago(id)).toMatchObject({ estado: 'completado', importeReembolsado: 0 });
    expect(await t.db('reembolsos').where('pagoId', id)).toEqual([]);
  });

  it('without the key, the refund is refused before anything is asked', async () => {
    const otra = await createTestApp();
    try {
      const u = await otra.call('POST', '/usuarios', { nombre: 'Sin', email: 'sin@example.es' });
      const p = await otra.call('POST', '/pagos', { usuarioId: u.body.id, importe: 900, metodo: 'bizum', estado: 'completado', referencia: 'AULA0909', fecha: new Date().toISOString() });
      await otra.db('pagos').where('id', p.body.id).update({ pasarela: 'redsys' });
      const res = await otra.call('POST', `/pagos/${p.body.id}/reembolsar`, { motivo: 'Prueba' });
      expect(res.status).toBe(409);
      expect(res.body.error.message).toMatch(/REDSYS_CLAVE/);
      const aviso = await otra.app.inject({ method: 'POST', url: '/pasarelas/redsys', payload: new URLSearchParams(EJEMPLO).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(aviso.statusCode).toBe(503);
      expect((await otra.call('GET', '/pasarelas/estado')).body.redsys.configurada).toBe(false);
    } finally {
      await otra.destroy();
    }
  });
});

describe('the configuration', () => {
  it('names a key that is not a 3DES key, a merchant code that is not one, and a key without its merchant', () => {
    expect(() => parsePasarelas({ REDSYS_CLAVE: 'corta', REDSYS_COMERCIO: COMERCIO })).toThrow(ConfigError);
    expect(() => parsePasarelas({ REDSYS_CLAVE: CLAVE_PRUEBAS, REDSYS_COMERCIO: 'FUC-1' })).toThrow(/REDSYS_COMERCIO/);
    expect(() => parsePasarelas({ REDSYS_CLAVE: CLAVE_PRUEBAS })).toThrow(/REDSYS_COMERCIO es necesario/);
    expect(() => parsePasarelas({ REDSYS_CLAVE: CLAVE_PRUEBAS, REDSYS_COMERCIO: COMERCIO, REDSYS_URL: 'ftp://x' })).toThrow(/REDSYS_URL/);
    expect(parsePasarelas({ REDSYS_CLAVE: CLAVE_PRUEBAS, REDSYS_COMERCIO: COMERCIO }).redsys).toMatchObject({ comercio: COMERCIO, terminal: '1', url: new URL('https://sis.redsys.es/sis/rest/trataPeticionREST') });
  });
});
