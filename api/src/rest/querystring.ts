// The query string as the LoopBack dialect reads it: deep-object form (`filter[where][estado]=x`)
// through qs, with nothing dropped in silence. qs leaves out keys it will not or cannot
// represent (`__proto__`, keys beyond its limits, stray brackets), and a `where` that lost its
// only condition matches every row: a bulk DELETE that said `where[constructor][titulo]=x`
// deleted them all. So a query qs cannot read whole is refused (400), never half-read.
import type { FastifyRequest } from 'fastify';
import qs from 'qs';
import { mensajes } from '../mensajes.js';
import { badRequest } from './errors.js';

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

const decode = (s: string) => {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s; // as qs does
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

/** For Fastify's querystringParser: never throws (it runs inside routing); see rejectUnreadableQuery. */
export function parseQuery(query: string): Record<string | symbol, unknown> {
  const pairs = query.split('&').filter((p) => p !== '');
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
export async function rejectUnreadableQuery(request: FastifyRequest) {
  const query = request.query as Record<string | symbol, unknown> | undefined;
  if (query && UNREADABLE in query) throw badRequest(mensajes.filtro.consultaIlegible(String(query[UNREADABLE])));
}
