// What Aula proposes for each movement of a statement (docs/arquitectura.md §21), without writing:
// a cargo pays nothing; an abono already applied through an overlapping statement is left
// (`yaAplicado`); otherwise the pending transferencia pago it pays: (a) the one whose reference
// (or «#id») appears in its concepts or references, or else (b) the only one with the same amount
// whose payer's name appears there. Several that fit, or none, leave it without a match and say
// why. One pago is never proposed for two movements.
import { nombrePago } from '../resources/pagos/nombre.js';
import { mensajes } from '../mensajes.js';
import type { MovimientoNorma43 } from './norma43.js';

type Row = Record<string, any>;

export interface PagoPendiente {
  id: number;
  referencia: string | null;
  importe: number;
  moneda: string;
  nombre: string;
  apellidos: string;
}

export interface Propuesta {
  estado: 'sinPareja' | 'propuesto' | 'yaAplicado' | 'cargo';
  pagoPropuestoId: number | null;
  motivo: string;
}


/** Upper case, no accents: how bank concepts are written (ÑÇ and the like kept as letters). */
function normalize(texto: string): string {
  return texto
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase();
}

/** The text a movement carries that could name a payment: concepts, references, document. */
export function textoDe(m: MovimientoNorma43): string {
  return normalize([...m.conceptos, m.referencia1, m.referencia2, m.documento].join(' '));
}

const compacto = (texto: string) => texto.replace(/\s+/g, '');
/** Letters and digits only: banks drop or change the dashes, dots and slashes of a reference. */
const alfanumerico = (texto: string) => texto.replace(/[^A-Z0-9]+/g, '');
const palabras = (texto: string) => new Set(normalize(texto).split(/[^A-Z0-9]+/).filter(Boolean));

/** Whether the pago's reference (any case; spaces and punctuation ignored) or «#id» is in the movement's text. */
function hasReferencia(texto: string, pago: PagoPendiente): boolean {
  const referencia = pago.referencia ? alfanumerico(normalize(pago.referencia)) : '';
  // A reference of a few characters would be found in any text.
  if (referencia.length >= 4 && alfanumerico(texto).includes(referencia)) return true;
  return new RegExp(`#${pago.id}(?!\\d)`).test(compacto(texto));
}

/** Whether every word of the payer's name (two letters or more) is among the movement's words. */
function hasNombre(texto: string, pago: PagoPendiente): boolean {
  const delPago = [...palabras(`${pago.nombre} ${pago.apellidos}`)].filter((p) => p.length >= 2);
  if (delPago.length === 0) return false;
  const delMovimiento = palabras(texto);
  return delPago.every((p) => delMovimiento.has(p));
}

/**
 * The proposal for each movement, in order. `yaAplicados`: for a movement's key, the extracto that
 * applied it already. `claves`: each movement's key (same order).
 */
export function proposeMatches(movimientos: MovimientoNorma43[], claves: string[], moneda: string, pendientes: PagoPendiente[], yaAplicados: Map<string, number>): Propuesta[] {
  const usados = new Set<number>();
  return movimientos.map((m, i) => {
    if (m.importe <= 0) return { estado: 'cargo', pagoPropuestoId: null, motivo: mensajes.extractos.cargo };
    const previo = yaAplicados.get(claves[i]);
    if (previo !== undefined) return { estado: 'yaAplicado', pagoPropuestoId: null, motivo: mensajes.extractos.yaAplicadoAntes(previo) };
    const texto = textoDe(m);
    const mismaMoneda = pendientes.filter((p) => p.moneda === moneda);
    let candidatos = mismaMoneda.filter((p) => hasReferencia(texto, p));
    let motivo = (p: PagoPendiente) => mensajes.extractos.porReferencia(nombrePago(p));
    // Two references found: the amount tells them apart, if it can.
    if (candidatos.length > 1) {
      const mismoImporte = candidatos.filter((p) => p.importe === m.importe);
      if (mismoImporte.length >= 1) candidatos = mismoImporte;
    }
    if (candidatos.length === 0) {
      candidatos = mismaMoneda.filter((p) => p.importe === m.importe && hasNombre(texto, p));
      motivo = () => mensajes.extractos.porImporteYNombre;
    }
    if (candidatos.length > 1) return { estado: 'sinPareja', pagoPropuestoId: null, motivo: mensajes.extractos.variosCandidatos(candidatos.map(nombrePago)) };
    if (candidatos.length === 0) return { estado: 'sinPareja', pagoPropuestoId: null, motivo: mensajes.extractos.sinCandidatos };
    const [pago] = candidatos;
    // Its reference, another amount: confirming it would be refused; the contable decides.
    if (pago.importe !== m.importe) return { estado: 'sinPareja', pagoPropuestoId: null, motivo: mensajes.extractos.referenciaOtroImporte(nombrePago(pago), pago.importe, m.importe) };
    if (usados.has(pago.id)) return { estado: 'sinPareja', pagoPropuestoId: null, motivo: mensajes.extractos.yaPropuesto(nombrePago(pago)) };
    usados.add(pago.id);
    return { estado: 'propuesto', pagoPropuestoId: pago.id, motivo: motivo(pago) };
  });
}
