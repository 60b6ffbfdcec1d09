// How an issued invoice's identity and amounts are written where the law reads them: the
// VeriFactu record (and so its huella), the AEAT's QR and the PDF all use these, so the same
// invoice is the same text everywhere.
import { formatNombre } from '../../../../contrato/nombre.js';
import { diaEn } from '../../base/tiempo.js';

const SERIE = '[A-Z0-9-]{1,20}';

/**
 * A serie is an identifier, not free text: upper-case letters, digits and hyphens. Anything
 * else (a space, a no-break space, an «&» or «=») would print, hash and sort as another serie
 * or as another field of the hashed text. The configuration's series and every factura's obey it.
 */
export const PATRON_SERIE = `^${SERIE}$`;

const SERIE_VALIDA = new RegExp(PATRON_SERIE);
export const esSerie = (valor: string) => SERIE_VALIDA.test(valor);

/** `A-7`: the serie and the number, as printed and as hashed (NumSerieFactura); with `{serie}`, `{numero}`, the facturas' nombre. */
export const numSerieFactura = (serie: string, numero: number | string) => `${serie}-${numero}`;

export const ESTADOS_FACTURA = ['borrador', 'emitida', 'pagada', 'anulada'] as const;
export const ETIQUETAS_ESTADO = { borrador: 'Borrador', emitida: 'Emitida', pagada: 'Pagada', anulada: 'Anulada' } satisfies Record<(typeof ESTADOS_FACTURA)[number], string>;

/** As people name a factura: «serie-numero» (NumSerieFactura), or «Borrador #id» before it has a number. */
export const NOMBRE_FACTURA = [numSerieFactura('{serie}', '{numero}'), `${ETIQUETAS_ESTADO.borrador} #{id}`];

/** A factura's name in a message: the one its definition declares (NOMBRE_FACTURA). */
export const nombreFactura = (f: object) => formatNombre(NOMBRE_FACTURA, f as Record<string, unknown>)!;

/** A NumSerieFactura the server could have written: a valid serie, a hyphen and a number from 1. */
export const PATRON_NUM_SERIE_FACTURA = `^${SERIE}-[1-9][0-9]*$`;
const NUM_SERIE_FACTURA = new RegExp(PATRON_NUM_SERIE_FACTURA);

export const esNumSerieFactura = (valor: string) => NUM_SERIE_FACTURA.test(valor);

/**
 * The day of issue in the business's zone: `dd-mm-aaaa` as the AEAT reads it
 * (FechaExpedicionFactura, the QR), or `dd/mm/aaaa` with slashes as a person reads it (the PDF, a message).
 */
export function fechaExpedicion(fecha: Date | string, timeZone: string, separador: '-' | '/' = '-'): string {
  const [a, m, d] = diaEn(new Date(fecha), timeZone).split('-');
  return [d, m, a].join(separador);
}

/** Céntimos as the AEAT's decimal string: `1235` → `12.35`, `-4900` → `-49.00`. */
export function importeDecimal(centimos: number): string {
  const signo = centimos < 0 ? '-' : '';
  const abs = Math.abs(centimos);
  return `${signo}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

// Grouping always: Intl's es-ES leaves four-digit amounts ungrouped («1234,56 €»), and where a
// person reads amounts (the PDF, a message) every one should read alike: «1.234,56 €».
const eurosEs = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR', useGrouping: 'always' });

/** Céntimos as a person reads them: `123456` → `1.234,56 €`. */
export const importeEs = (centimos: number) => eurosEs.format(centimos / 100);
