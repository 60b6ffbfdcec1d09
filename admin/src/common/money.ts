// Money travels as an integer number of céntimos; people read and type it in units (euros).

export const formatMoney = (centimos: number, moneda = 'EUR'): string =>
  new Intl.NumberFormat('es-ES', { style: 'currency', currency: moneda }).format(centimos / 100);

/** For the input: the stored céntimos as the units the administrator edits. */
export const centimosToUnits = (centimos: unknown): string =>
  typeof centimos === 'number' && !Number.isNaN(centimos) ? String(centimos / 100) : '';

/**
 * From what the administrator typed to céntimos. Rounded, because 19.99 * 100 is
 * 1998.9999999999998 in floating point.
 */
export const unitsToCentimos = (units: unknown): number | null => {
  if (units == null || units === '') return null;
  const n = typeof units === 'number' ? units : Number.parseFloat(String(units).replace(',', '.'));
  return Number.isNaN(n) ? null : Math.round(n * 100);
};
