// What every gateway does alike to the pago an event is about, inside receive()'s transaction:
// find it by the gateway's reference (locked), invoice it once it is paid (FACTURAR_AL_COBRAR,
// resources/pagos/cobro.ts) and say so, and record a failure only on a pago still pending (a late
// failure never undoes a payment).
import type { Escritor } from '../base/types.js';
import { mensajes } from '../mensajes.js';
import { invoiceIfDue, type OpcionesCobro } from '../resources/pagos/cobro.js';
import type { Resultado } from './recibir.js';

type Row = Record<string, any>;

export type { OpcionesCobro };

/** The latest pago with this gateway reference, locked; undefined when there is none. */
export async function findPagoByReferencia(w: Escritor, referencia: string | null): Promise<Row | undefined> {
  if (!referencia) return undefined;
  const fila = await w.db('pagos').where('referencia', referencia).orderBy('id', 'desc').first('id');
  return fila ? w.lock('pagos', Number(fila.id)) : undefined;
}

/**
 * Invoices a pago the gateway just completed, if due, and answers what the contable reads:
 * `motivo` (`facturado` tells whether it was invoiced), with why not when it could not be.
 */
export async function invoiceCompleted(w: Escritor, pago: Row, opciones: OpcionesCobro, motivo: (facturado: boolean) => string): Promise<string> {
  const { facturaId, sinFactura } = await invoiceIfDue(w, pago, opciones);
  return sinFactura ? mensajes.pasarelas.sinFactura(motivo(false), sinFactura) : motivo(facturaId !== null);
}

/** The gateway says the payment failed, with `motivo` in the contable's words. */
export async function failPago(w: Escritor, pago: Row | undefined, motivo: string): Promise<Resultado> {
  if (!pago) return { estado: 'ignorada', motivo: mensajes.pasarelas.sinPago };
  const pagoId = Number(pago.id);
  if (pago.estado !== 'pendiente') return { estado: 'ignorada', motivo: pago.estado === 'fallido' ? motivo : mensajes.pasarelas.fallidoTarde, pagoId };
  await w.update('pagos', pagoId, { estado: 'fallido' });
  return { estado: 'procesada', motivo, pagoId };
}
