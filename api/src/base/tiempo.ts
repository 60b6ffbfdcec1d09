// Calendar arithmetic in the business's time zone. Reports group by the administrator's calendar
// day (a sale at 00:30 in Madrid belongs to that day, not to the UTC one), but SQLite has no time
// zone database: so every boundary is computed here, with Intl, as a UTC instant, and both
// databases only compare instants. That keeps SQLite and PostgreSQL results identical.

/** An instant as either database hands it back (a Date from pg, an ISO string from SQLite), in epoch milliseconds. */
export const millisDe = (value: unknown): number => (value instanceof Date ? value.getTime() : new Date(value as string).getTime());

/** A calendar date, `YYYY-MM-DD`, with no time zone attached. */
export type Dia = string;

export type Agrupacion = 'dia' | 'semana' | 'mes';
export const agrupaciones: readonly Agrupacion[] = ['dia', 'semana', 'mes'];

/** A half-open span of time [inicio, fin) as ISO-8601 UTC instants, labelled by `clave`. */
export interface Intervalo {
  clave: string;
  inicio: string;
  fin: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock fields of an instant in a zone. */
function wallClock(instant: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(instant))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return parts as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** How far ahead of UTC the zone's clock is at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const fromUtcDate = (d: Date): Dia => `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const toUtcDate = (dia: Dia) => new Date(`${dia}T00:00:00.000Z`);

/** Whether `texto` is a real calendar date written as YYYY-MM-DD (2026-02-30 is not). */
export function esDia(texto: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(texto)) return false;
  const d = toUtcDate(texto);
  return !Number.isNaN(d.getTime()) && fromUtcDate(d) === texto;
}

export function addDias(dia: Dia, n: number): Dia {
  const d = toUtcDate(dia);
  d.setUTCDate(d.getUTCDate() + n);
  return fromUtcDate(d);
}

/** Whole days from `a` to `b` (b − a). */
export function diasEntre(a: Dia, b: Dia): number {
  return Math.round((toUtcDate(b).getTime() - toUtcDate(a).getTime()) / 86_400_000);
}

