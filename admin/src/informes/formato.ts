// How the report figures read in Spanish: money in euros, percentages with a comma.
import { formatMoney } from '../common/formato/money';

export const euros = (centimos: number | null | undefined) => (centimos === null || centimos === undefined ? '—' : formatMoney(centimos, 'EUR'));

/** Compact euros for chart axes: «1,2 mil €». */
export const eurosEje = (centimos: number) =>
  new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR', notation: 'compact', maximumFractionDigits: 1 }).format(centimos / 100);

export const entero = (n: number) => new Intl.NumberFormat('es-ES').format(n);

/** Change against the previous period as a ratio; none when there is nothing to compare with. */
export function variacion(actual: number | null, previo: number | null): number | null {
  if (actual === null || previo === null || previo === 0) return null;
  return (actual - previo) / Math.abs(previo);
}

export const porcentaje = (ratio: number) =>
  new Intl.NumberFormat('es-ES', { style: 'percent', maximumFractionDigits: 1 }).format(Math.abs(ratio));

/** Calendar day `YYYY-MM-DD` as the administrator reads it: 29/03/2026. */
export const fechaCorta = (dia: string) => {
  const [y, m, d] = dia.split('-');
  return d ? `${d}/${m}/${y}` : `${m}/${y}`;
};

export const fechaHora = (iso: string | null) =>
  iso ? new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : '—';
