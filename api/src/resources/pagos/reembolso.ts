// Money of a pago going back, in whole or in part: the pago's new importeReembolsado (reembolsado
// once nothing is left), the reembolso row and, if the pago's invoice is issued, the rectificativa
// for exactly that amount, all in the caller's transaction with the pago locked. The reembolsar
// action calls it for a person; a gateway's refund notification (pasarelas/) for the gateway.
import { mensajes } from '../../mensajes.js';
import { conflict, validationFailed, type ErrorDetail } from '../../base/errors.js';
import { textoVisible } from '../../base/values.js';
import type { Escritor, Facturacion } from '../../base/types.js';
import { esEmitida, rectificarReembolso } from '../facturas/emision.js';
import { importeEs } from '../facturas/formato.js';

type Row = Record<string, any>;

export interface Devolucion {
  /** Céntimos; without it, everything left. */
  importe?: number;
  motivo: string;
  /** What the customer reads on the rectificativa. */
  descripcion?: string;
  /** The gateway's id of the refund, recorded once. */
  referencia?: string;
  /** When the money went back (the gateway's time): the reembolso's fecha; now by default. */
  fecha?: Date;
  /** Who did it: the account, or none for a gateway. */
  loginId: number | null;
}

/**
 * Records a refund of `pago` (as stored, locked in `w`'s transaction); answers the reembolso's id.
 * `enPasarela`: sends it to the gateway that took the money once the amount is known to be right,
 * and answers the gateway's id of it, recorded as its referencia (a gateway's refusal writes nothing).
 */
export async function refundPago(w: Escritor, pago: Row, d: Devolucion, f: Facturacion, enPasarela?: (importe: number) => Promise<string>): Promise<number> {
  const id = Number(pago.id);
  if (pago.estado !== 'completado') throw conflict(mensajes.pagos.noReembolsable(pago.estado));
  const yaDevuelto = Number(pago.importeReembolsado ?? 0);
  const queda = Number(pago.importe) - yaDevuelto;
  const importe = d.importe ?? queda;
  const motivo = d.motivo.trim();
  const descripcion = d.descripcion?.trim();
  const details: ErrorDetail[] = [];
  if (importe <= 0) details.push({ path: '/importe', code: 'minimum', message: mensajes.pagos.reembolsoNoPositivo });
  else if (importe > queda) details.push({ path: '/importe', code: 'maximum', message: mensajes.pagos.reembolsoExcesivo(importeEs(queda), importeEs(Number(pago.importe))), info: { maximo: queda } });
  // Spaces or invisible characters are no reason (what is stored keeps its «1.º», «2.ª»).
  if (!textoVisible(motivo)) details.push({ path: '/motivo', code: 'minLength', message: mensajes.pagos.motivoVacio });
  if (descripcion !== undefined && !textoVisible(descripcion)) details.push({ path: '/descripcion', code: 'minLength', message: mensajes.pagos.descripcionVacia });
  if (details.length) throw validationFailed(details);

  const referencia = enPasarela ? await enPasarela(importe) : (d.referencia ?? null);
  const ahora = d.fecha ?? new Date();
  const iso = ahora.toISOString();
  const entero = importe === queda;
  await w.update('pagos', id, { importeReembolsado: yaDevuelto + importe, ...(entero ? { estado: 'reembolsado', fechaReembolso: iso } : {}) });
  const factura = pago.facturaId ? ((await w.db('facturas').where('id', pago.facturaId).first('id', 'estado')) as Row) : undefined;
  const rectificativa =
    factura && esEmitida(factura.estado)
      ? // The customer reads what the contable wrote for them, or only what went back: the
        // reason is the academy's, kept on the reembolso and in the log. Issued now, whenever
        // the money went back (a gateway's refund announced late): an invoice's date is its issue's.
        await rectificarReembolso(w, Number(factura.id), importe, descripcion ?? mensajes.facturacion.devolucion(importeEs(importe)), f)
      : null;
  return w.create('reembolsos', { pagoId: id, importe, motivo, fecha: iso, facturaId: rectificativa, loginId: d.loginId, referencia });
}