/** The calendar day an instant falls on in the zone. */
export function diaEn(instant: Date, timeZone: string): Dia {
  const w = wallClock(instant.getTime(), timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/**
 * The instant the day starts in the zone. The offset is looked up twice because the first guess
 * can sit on the other side of a DST change; where a change skips midnight (America/Havana) only
 * the candidate that really falls on `dia` is the start, and where midnight repeats, the earlier.
 */
export function inicioDelDia(dia: Dia, timeZone: string): string {
  const key = `${timeZone}|${dia}`;
  let inicio = inicios.get(key);
  if (inicio === undefined) {
    // Bounded so that odd ranges asked for cannot grow it without end; refilling is cheap.
    if (inicios.size >= MAX_CACHE) inicios.clear();
    inicio = computeInicio(dia, timeZone);
    inicios.set(key, inicio);
  }
  return inicio;
}

/** Intl is slow (some µs a call) and a three-year daily series needs a thousand day starts. */
const inicios = new Map<string, string>();
const MAX_CACHE = 20_000;

function computeInicio(dia: Dia, timeZone: string): string {
  const wall = toUtcDate(dia).getTime();
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  // Same offset at both: the clock really reads midnight at `first`.
  if (first === second) return new Date(first).toISOString();
  const onTheDay = [first, second].filter((c) => diaEn(new Date(c), timeZone) === dia);
  return new Date(Math.min(...(onTheDay.length ? onTheDay : [first]))).toISOString();
}

/** Monday of the ISO week the day belongs to. */
export function lunesDe(dia: Dia): Dia {
  const weekday = toUtcDate(dia).getUTCDay(); // 0 = Sunday
  return addDias(dia, -((weekday + 6) % 7));
}

/** First day of the month `n` months after the one `dia` is in (before it when `n` < 0). */
export function primeroDelMes(dia: Dia, n = 0): Dia {
  const d = toUtcDate(`${dia.slice(0, 7)}-01`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return fromUtcDate(d);
}

/** How many calendar months `desde`..`hasta` covers when it is exactly whole months; else 0. */
export function mesesEnteros(desde: Dia, hasta: Dia): number {
  const enteros = desde === primeroDelMes(desde) && addDias(hasta, 1) === primeroDelMes(hasta, 1);
  return enteros ? cuantosIntervalos(desde, hasta, 'mes') : 0;
}

/** How many buckets `intervalos` would produce, without building them. */
export function cuantosIntervalos(desde: Dia, hasta: Dia, agrupacion: Agrupacion): number {
  if (agrupacion === 'dia') return diasEntre(desde, hasta) + 1;
  if (agrupacion === 'semana') return diasEntre(lunesDe(desde), lunesDe(hasta)) / 7 + 1;
  const meses = (d: Dia) => Number(d.slice(0, 4)) * 12 + Number(d.slice(5, 7));
  return meses(hasta) - meses(desde) + 1;
}

/**
 * Every bucket from `desde` to `hasta` (both whole days, inclusive), none missing. The first and
 * last weeks or months are clipped to the range, so the buckets add up to exactly the period.
 */
export function intervalos(desde: Dia, hasta: Dia, agrupacion: Agrupacion, timeZone: string): Intervalo[] {
  const out: Intervalo[] = [];
  const finRango = addDias(hasta, 1);
  let dia = desde;
  let inicio = inicioDelDia(desde, timeZone);
  while (dia < finRango) {
    let clave: string;
    let siguiente: Dia;
    if (agrupacion === 'dia') {
      clave = dia;
      siguiente = addDias(dia, 1);
    } else if (agrupacion === 'semana') {
      clave = lunesDe(dia);
      siguiente = addDias(clave, 7);
    } else {
      clave = dia.slice(0, 7);
      siguiente = primeroDelMes(dia, 1);
    }
    if (siguiente > finRango) siguiente = finRango;
    const fin = inicioDelDia(siguiente, timeZone);
    out.push({ clave, inicio, fin });
    dia = siguiente;
    inicio = fin;
  }
  return out;
}

/** Wall-clock date and time of an instant in the zone, `YYYY-MM-DD HH:mm:ss`, for spreadsheets. */
export function fechaHoraEn(instant: Date, timeZone: string): string {
  const w = wallClock(instant.getTime(), timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

const DIA_MS = 86_400_000;
/** By zone, the offset of each UTC day seen in which the zone's offset does not change. */
const offsetsPorDia = new Map<string, Map<number, number>>();

function offsetCacheado(t: number, timeZone: string): number {
  let porDia = offsetsPorDia.get(timeZone);
  if (!porDia || porDia.size >= MAX_CACHE) offsetsPorDia.set(timeZone, (porDia = new Map()));
  const dia = Math.floor(t / DIA_MS);
  const cached = porDia.get(dia);
  if (cached !== undefined) return cached;
  const inicio = offsetAt(dia * DIA_MS, timeZone);
  // A day that ends on the offset it began with has no change in it (zones change at most once a day).
  if (inicio === offsetAt((dia + 1) * DIA_MS - 1000, timeZone)) {
    porDia.set(dia, inicio);
    return inicio;
  }
  return offsetAt(t, timeZone);
}

/**
 * Wall-clock `dd/mm/aaaa hh:mm` of an instant in the zone, as a Spaniard writes it. An export
 * formats millions of these, and Intl costs microseconds a call: so the zone's offset is looked
 * up once per UTC day (only the days of a DST change ask Intl for each instant) and the rest is
 * arithmetic.
 */
export function fechaHoraCorta(instant: Date, timeZone: string): string {
  const t = instant.getTime();
  const w = new Date(t + offsetCacheado(t, timeZone));
  return `${pad(w.getUTCDate())}/${pad(w.getUTCMonth() + 1)}/${pad(w.getUTCFullYear(), 4)} ${pad(w.getUTCHours())}:${pad(w.getUTCMinutes())}`;
}

/** ISO 8601 with the zone's offset at that instant, `2024-01-01T19:20:30+01:00` (VeriFactu's FechaHoraHuso). */
export function fechaHoraConHuso(instant: Date, timeZone: string): string {
  const t = Math.floor(instant.getTime() / 1000) * 1000;
  const offset = offsetAt(t, timeZone) / 60_000;
  const w = new Date(t + offset * 60_000);
  const signo = offset < 0 ? '-' : '+';
  const huso = `${signo}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return `${pad(w.getUTCFullYear(), 4)}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())}T${pad(w.getUTCHours())}:${pad(w.getUTCMinutes())}:${pad(w.getUTCSeconds())}${huso}`;
}
