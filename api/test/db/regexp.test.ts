// The `regexp` operator (docs/arquitectura.md §3, api/src/db/regexp.ts): one dialect on both databases. Runs
// on SQLite and, with TEST_DATABASE_URL, on PostgreSQL, with the same expected rows on each; a
// pattern outside the shared grammar is a 400, and no pattern holds the process.
import fc from 'fast-check';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRegexp, testRegexp } from '../../src/db/regexp.js';
import { createTestApp, type TestApp } from '../support/app.js';

let t: TestApp;
const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));
const listUrl = (pattern: string) => `/clases?filter=${q({ where: { titulo: { regexp: pattern } }, fields: ['titulo'], order: 'id ASC' })}`;

const TS = 'Introducción a TypeScript';
const AVANZADA = 'introducción avanzada';
const MULTILINEA = 'Lección 1\nRepaso';
const NANDU = 'ÑANDÚ y ñu';
const GRIEGO = 'Σοφία y lógica';
const PRECIO = 'Precio: 49,90 € (IVA incluido)';
const SIGNOS = 'a.b-c[d]';
const FECHA = 'Clase 2026-01-15';
// Adversarial for backtracking engines: a long run the pattern almost matches, then a spoiler.
const A31 = `${'a'.repeat(31)}!`;
const A159 = `${'a'.repeat(159)}!`;
const X60 = 'x'.repeat(60);
const PALABRAS = `${'palabra '.repeat(19)}!`;
const TITULOS = [TS, AVANZADA, MULTILINEA, NANDU, GRIEGO, PRECIO, SIGNOS, FECHA, A31, A159, X60, PALABRAS];

