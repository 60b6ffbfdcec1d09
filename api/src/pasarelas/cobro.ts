// What every gateway does alike to the pago an event is about, inside receive()'s transaction:
// find it by the gateway's reference (locked), invoice it once it is paid (FACTURAR_AL_COBRAR),
// and record a failure only on a pago still pending (a late failure never undoes a payment).
import type { Escritor, Facturacion } from '../base/types.js';
import { mensajes } from '../mensajes.js';
import { facturarPago } from '../resources/facturas/emision.js';
import type { Resultado } from './recibir.js';

type Row = Record<string, any>;

export interface OpcionesCobro {
  facturacion: Facturacion;
  facturarAlCobrar: boolean;
}

/** The latest pago with this gateway reference, locked; undefined when there is none. */
export async function findPagoByReferencia(w: Escritor, referencia: string | null): Promise<Row | undefined> {
  if (!referencia) return undefined;
  const fila = await w.db('pagos').where('referencia', referencia).orderBy('id', 'desc').first('id');
  return fila ? w.lock('pagos', Number(fila.id)) : undefined;
}

/** Invoices a pago just completed when so configured and not invoiced yet; answers whether it did. */
export async function invoiceIfDue(w: Escritor, pago: Row, { facturacion, facturarAlCobrar }: OpcionesCobro): Promise<boolean> {
  if (!facturarAlCobrar || pago.facturaId != null) return false;
  // Issued now (its date and its VeriFactu record are the issue's); the operation's date is the payment's.
  await w.update('pagos', Number(pago.id), { facturaId: await facturarPago(w, pago, {}, facturacion) });
  return true;
}

/** The gateway says the payment failed, with `motivo` in the contable's words. */
export async function failPago(w: Escritor, pago: Row | undefined, motivo: string): Promise<Resultado> {
  if (!pago) return { estado: 'ignorada', motivo: mensajes.pasarelas.sinPago };
  const pagoId = Number(pago.id);
  if (pago.estado !== 'pendiente') return { estado: 'ignorada', motivo: pago.estado === 'fallido' ? motivo : mensajes.pasarelas.fallidoTarde, pagoId };
  await w.update('pagos', pagoId, { estado: 'fallido' });
  return { estado: 'procesada', motivo, pagoId };
}
