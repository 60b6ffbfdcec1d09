// What a Redsys notification (its TPV's «notificación online», card or Bizum) does to Aula's
// pagos (docs/arquitectura.md §20), inside receive()'s transaction. Redsys knows only the shop's
// order number (Ds_Order), which is the pago's referencia: the shop opened that pago pendiente
// before sending the customer to the TPV, so a notification of an order Aula does not know is
// refused, never made into a pago. The amount and currency Redsys charged must be the pago's.
import type { Escritor } from '../base/types.js';
import { mensajes } from '../mensajes.js';
import { monedaDe } from '../base/monedas.js';
import { failPago, findPagoByReferencia, invoiceCompleted, type OpcionesCobro } from './cobro.js';
import type { Resultado } from './recibir.js';

type Params = Record<string, unknown>;

/** Ds_ProcessedPayMethod of a payment made with Bizum (Redsys's table of payment methods). */
const BIZUM = '68';

/** An amount as a person reads it, in its currency (`15900`, `EUR` → «159,00 €»). */
const cantidadEs = (centimos: number, moneda: string) =>
  /^[A-Z]{3}$/.test(moneda) ? new Intl.NumberFormat('es-ES', { style: 'currency', currency: moneda, useGrouping: 'always' }).format(centimos / 100) : `${centimos / 100} ${moneda}`;

const texto = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());

/**
 * What names one notification, the same each time Redsys sends it again: its order (Redsys
 * refuses an order number twice), kind, answer, authorisation and what it charged, by which
 * merchant. Not its Ds_Control_… field, which may differ between sends of one notification.
 */
export const eventoRedsysDe = (p: Params) =>
  [p.Ds_Order, texto(p.Ds_TransactionType) || '0', p.Ds_Response, p.Ds_AuthorisationCode, p.Ds_Amount, p.Ds_Currency, p.Ds_MerchantCode].map(texto).join(':');

/** What kind of operation it tells, as the contable reads it on «Cobros» (Ds_TransactionType). */
export const tipoRedsysDe = (p: Params) => mensajes.pasarelas.operacionRedsys(texto(p.Ds_TransactionType) || '0');

export async function applyRedsys(w: Escritor, p: Params, comercio: string, opciones: OpcionesCobro): Promise<Resultado> {
  const codigoComercio = texto(p.Ds_MerchantCode);
  if (codigoComercio.replace(/^0+/, '') !== comercio.replace(/^0+/, '')) return { estado: 'rechazada', motivo: mensajes.pasarelas.comercioRedsys(codigoComercio, comercio) };
  const tipo = texto(p.Ds_TransactionType) || '0';
  const pago = await findPagoByReferencia(w, texto(p.Ds_Order));
  if (tipo === '3') return { estado: 'ignorada', motivo: mensajes.pasarelas.devolucionRedsys, pagoId: pago ? Number(pago.id) : null };
  // Only an authorisation (0) pays; anything else the TPV may tell is kept and changes nothing.
  if (tipo !== '0') return { estado: 'ignorada', motivo: mensajes.pasarelas.tipoDesconocido, pagoId: pago ? Number(pago.id) : null };
  if (!pago) return { estado: 'rechazada', motivo: mensajes.pasarelas.sinPago };
  const pagoId = Number(pago.id);
  const importe = Number(texto(p.Ds_Amount));
  const moneda = monedaDe(texto(p.Ds_Currency) || '?');
  if (importe !== Number(pago.importe) || moneda !== pago.moneda) {
    const recibido = Number.isInteger(importe) ? cantidadEs(importe, moneda) : `«${texto(p.Ds_Amount)}» ${moneda}`;
    return { estado: 'rechazada', motivo: mensajes.pasarelas.importeRedsys(recibido, cantidadEs(Number(pago.importe), String(pago.moneda))), pagoId };
  }
  const codigo = texto(p.Ds_Response).padStart(4, '0');
  // 0000–0099: authorised. Every other code is a denial, named as Redsys's table names it.
  if (!/^00\d\d$/.test(codigo)) return failPago(w, pago, mensajes.pasarelas.denegadoRedsys(codigo, mensajes.pasarelas.respuestasRedsys[codigo]));
  if (pago.estado === 'completado' || pago.estado === 'reembolsado') return { estado: 'procesada', motivo: mensajes.pasarelas.yaCompletado, pagoId };
  const bizum = texto(p.Ds_ProcessedPayMethod) === BIZUM;
  const completado = await w.update('pagos', pagoId, { estado: 'completado', metodo: bizum ? 'bizum' : 'tarjeta', fecha: new Date().toISOString(), pasarela: 'redsys' });
  const motivo = await invoiceCompleted(w, completado, opciones, (facturado) => mensajes.pasarelas.completadoRedsys(bizum ? 'Bizum' : 'tarjeta', facturado));
  return { estado: 'procesada', motivo, pagoId };
}