beforeAll(async () => {
  t = await createTestApp();
  for (const titulo of TITULOS) {
    const res = await t.call('POST', '/clases', { titulo });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
});

afterAll(async () => {
  await t?.destroy();
});

async function matching(pattern: string): Promise<string[]> {
  const res = await t.call('GET', listUrl(pattern));
  expect(res.status, `${pattern}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.map((c: { titulo: string }) => c.titulo);
}

describe('accepted patterns mean the same on both databases', () => {
  const cases: [string, string[]][] = [
    ['^Intro', [TS]],
    ['/^intro/i', [TS, AVANZADA]],
    ['/^INTRO/ig', [TS, AVANZADA]],
    ['Script$', [TS]],
    ['/SCRIPT$/i', [TS]],
    // `.` matches a newline; ^ and $ hold only at the ends of the whole text, not of its lines.
    ['Lección 1.Repaso', [MULTILINEA]],
    ['1\\nRepaso$', [MULTILINEA]],
    ['^Repaso', []],
    ['1$', []],
    // Case-insensitivity folds every alphabet, whatever the database's locale.
    ['ñandú', []],
    ['/ñandú/i', [NANDU]],
    ['/^ñandú Y ÑU$/i', [NANDU]],
    ['/σοφία/i', [GRIEGO]],
    ['/ΣΟΦΊΑ/i', [GRIEGO]],
    ['Σοφία', [GRIEGO]],
    // Classes, ranges and the ASCII \d \w \s.
    ['[0-9]{4}-[0-9]{2}-[0-9]{2}$', [FECHA]],
    ['\\d{4}-\\d\\d-\\d{2}', [FECHA]],
    ['49,\\d{2} €', [PRECIO]],
    ['^[^a-zA-Z]', [NANDU, GRIEGO]],
    ['^\\S+$', [SIGNOS, A31, A159, X60]],
    ['/[a-c]\\.B[-]C\\[/i', [SIGNOS]],
    // \w is ASCII, as in RE2 and JavaScript: «Introducción» is no run of \w.
    ['^\\w+\\s\\w', [FECHA, PALABRAS]],
    ['[ú]', []],
    ['/[ú]/i', [NANDU]],
    ['[^\\W\\d]{10}', [TS, AVANZADA, A31, A159, X60]],
    // Escaped punctuation is the character itself.
    ['\\(IVA incluido\\)$', [PRECIO]],
    ['a\\.b\\-c\\[d\\]', [SIGNOS]],
    ['\\$|\\^|\\*|\\+|\\?|\\{|\\}|\\||\\\\|\\/', []],
    // Groups, alternation, bounded repetition, lazy quantifiers (laziness cannot change a yes/no).
    ['TypeScript|Repaso', [TS, MULTILINEA]],
    ['^(?:I|i)ntroducción (?:a|avanzada)', [TS, AVANZADA]],
    ['^(palabra )+!$', [PALABRAS]],
    ['^a{31}!$', [A31]],
    ['^a{31,}!$', [A31, A159]],
    ['^a{32,159}!$', [A159]],
    ['a{2,3}?!', [A31, A159]],
    ['^x{60}$', [X60]],
    ['^x{61}', []],
    ['^(?:x{10}){6}$', [X60]],
    // Empty patterns and empty alternatives match everywhere, on both engines.
    ['', TITULOS],
    ['^', TITULOS],
    ['zzz|', TITULOS],
  ];
  for (const [pattern, expected] of cases) {
    it(`${JSON.stringify(pattern)} → ${expected.length} clase(s)`, async () => {
      expect(await matching(pattern)).toEqual(TITULOS.filter((x) => expected.includes(x)));
    });
  }
});

describe('patterns outside the shared grammar are a 400 in the envelope', () => {
  const refused: string[] = [
    // Syntax errors.
    '(',
    'a)',
    '[a-',
    '*a',
    'a**',
    'a+*',
    'a{2}{3}',
    'a{2,1}',
    'a{',
    'a{,3}',
    '[z-a]',
    '[a-c-e]',
    '[\\d-z]',
    '^*',
    '$+',
    '\\',
    '[^\\s\\S]',
    // Read differently, or refused, by one of the engines (or by JavaScript, where users learn them).
    '(a)\\1',
    '(a)\\2',
    '\\0',
    '\\b',
    '\\B',
    '\\c',
    '\\cA',
    '\\p{L}',
    '\\k<n>',
    '\\u0041',
    '\\x41',
    '\\A',
    '\\Z',
    '\\ñ',
    '(?=a)',
    '(?!a)',
    '(?<=a)b',
    '(?<!a)b',
    '(?<n>a)',
    '(?P<n>a)',
    '(?i)a',
    '(?#comentario)',
    '[[:alpha:]]',
    '[[.a.]]',
    '[]a]',
    '[^]',
    '/a/m',
    '/a/s',
    '/a/u',
    '/a/y',
    '/a/ii',
    // Too long or too large once repetitions are unrolled (before PostgreSQL says "too complex").
    'a{256}',
    'x{1000}',
    '(a{200}){200}',
    '(?:ab){128}',
    '(a{100}){3}',
    'a{200}|b{200}',
    'x'.repeat(201),
  ];
  for (const pattern of refused) {
    it(JSON.stringify(pattern.length > 40 ? `${pattern.slice(0, 40)}…` : pattern), async () => {
      const res = await t.call('GET', listUrl(pattern));
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error).toMatchObject({ statusCode: 400, name: 'BadRequestError', code: 'INVALID_PARAMETER_VALUE' });
      expect(res.body.error.message).toContain(`«${pattern}»`);
    });
  }

  it('names the construct that is not admitted', async () => {
    const res = await t.call('GET', listUrl('(a)\\1'));
    expect(res.body.error.message).toMatch(/no admitida.*«\\1»/);
    const flag = await t.call('GET', listUrl('/a/m'));
    expect(flag.body.error.message).toMatch(/no admitida.*«\/m»/);
  });
});

// Each of these takes a backtracking engine exponential time on the titulos above (the first
// froze the API for 8.4 s on a 31-character titulo).
const REDOS = [
  '^(a+)+$',
  '/^(a+)+$/i',
  '(a*)*b',
  '(a|a)*$',
  '(a|aa)+$',
  '^(a|a?)+$',
  '(a+)+b',
  '(.*a){20}',
  '(.*a){20}$',
  '^(\\w+\\s?)*$',
  '(x+x+)+y',
  '^(x+)+y',
  '(\\d+)*x',
  '^(([a-z])+.)+[A-Z]([a-z])+$',
  '^(a?){25}a{25}$',
  '(a{1,10}){1,10}$',
  '(?:.{0,9}[ab]){25}!',
  '((a{0,15}){0,15}){0,4}!$',
  '(.*){1,32000}[bc]',
  '(.+)+\\1',
  '^(a+)+(?!b)',
];

describe('a hostile pattern never holds the process', () => {
  it('each answers 200 or 400 in the envelope, never 500', async () => {
    for (const pattern of REDOS) {
      const res = await t.call('GET', listUrl(pattern));
      expect([200, 400], `${pattern}: ${JSON.stringify(res.body)}`).toContain(res.status);
      if (res.status === 400) expect(res.body.error.code).toBe('INVALID_PARAMETER_VALUE');
    }
  });

  it('answers /ping while the hostile list calls are in flight', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // A connection of its own for every call (fetch's pool would queue the ping behind the others).
    const get = (path: string, headers: Record<string, string> = {}) =>
      new Promise<number>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        });
        req.on('error', reject);
        req.end();
      });
    // With SQLite each request runs to completion in one turn of the event loop, so requests
    // already waiting are served first: the hostile calls come as streams, each call sent when
    // the previous one is answered, and the ping joins them once the first answer is back. A
    // pattern that held the process would hold the ping behind it until the test timed out.
    const answered: string[] = [];
    let firstAnswer!: () => void;
    const inFlight = new Promise<void>((resolve) => (firstAnswer = resolve));
    const stream = async () => {
      const statuses: number[] = [];
      for (const pattern of REDOS) {
        statuses.push(await get(listUrl(pattern), { cookie: t.cookie }));
        answered.push(pattern);
        firstAnswer();
      }
      return statuses;
    };
    const lists = Array.from({ length: 3 }, stream);
    const ping = inFlight.then(async () => {
      const status = await get('/ping');
      answered.push('/ping');
      return status;
    });
    const [streams, pingStatus] = await Promise.all([Promise.all(lists), ping]);
    expect(pingStatus).toBe(200);
    for (const status of streams.flat()) expect([200, 400]).toContain(status);
    expect(answered.indexOf('/ping'), 'the ping answered before the last hostile call').toBeLessThan(answered.length - 1);
  });
});

describe('random patterns', () => {
  const pieces = [
    'a', 'A', 'b', 'x', 'ñ', 'Ñ', 'σ', '😀', ' ', '!', '0', '.', '*', '+', '?', '*?', '(', ')', '(?:', '(?=', '(?<', '[', ']', '[^',
    '^', '$', '|', '{', '}', '{2}', '{1,3}', '{0,}', '{256}', ',', '-', '\\', '\\d', '\\w', '\\s', '\\W', '\\S', '\\b', '\\1',
    '\\.', '\\-', '\\]', '\\n', '\\\\', '\\/', '/', '\n', 'a-z', '[:alpha:]',
  ];
  const pattern = fc
    .tuple(fc.array(fc.constantFrom(...pieces), { maxLength: 14 }), fc.constantFrom('', 'i', 'g', 'm', 'is'), fc.boolean())
    .map(([parts, flags, slashed]) => (slashed ? `/${parts.join('')}/${flags}` : parts.join('')));

  it('answer 200 or 400, never 500; a 200 lists exactly the rows the shared dialect matches', async () => {
    const seen = { ok: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(pattern, async (p) => {
        const res = await t.call('GET', listUrl(p));
        expect([200, 400], `${JSON.stringify(p)}: ${JSON.stringify(res.body)}`).toContain(res.status);
        let source: string | undefined;
        try {
          source = parseRegexp(p).source;
        } catch {
          source = undefined;
        }
        if (res.status === 400) {
          seen.refused++;
          expect(source, JSON.stringify(p)).toBeUndefined();
          expect(res.body.error.code).toBe('INVALID_PARAMETER_VALUE');
          return;
        }
        seen.ok++;
        // On PostgreSQL this compares its engine with re2js, row by row.
        const expected = TITULOS.filter((titulo) => testRegexp(source!, titulo));
        expect(res.body.map((c: { titulo: string }) => c.titulo), `${JSON.stringify(p)} → ${JSON.stringify(source)}`).toEqual(expected);
      }),
      { numRuns: 300 },
    );
    expect(seen.ok, 'the generator should reach accepted patterns').toBeGreaterThan(30);
    expect(seen.refused, 'and refused ones').toBeGreaterThan(30);
  });
});
