// The API stores instants (ISO-8601 UTC); administrators type and read dates the Spanish way,
// dd/mm/aaaa and dd/mm/aaaa hh:mm on a 24-hour clock, in the browser's zone, whatever language
// the browser speaks (its date fields would show mm/dd/yyyy and AM/PM to some).

const pad = (n: number) => String(n).padStart(2, '0');

const asDate = (value: unknown): Date | null => {
  if (value == null || value === '') return null;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? null : date;
};

/** «05/03/2026» for an instant, in the browser's zone; '' for none. */
export const formatDia = (value: unknown): string => {
  const d = asDate(value);
  return d ? `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}` : '';
};

/** «05/03/2026 14:30» for an instant, in the browser's zone; '' for none. */
export const formatDiaHora = (value: unknown): string => {
  const d = asDate(value);
  return d ? `${formatDia(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}` : '';
};

export type FechaLeida = { fecha: Date | null } | { error: 'dia' | 'diaHora' };

const DIA_HORA = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:[\sT,]+(\d{1,2})[:.h](\d{2}))?$/;

/**
 * «5/3/2026», «05/03/2026 14:30» (also with - or . between the parts) as a local instant.
 * Day first, always; a four-digit year (a two-digit one is ambiguous); a real calendar day and
 * time (31/02 is refused, not rolled into March). With `hora: false` a time is refused too.
 */
export function parseFecha(typed: string, { hora }: { hora: boolean }): FechaLeida {
  const t = typed.trim();
  const error = hora ? 'diaHora' : 'dia';
  if (t === '') return { fecha: null };
  const m = DIA_HORA.exec(t);
  if (!m || (!hora && m[4] !== undefined)) return { error };
  const [dia, mes, anio, h, min] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0'].map(Number);
  const fecha = new Date(2000, 0, 1, h, min, 0, 0);
  fecha.setFullYear(anio, mes - 1, dia); // not the constructor: it reads years 0–99 as 19xx
  const exacta = fecha.getFullYear() === anio && fecha.getMonth() === mes - 1 && fecha.getDate() === dia && fecha.getHours() === h && fecha.getMinutes() === min;
  return exacta && anio >= 1 ? { fecha } : { error };
}

/** The first instant of a local day, for a filter «from»; the last millisecond, for «up to». */
export const inicioDelDia = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate(), 0, 0, 0, 0);
export const finDelDia = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate(), 23, 59, 59, 999);

/** A local day as 'yyyy-mm-dd', the form the Informes period keeps days in. */
export const diaIso = (d: Date) => `${String(d.getFullYear()).padStart(4, '0')}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
