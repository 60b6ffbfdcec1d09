// The one dialect of the `regexp` operator, whichever database answers it.
//
// PostgreSQL runs a pattern with its own engine (ARE, `~`); SQLite has none, so the API runs
// re2js there, a port of RE2 that matches in linear time (JavaScript's RegExp backtracks: one
// nested quantifier froze the process for seconds). The two engines refuse and read different
// things, so a pattern is parsed here against a small grammar they share and written out again
// in a canonical form with one meaning: that one string is what both engines run. Anything
// outside the grammar is a 400, never a database error.
import { RE2JS } from 're2js';
import { mensajes } from '../mensajes.js';
import { badRequest } from '../base/errors.js';

export interface RegexpValue {
  /** The canonical pattern, the same for both engines: case-insensitivity is already spelled out in it. */
  source: string;
}

const MAX_LENGTH = 200;
/** PostgreSQL's largest repetition count (its DUPMAX). */
const MAX_REPEAT = 255;
/**
 * Atoms once repetitions are unrolled: `(ab){100}` is 200, `(a{200}){200}` 40 000. Both engines'
 * cost grows faster than this size: at 255 PostgreSQL still compiles the worst shapes quickly,
 * and re2js, once its DFA gives up on counted gaps like `.{0,19}b`, stays cheap per titulo; four
 * times larger both cost orders of magnitude more (bench/RESULTADOS.md). RE2 itself refuses past 1000.
 */
const MAX_SIZE = 255;

/** Sorted, disjoint, non-adjacent code point intervals. */
type Ranges = [number, number][];

const MAX_CODE_POINT = 0x10ffff;
const DOTLESS_I = 0x131;
// Stored text never holds NUL or a lone surrogate (values.ts refuses both; PostgreSQL cannot store
// them), so no set needs them, and no emitted pattern can contain one.
const UNIVERSE: Ranges = [[1, 0xd7ff], [0xe000, MAX_CODE_POINT]];

