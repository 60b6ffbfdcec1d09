// The query string is read as qs reads it (deep-object filters), and the plain `filter=<JSON>`
// the admin sends takes a shorter road to the same result: both must agree on every input.
import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../src/rest/querystring.js';

const QS_OPTIONS: qs.IParseOptions = { depth: 12, arrayLimit: 1000, parameterLimit: 2000, allowDots: false, allowPrototypes: true, plainObjects: true, strictDepth: true, throwOnLimitExceeded: true };
const UNREADABLE = (parsed: object) => Object.getOwnPropertySymbols(parsed).length > 0;

describe('reading the query string', () => {
  it('reads a plain filter exactly as qs does', () => {
    const filter = JSON.stringify({ where: { titulo: { like: '%ñu & 100% +x' } }, order: 'fecha DESC', limit: 25 });
    const cases = [
      `filter=${encodeURIComponent(filter)}`,
      `filter=${encodeURIComponent(filter)}&where=${encodeURIComponent('{"a":1}')}`,
      'filter=a+b%20c', // + is a space
      'filter=%E0%A4%A', // an escape that does not decode stays as written
      'filter', // no value
      'filter=&where=',
      'a=1&&b=2', // empty pairs
      'fil%74er=x', // an escaped key
      'filter=x=y', // the first = splits
    ];
    for (const q of cases) {
      const parsed = parseQuery(q);
      expect(UNREADABLE(parsed), q).toBe(false);
      expect({ ...parsed }, q).toEqual({ ...qs.parse(q, QS_OPTIONS) });
    }
  });

  it('leaves to qs what is not plain, and reads it the same', () => {
    const cases = ['filter[where][estado]=pagada&filter[limit]=5', 'filter%5Bwhere%5D%5Bid%5D=3', 'a=1&a=2', 'filter[order][0]=id&filter[order][1]=fecha'];
    for (const q of cases) expect({ ...parseQuery(q) }, q).toEqual({ ...qs.parse(q, QS_OPTIONS) });
  });

  it('refuses what qs would drop, by either road', () => {
    for (const q of ['__proto__[x]=1', 'where[__proto__][titulo]=x', 'a]=1', Array.from({ length: 2001 }, (_, i) => `k${i}=1`).join('&')]) {
      expect(UNREADABLE(parseQuery(q)), q).toBe(true);
    }
  });
});
