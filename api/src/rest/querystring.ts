// The query string as the LoopBack dialect reads it: deep-object form (`filter[where][estado]=x`)
// through qs, with nothing dropped in silence. qs leaves out keys it will not or cannot
// represent (`__proto__`, keys beyond its limits, stray brackets), and a `where` that lost its
// only condition matches every row: a bulk DELETE that said `where[constructor][titulo]=x`
// deleted them all. So a query qs cannot read whole is refused (400), never half-read.
import type { FastifyRequest } from 'fastify';
import qs from 'qs';
import { mensajes } from '../mensajes.js';
import { badRequest } from '../base/errors.js';

const UNREADABLE = Symbol('unreadableQuery');

const OPTIONS: qs.IParseOptions = {
  depth: 12,
  arrayLimit: 1000,
  parameterLimit: 2000,
  allowDots: false,
  // Names such as `constructor` or `hasOwnProperty` are kept as plain data (objects without a
  // prototype), so they reach the filter parser and are refused there as unknown fields.
  allowPrototypes: true,
  plainObjects: true,
  // Past these limits qs would truncate or drop; it throws instead, and that is a 400.
  strictDepth: true,
  throwOnLimitExceeded: true,
};

/** `name` followed by any number of `[segment]`s, nothing else. */
const KEY_SHAPE = /^[^[\]]+(\[[^[\]]*\])*$/;

/** As qs decodes a key or a value: `+` is a space, and an escape that does not decode stays as written. */
const decode = (s: string) => {
  const spaced = s.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
};

/** The key of one `key=value` pair, split where qs splits it. */
function keyOf(pair: string): string {
  const bracketEquals = pair.indexOf(']=');
  const end = bracketEquals === -1 ? pair.indexOf('=') : bracketEquals + 1;
  return decode(end === -1 ? pair : pair.slice(0, end));
}

function countLeaves(value: unknown): number {
  if (value === null || typeof value !== 'object') return 1;
  let n = 0;
  for (const key of Object.keys(value)) n += countLeaves((value as Record<string, unknown>)[key]);
  return n;
}

const unreadable = (key?: string) => ({ [UNREADABLE]: key ?? '' });

/** A key qs would keep as it is: no brackets to nest by, nothing it drops. */
const PLAIN_KEY = /^[A-Za-z0-9_-]+$/;

/**
 * `filter=<JSON>&where=<JSON>`, the form the admin sends, read as qs would read it (same keys,
 * same decoding) without qs and its checks, about 8 µs of a page of pagos. Undefined for anything
 * else: brackets, a repeated key, too many pairs.
 */
function parsePlain(pairs: string[]): Record<string, unknown> | undefined {
  if (pairs.length > (OPTIONS.parameterLimit as number)) return undefined;
  const parsed: Record<string, unknown> = Object.create(null);
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    const key = decode(eq === -1 ? pair : pair.slice(0, eq));
    if (!PLAIN_KEY.test(key) || key in parsed) return undefined;
    parsed[key] = eq === -1 ? '' : decode(pair.slice(eq + 1));
  }
  return parsed;
}

/** For Fastify's querystringParser: never throws (it runs inside routing); see rejectUnreadableQuery. */
export function parseQuery(query: string): Record<string | symbol, unknown> {
  const pairs = query.split('&').filter((p) => p !== '');
  const plain = parsePlain(pairs);
  if (plain) return plain;
  for (const pair of pairs) {
    const key = keyOf(pair);
    if (!KEY_SHAPE.test(key)) return unreadable(key);
  }
  let parsed: Record<string, unknown>;
  try {
    parsed = qs.parse(query, OPTIONS) as Record<string, unknown>;
  } catch {
    return unreadable();
  }
  // Every pair is one value somewhere in the result; one missing was dropped (`__proto__`).
  if (countLeaves(parsed) !== pairs.length) {
    return unreadable(pairs.map(keyOf).find((k) => k.includes('__proto__')));
  }
  return parsed;
}

/** preValidation hook: a query the parser could not read whole is a 400 naming the key. */
export function rejectUnreadableQuery(request: FastifyRequest) {
  const query = request.query as Record<string | symbol, unknown> | undefined;
  if (query && UNREADABLE in query) throw badRequest(mensajes.filtro.consultaIlegible(String(query[UNREADABLE])));
}
