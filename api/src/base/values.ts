// Conversions between the wire (JSON, query strings) and the database, driven by each field's
// type. SQLite has no boolean or timestamp type: booleans are stored 0/1 and date-times as
// ISO-8601 strings with milliseconds, which sort and compare correctly as text.
import type { Field, Resource } from '../base/types.js';

export const INT_MIN = -2147483648;
export const INT_MAX = 2147483647;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** What Date#toISOString() writes for years 0000–9999. */
const CANONICAL_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * Text a column can hold exactly as sent: PostgreSQL refuses NUL in text, and a lone surrogate
 * (not a character at all) would be stored as U+FFFD on both databases, silently changing it.
 * With the u flag a well-formed pair is one code point, so \p{Cs} finds only lone halves.
 */
/** A boolean column read raw, as either database gives it (SQLite: 1 or 0). */
export const isTrue = (value: unknown) => value === true || value === 1;

export const isStorableText = (s: string) => !s.includes('\u0000') && !/\p{Cs}/u.test(s);

// Characters that show nothing: format controls (zero-width space and joiners, word joiner,
// BOM, bidi controls) and the rest of Unicode's default-ignorable code points.
const INVISIBLES = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/**
 * Text as a person reads it: compatibility forms folded (NFKC: «ＤＥＬＥＴＥ» is «DELETE»),
 * invisible characters removed, trimmed. Two values that read alike compare equal.
 */
export const textoVisible = (s: string) => sinInvisibles(s.normalize('NFKC')).trim();

/** Without the characters that show nothing, bidi controls among them: a name stays as typed otherwise. */
export const sinInvisibles = (s: string) => s.replace(INVISIBLES, '');

/** The range both databases store and sort as dates: PostgreSQL has no year 0, and past 9999 ISO text needs a sign. */
const MIN_TIME = Date.parse('0001-01-01T00:00:00.000Z');
const MAX_TIME = Date.parse('9999-12-31T23:59:59.999Z');

/** Whether a string is a real calendar date-time (rejects 2026-02-30 and other rollovers). */
export function parseDateTime(value: string): Date | undefined {
  if (!ISO_DATE.test(value) && !ISO_DATE_TIME.test(value)) return undefined;
  const date = new Date(ISO_DATE.test(value) ? `${value}T00:00:00Z` : value);
  // NaN too: a leap second (23:59:60) is no instant JavaScript or SQLite can represent.
  if (!(date.getTime() >= MIN_TIME && date.getTime() <= MAX_TIME)) return undefined;
  const [y, m, d] = value.slice(0, 10).split('-').map(Number);
  // Compare the calendar part as written with what Date understood, in the written offset.
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0–99 as 1900–1999.
  const probe = new Date(0);
  probe.setUTCFullYear(y, m - 1, d);
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== m - 1 || probe.getUTCDate() !== d) return undefined;
  return date;
}

export class CoercionError extends Error {
  constructor(readonly expected: string) {
    super(expected);
  }
}

/**
 * A filter value (from JSON or from a deep-object query string, where everything is a string)
 * converted to the field's type. Throws CoercionError naming what was expected.
 */
export function coerceFilterValue(field: Field, value: unknown): string | number | boolean {
  switch (field.type) {
    case 'integer': {
      const n = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < INT_MIN || n > INT_MAX) throw new CoercionError('un número entero');
      return n;
    }
    case 'boolean':
      if (value === true || value === 'true') return true;
      if (value === false || value === 'false') return false;
      throw new CoercionError('true o false');
    case 'date-time': {
      const date = typeof value === 'string' ? parseDateTime(value) : undefined;
      if (!date) throw new CoercionError('una fecha ISO-8601 válida');
      return date.toISOString();
    }
    case 'string':
      if (typeof value !== 'string' || !isStorableText(value)) throw new CoercionError('un texto');
      return value;
  }
}

export type Dialect = 'sqlite' | 'pg';

/** A wire value (already validated) as the database stores it. */
export function toDb(field: Field, value: unknown, dialect: Dialect): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (field.type === 'boolean' && dialect === 'sqlite') return value ? 1 : 0;
  if (field.type === 'date-time') return new Date(value as string).toISOString();
  return value;
}

export function fromDb(field: Field, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (field.type) {
    case 'boolean':
      return value === true || value === 1 || value === '1';
    case 'date-time':
      if (value instanceof Date) return value.toISOString();
      // SQLite gives back what toDb stored, already canonical: skip a parse and format per cell.
      if (typeof value === 'string' && CANONICAL_ISO.test(value)) return value;
      return new Date(value as string).toISOString();
    case 'integer':
      return typeof value === 'number' ? value : Number(value);
    default:
      return value;
  }
}

/** Per resource, the fields whose stored value may differ from the API's: all but the texts. */
const toConvert = new WeakMap<Resource, [string, Field][]>();

function fieldsToConvert(resource: Resource): [string, Field][] {
  let list = toConvert.get(resource);
  if (!list) toConvert.set(resource, (list = Object.entries(resource.fields).filter(([, f]) => f.type !== 'string' || f.writeOnly)));
  return list;
}

/**
 * A database row as the API shows it: typed, write-only fields removed. Converted in place (the
 * row is the caller's own, fresh from the driver) and only where a value may need it: copying
 * every row of a page cost twice the conversions (1.0 against 0.5 µs a pago).
 */
export function serializeRow(resource: Resource, row: Record<string, unknown>): Record<string, unknown> {
  for (const [name, field] of fieldsToConvert(resource)) {
    if (!(name in row)) continue;
    if (field.writeOnly) delete row[name];
    else row[name] = fromDb(field, row[name]);
  }
  return row;
}

/** A validated body as a row to write, in the database's representation. */
export function bodyToRow(resource: Resource, body: Record<string, unknown>, dialect: Dialect): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) {
    const field = resource.fields[name];
    if (field) row[name] = toDb(field, value, dialect);
  }
  return row;
}
