// Money travels as an integer number of céntimos; people read and type it in units (euros), the
// Spanish way: «49,90», «1.234,56». The browser's number field is never involved: it drops a
// comma it does not expect (typing «49,90» saved 4 990,00 €).

export const formatMoney = (centimos: number, moneda = 'EUR'): string =>
  new Intl.NumberFormat('es-ES', { style: 'currency', currency: moneda }).format(centimos / 100);

/** The largest amount the API stores (a 32-bit integer of céntimos). */
export const MAX_CENTIMOS = 2147483647;

const decimal = new Intl.NumberFormat('es-ES', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** For the input: the stored céntimos as the administrator reads them, «49,90». */
export const centimosToText = (centimos: unknown): string =>
  typeof centimos === 'number' && Number.isFinite(centimos) ? decimal.format(centimos / 100) : '';

export type ImporteLeido = { centimos: number | null } | { error: 'invalido' | 'ambiguo' | 'demasiado' };

const exact = (euros: string, cents = '') => Number(euros) * 100 + Number(cents.padEnd(2, '0') || '0');

/**
 * What an administrator typed, as céntimos. Accepted: «49», «49,90», «49.90», «49,9»,
 * «1.234,56», «1234,56», «1 234,56», «1.234.567», optionally with «€». «1.234» and «1,234» are
 * refused as ambiguous: a thousands separator to a Spaniard, a decimal point (of an impossible
 * third decimal) to anyone else. Exact: built from the digits, never through a float.
 */
export function parseImporte(typed: string): ImporteLeido {
  const t = typed.replace(/\u00a0/g, ' ').replace(/€|EUR/gi, '').trim();
  if (t === '') return { centimos: null };
  let m: RegExpExecArray | null;
  let centimos: number;
  if ((m = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(t))) centimos = exact(m[1], m[2]);
  else if ((m = /^(\d{1,3}(?:\.\d{3})+),(\d{1,2})$/.exec(t)) || (m = /^(\d{1,3}(?: \d{3})+)(?:,(\d{1,2}))?$/.exec(t))) {
    centimos = exact(m[1].replace(/[. ]/g, ''), m[2]);
  } else if ((m = /^(\d{1,3}(?:\.\d{3}){2,})$/.exec(t))) centimos = exact(m[1].replace(/\./g, ''));
  else if (/^\d{1,3}\.\d{3}$/.test(t) || /^\d+,\d{3}$/.test(t)) return { error: 'ambiguo' };
  else return { error: 'invalido' };
  return centimos > MAX_CENTIMOS ? { error: 'demasiado' } : { centimos };
}
