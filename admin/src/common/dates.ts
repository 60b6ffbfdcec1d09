// The API stores instants (ISO-8601 UTC); the browser's date inputs speak local wall time.

/** 'yyyy-MM-ddThh:mm' from a datetime-local input, read in the browser's zone, to ISO UTC. */
export const localToIso = (value: unknown): string | null => {
  if (value == null || value === '') return null;
  const date = new Date(String(value));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
};

const localDay = (value: unknown): number[] | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(value ?? ''));
  return m ? [Number(m[1]), Number(m[2]) - 1, Number(m[3])] : null;
};

/** A 'yyyy-MM-dd' filter bound "from": the first instant of that local day. */
export const startOfDayIso = (value: unknown): string | null => {
  const d = localDay(value);
  return d ? new Date(d[0], d[1], d[2]).toISOString() : null;
};

/** A 'yyyy-MM-dd' filter bound "to": the last millisecond of that local day, so it is included. */
export const endOfDayIso = (value: unknown): string | null => {
  const d = localDay(value);
  return d ? new Date(d[0], d[1], d[2], 23, 59, 59, 999).toISOString() : null;
};
