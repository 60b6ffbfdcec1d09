// A refund started in Aula of a pago Redsys took (card or Bizum) is asked of Redsys's REST
// service first (transaction type 3, signed as every Redsys request) and recorded only once
// Redsys answers it done (Ds_Response 0900) with a valid signature (docs/arquitectura.md §20). As
// with Stripe, it is asked inside the refund's transaction, the pago locked. Redsys knows no
// idempotency key: after a lost answer the person is told to look in the bank's portal first.
import type { Config } from '../../config/index.js';
import { conflict, HttpError } from '../../base/errors.js';
import { codigoDeMoneda } from '../../base/monedas.js';
import { mensajes } from '../../mensajes.js';
import { decodeParametros, encodeParametros, signRedsys, VERSION_FIRMA, verifyRedsys } from './redsys-firma.js';

type Row = Record<string, any>;

/** Refund done: Redsys's code for an accepted refund or confirmation. */
const DEVOLUCION_ACEPTADA = '0900';

/** Sends the refund of `importe` céntimos of `pago` to Redsys; answers the reference recorded for it. */
export async function refundAtRedsys(c: Config['pasarelas']['redsys'], pago: Row, importe: number): Promise<string> {
  if (!c.clave || !c.comercio) throw conflict(mensajes.pagos.redsysSinClave);
  const pedido = String(pago.referencia);
  const parametros = encodeParametros({
    DS_MERCHANT_AMOUNT: String(importe),
    DS_MERCHANT_ORDER: pedido,
    DS_MERCHANT_MERCHANTCODE: c.comercio,
    DS_MERCHANT_CURRENCY: codigoDeMoneda(String(pago.moneda)) ?? '978',
    DS_MERCHANT_TRANSACTIONTYPE: '3',
    DS_MERCHANT_TERMINAL: c.terminal,
  });
  let respuesta: Row;
  try {
    const r = await fetch(c.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Ds_SignatureVersion: VERSION_FIRMA, Ds_MerchantParameters: parametros, Ds_Signature: signRedsys(c.clave, pedido, parametros).toString('base64') }),
      signal: AbortSignal.timeout(c.timeoutMs),
    });
    respuesta = (await r.json()) as Row;
  } catch {
    // No answer, or not Redsys's: whether the money went back is unknown.
    throw new HttpError(504, mensajes.pagos.redsysSinRespuesta, 'GATEWAY_TIMEOUT');
  }
  // JSON that is no object (null, a number) is no answer of Redsys's either.
  if (!respuesta || typeof respuesta !== 'object') throw new HttpError(502, mensajes.pagos.redsysFirma, 'BAD_GATEWAY');
  // A refused request answers only its SIS code (SIS0057: more than what is left to refund…).
  if (typeof respuesta.errorCode === 'string') throw new HttpError(502, mensajes.pagos.redsysRechaza(respuesta.errorCode), 'BAD_GATEWAY');
  const datos = typeof respuesta.Ds_MerchantParameters === 'string' ? decodeParametros(respuesta.Ds_MerchantParameters) : null;
  const firmada = datos && typeof respuesta.Ds_Signature === 'string' && verifyRedsys(c.clave, String(datos.Ds_Order ?? pedido), respuesta.Ds_MerchantParameters, respuesta.Ds_Signature);
  if (!datos || !firmada) throw new HttpError(502, mensajes.pagos.redsysFirma, 'BAD_GATEWAY');
  const codigo = String(datos.Ds_Response ?? '');
  if (codigo !== DEVOLUCION_ACEPTADA) throw new HttpError(502, mensajes.pagos.redsysRechaza(`Ds_Response ${codigo}`), 'BAD_GATEWAY');
  // Redsys gives a refund no id of its own: the order, its authorisation and what had gone back before name it.
  return `${pedido}:devolucion:${String(datos.Ds_AuthorisationCode ?? '').trim() || 'sin-autorizacion'}:${Number(pago.importeReembolsado ?? 0)}`;
}
