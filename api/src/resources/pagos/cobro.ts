// A pago that money just completed (a gateway's notification, a bank statement) is invoiced at
// once when FACTURAR_AL_COBRAR says so; but the money did arrive, so an invoice that cannot be
// issued yet (over the simplified invoice's limit without the customer's NIF) never stops the
// pago: it stays completed, uninvoiced, and the caller says why for the contable to finish it.
import type { Escritor, Facturacion } from '../../base/types.js';
import { checkFacturable, facturarPago } from '../facturas/emision.js';

type Row = Record<string, any>;

export interface OpcionesCobro {
  facturacion: Facturacion;
  facturarAlCobrar: boolean;
}

export interface Facturado {
  /** The invoice issued now, or null. */
  facturaId: number | null;
  /** Why it could not be issued (the customer's data to add), or null. */
  sinFactura: string | null;
}

/** Invoices a pago just completed when so configured and not invoiced yet. */
export async function invoiceIfDue(w: Escritor, pago: Row, { facturacion, facturarAlCobrar }: OpcionesCobro): Promise<Facturado> {
  if (!facturarAlCobrar || pago.facturaId != null) return { facturaId: null, sinFactura: null };
  const impedimentos = await checkFacturable(w, pago);
  if (impedimentos.length) return { facturaId: null, sinFactura: impedimentos.map((d) => d.message).join('; ') };
  // Issued now (its date and its VeriFactu record are the issue's); the operation's date is the payment's.
  const facturaId = await facturarPago(w, pago, {}, facturacion);
  await w.update('pagos', Number(pago.id), { facturaId });
  return { facturaId, sinFactura: null };
}