function normalize(ranges: Ranges): Ranges {
  const clipped = ranges.flatMap(([lo, hi]) =>
    UNIVERSE.filter(([ulo, uhi]) => lo <= uhi && hi >= ulo).map(([ulo, uhi]): [number, number] => [Math.max(lo, ulo), Math.min(hi, uhi)]),
  );
  clipped.sort((a, b) => a[0] - b[0]);
  const out: Ranges = [];
  for (const [lo, hi] of clipped) {
    const last = out[out.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

function complement(set: Ranges): Ranges {
  const out: Ranges = [];
  for (const [ulo, uhi] of UNIVERSE) {
    let next = ulo;
    for (const [lo, hi] of set) {
      if (hi < ulo || lo > uhi) continue;
      if (lo > next) out.push([next, lo - 1]);
      next = Math.max(next, hi + 1);
    }
    if (next <= uhi) out.push([next, uhi]);
  }
  return out;
}

const sameRanges = (a: Ranges, b: Ranges) => a.length === b.length && a.every(([lo, hi], i) => lo === b[i][0] && hi === b[i][1]);

// ASCII, as in RE2 and JavaScript: PostgreSQL's own \w and \s follow the server's locale.
const DIGIT = normalize([[0x30, 0x39]]);
const WORD = normalize([[0x30, 0x39], [0x41, 0x5a], [0x5f, 0x5f], [0x61, 0x7a]]);
/** \t \n \v \f \r and space: POSIX [:space:] in the C locale. */
const SPACE = normalize([[0x09, 0x0d], [0x20, 0x20]]);
const CLASS_ESCAPES: Record<string, { set: Ranges; negated: boolean }> = {
  d: { set: DIGIT, negated: false },
  D: { set: DIGIT, negated: true },
  w: { set: WORD, negated: false },
  W: { set: WORD, negated: true },
  s: { set: SPACE, negated: false },
  S: { set: SPACE, negated: true },
};
const CONTROL_ESCAPES: Record<string, number> = { t: 0x09, n: 0x0a, v: 0x0b, f: 0x0c, r: 0x0d };
const CONTROL_LETTERS: Record<number, string> = { 0x09: 't', 0x0a: 'n', 0x0b: 'v', 0x0c: 'f', 0x0d: 'r' };
/** `\` before any of these is the character itself to every engine (before a letter or digit it is not). */
const PUNCTUATION = /^[\x20-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]$/;

interface CaseTable {
  cased: number[];
  orbit: Map<number, number[]>;
}
let caseTable: CaseTable | undefined;

/**
 * Which characters are one letter in different case: `~*` folds by the server's locale (the C
 * locale folds only ASCII, and no locale folds ſ with s or ς with Σ as RE2 does), so /i is
 * written out as classes instead. The orbits join each character with its upper and lower case,
 * which gives Unicode's simple case folding (what RE2 and JavaScript's /iu use), Turkish ı apart
 * as there. Built once, on the first /i pattern.
 */
function caseOrbits(): CaseTable {
  if (caseTable) return caseTable;
  const parent = new Map<number, number>();
  const root = (x: number): number => {
    let r = x;
    while (parent.has(r) && parent.get(r) !== r) r = parent.get(r)!;
    parent.set(x, r);
    return r;
  };
  const singleCodePoint = (s: string) => {
    const cp = s.codePointAt(0)!;
    return s.length === (cp > 0xffff ? 2 : 1) ? cp : undefined;
  };
  // No cased letter lies past the Supplementary Multilingual Plane. The property test skips the
  // great majority of code points case leaves alone, for less than mapping each one costs.
  const changes = /\p{Changes_When_Casemapped}/u;
  for (let cp = 0; cp <= 0x1ffff; cp++) {
    if ((cp >= 0xd800 && cp <= 0xdfff) || cp === DOTLESS_I) continue;
    const ch = String.fromCodePoint(cp);
    if (!changes.test(ch)) continue;
    for (const other of [ch.toLowerCase(), ch.toUpperCase()]) {
      const o = singleCodePoint(other);
      if (o !== undefined && o !== cp && o !== DOTLESS_I) parent.set(root(cp), root(o));
    }
  }
  const groups = new Map<number, number[]>();
  for (const cp of parent.keys()) {
    const r = root(cp);
    groups.set(r, [...(groups.get(r) ?? []), cp]);
  }
  const orbit = new Map<number, number[]>();
  for (const members of groups.values()) for (const cp of members) orbit.set(cp, members);
  caseTable = { cased: [...orbit.keys()].sort((a, b) => a - b), orbit };
  return caseTable;
}

/** The set with every other case of its letters added. */
function foldCase(set: Ranges): Ranges {
  const { cased, orbit } = caseOrbits();
  const extra: Ranges = [];
  for (const [lo, hi] of set) {
    let i = 0;
    for (let step = cased.length; step > 0; step >>= 1) while (i + step <= cased.length && cased[i + step - 1] < lo) i += step;
    for (; i < cased.length && cased[i] <= hi; i++) for (const cp of orbit.get(cased[i])!) extra.push([cp, cp]);
  }
  return extra.length ? normalize([...set, ...extra]) : set;
}

function emitCharacter(cp: number, inClass: boolean): string {
  if (CONTROL_LETTERS[cp]) return `\\${CONTROL_LETTERS[cp]}`;
  const ch = String.fromCodePoint(cp);
  return (inClass ? '\\[]^-' : '\\.+*?()[]{}|^$').includes(ch) ? `\\${ch}` : ch;
}

/** A set as one atom: `.`, a character, or a bracket expression with nothing locale-dependent in it. */
function emitSet(set: Ranges): string {
  if (sameRanges(set, UNIVERSE)) return '.';
  if (set.length === 1 && set[0][0] === set[0][1]) return emitCharacter(set[0][0], false);
  // A set reaching the last code point came from a negation, and reads shorter negated again.
  const negated = set[set.length - 1][1] === MAX_CODE_POINT;
  const body = (negated ? complement(set) : set)
    .map(([lo, hi]) => (hi === lo ? '' : emitCharacter(lo, true) + (hi === lo + 1 ? '' : '-')) + emitCharacter(hi, true))
    .join('');
  return `[${negated ? '^' : ''}${body}]`;
}

interface Piece {
  out: string;
  /** Atoms once repetitions are unrolled. */
  size: number;
}

class Parser {
  private readonly chars: string[];
  private pos = 0;

  constructor(
    private readonly value: string,
    source: string,
    private readonly caseInsensitive: boolean,
  ) {
    this.chars = Array.from(source);
  }

  parse(): string {
    const piece = this.alternation();
    if (this.pos < this.chars.length) throw this.invalid(); // a `)` with no `(`
    return piece.out;
  }

  private invalid() {
    return badRequest(mensajes.filtro.regexpInvalida(this.value));
  }

  private notAllowed(part: string) {
    return badRequest(mensajes.filtro.regexpNoAdmitida(this.value, part));
  }

  private tooComplex() {
    return badRequest(mensajes.filtro.regexpDemasiadoCompleja(this.value, MAX_LENGTH, MAX_SIZE));
  }

  private peek(offset = 0): string | undefined {
    return this.chars[this.pos + offset];
  }

  private eat(ch: string): boolean {
    if (this.peek() !== ch) return false;
    this.pos++;
    return true;
  }

  private folded(set: Ranges): Ranges {
    return this.caseInsensitive ? foldCase(set) : set;
  }

  private alternation(): Piece {
    const options = [this.sequence()];
    while (this.eat('|')) options.push(this.sequence());
    const size = options.reduce((n, o) => n + o.size, 0);
    if (size > MAX_SIZE) throw this.tooComplex();
    return { out: options.map((o) => o.out).join('|'), size };
  }

  private sequence(): Piece {
    let out = '';
    let size = 0;
    while (this.pos < this.chars.length && this.peek() !== '|' && this.peek() !== ')') {
      const atom = this.atom();
      const bounds = this.quantifier();
      if (bounds && !atom.repeatable) throw this.invalid();
      out += atom.out + (bounds?.out ?? '');
      size += atom.size * (bounds?.times ?? 1);
      if (size > MAX_SIZE) throw this.tooComplex();
    }
    return { out, size };
  }

  private atom(): Piece & { repeatable: boolean } {
    const set = (s: Ranges) => ({ out: emitSet(s), size: 1, repeatable: true });
    const c = this.chars[this.pos++];
    switch (c) {
      case '^':
      case '$':
        return { out: c, size: 1, repeatable: false };
      case '.':
        return set(UNIVERSE);
      case '[':
        return set(this.bracket());
      case '(': {
        // Only the non-capturing group: lookaround, named groups and inline flags are not in both engines.
        if (this.eat('?') && !this.eat(':')) throw this.notAllowed(`(?${this.peek() ?? ''}`);
        const body = this.alternation();
        if (!this.eat(')')) throw this.invalid();
        // Nothing reads the captures, and PostgreSQL matches faster without them.
        return { out: `(?:${body.out})`, size: body.size, repeatable: true };
      }
      case '\\': {
        const e = this.escape();
        if (typeof e === 'number') return set(this.folded([[e, e]]));
        return set(e.negated ? complement(this.folded(e.set)) : this.folded(e.set));
      }
      case '*':
      case '+':
      case '?':
      case '{':
        // Nothing to repeat; a `{` that starts no repetition is literal to some engines and an error to others.
        throw this.invalid();
      default: {
        const cp = c.codePointAt(0)!;
        return set(this.folded([[cp, cp]]));
      }
    }
  }

  /** The repetition after an atom, if any, written canonically, and how many times it unrolls the atom. */
  private quantifier(): { out: string; times: number } | undefined {
    let min: number;
    let max: number;
    const c = this.peek();
    if (c === '*' || c === '+' || c === '?') {
      this.pos++;
      [min, max] = c === '*' ? [0, Infinity] : c === '+' ? [1, Infinity] : [0, 1];
    } else if (c === '{') {
      this.pos++;
      min = this.integer();
      max = this.eat(',') ? (this.peek() === '}' ? Infinity : this.integer()) : min;
      if (!this.eat('}') || min > max) throw this.invalid();
      if (max !== Infinity ? max > MAX_REPEAT : min > MAX_REPEAT) throw this.tooComplex();
    } else {
      return undefined;
    }
    // Laziness only chooses among matches; whether a row matches is the same, so it is dropped.
    this.eat('?');
    if ('*+?{'.includes(this.peek() ?? '.')) throw this.invalid();
    const out =
      max === Infinity ? (min === 0 ? '*' : min === 1 ? '+' : `{${min},}`) : min === 0 && max === 1 ? '?' : min === max ? `{${min}}` : `{${min},${max}}`;
    return { out, times: Math.max(1, max === Infinity ? min : max) };
  }

  private integer(): number {
    let digits = '';
    while (/^[0-9]$/.test(this.peek() ?? '') && digits.length < 6) digits += this.chars[this.pos++];
    if (!digits) throw this.invalid();
    return Number(digits);
  }

  /** After a `\`: a character, or one of the classes \d \w \s and their negations. */
  private escape(): number | { set: Ranges; negated: boolean } {
    const c = this.chars[this.pos++];
    if (c === undefined) throw this.invalid();
    if (Object.hasOwn(CLASS_ESCAPES, c)) return CLASS_ESCAPES[c];
    if (Object.hasOwn(CONTROL_ESCAPES, c)) return CONTROL_ESCAPES[c];
    if (PUNCTUATION.test(c)) return c.codePointAt(0)!;
    // \b is a word boundary to RE2 and JavaScript, a backspace to PostgreSQL; digits are
    // backreferences or octal; \p, \u, \x, \c, \k… exist in one engine and not the other.
    throw this.notAllowed(`\\${c}`);
  }

  /** After a `[`: the set it names, case-folded and negated as asked. */
  private bracket(): Ranges {
    const negated = this.eat('^');
    // `[]…]` and `[^]…]` hold a `]` to PostgreSQL and RE2, but `[]` matches nothing to JavaScript.
    if (this.peek() === ']') throw this.notAllowed(negated ? '[^]' : '[]');
    const positive: Ranges = [];
    const negatedClasses: Ranges[] = [];
    for (let first = true; ; first = false) {
      const c = this.chars[this.pos++];
      if (c === undefined) throw this.invalid();
      if (c === ']') break;
      // [:alpha:], [.x.] and [=x=] are POSIX to PostgreSQL, partly known to RE2, literal to JavaScript.
      if (c === '[') throw this.notAllowed('[');
      const lo = c === '\\' ? this.escape() : c.codePointAt(0)!;
      const isRangeDash = this.peek() === '-' && this.peek(1) !== ']' && this.peek(1) !== undefined;
      if (typeof lo !== 'number') {
        if (isRangeDash) throw this.invalid();
        if (lo.negated) negatedClasses.push(lo.set);
        else positive.push(...lo.set);
        continue;
      }
      // A bare `-` is a character only first or last: `[a-c-e]` reads differently in each engine.
      if (c === '-' && !first && this.peek() !== ']') throw this.invalid();
      if (!isRangeDash) {
        positive.push([lo, lo]);
        continue;
      }
      this.pos++;
      const h = this.chars[this.pos++];
      if (h === '[') throw this.notAllowed('[');
      const hi = h === '\\' ? this.escape() : h.codePointAt(0)!;
      if (typeof hi !== 'number' || hi < lo) throw this.invalid();
      positive.push([lo, hi]);
    }
    let set = this.folded(normalize(positive));
    for (const base of negatedClasses) set = normalize([...set, ...complement(this.folded(base))]);
    if (negated) set = complement(set);
    if (!set.length) throw this.invalid();
    return set;
  }
}

/**
 * A client's `regexp` value, `"^A"` or `"/^a/i"`, as the canonical pattern both databases run.
 * Throws a 400 for anything outside the shared grammar.
 */
export function parseRegexp(value: string): RegexpValue {
  const m = /^\/(.*)\/([a-z]*)$/s.exec(value);
  const source = m ? m[1] : value;
  const flags = m ? m[2] : '';
  // `g` changes nothing in a yes/no match; m and s would change ^ $ and . on one engine only.
  const bad = [...flags].find((f, i) => !'ig'.includes(f) || flags.indexOf(f) !== i);
  if (bad) throw badRequest(mensajes.filtro.regexpNoAdmitida(value, `/${bad}`));
  if (source.length > MAX_LENGTH) throw badRequest(mensajes.filtro.regexpDemasiadoCompleja(value, MAX_LENGTH, MAX_SIZE));
  return { source: new Parser(value, source, flags.includes('i')).parse() };
}

const MATCHER_CACHE_SIZE = 100;
const matchers = new Map<string, RE2JS>();

/**
 * SQLite's REGEXP: whether `text` holds a match of a canonical pattern (from parseRegexp).
 * SQLite calls this once per row with the same pattern, so compiled patterns are kept, the most
 * recently used last.
 */
export function testRegexp(source: string, text: string): boolean {
  let matcher = matchers.get(source);
  if (matcher) {
    matchers.delete(source);
  } else {
    // DOTALL: in PostgreSQL's default mode `.` matches a newline too.
    matcher = RE2JS.compile(source, RE2JS.DOTALL);
    if (matchers.size >= MATCHER_CACHE_SIZE) matchers.delete(matchers.keys().next().value!);
  }
  matchers.set(source, matcher);
  return matcher.test(text);
}
