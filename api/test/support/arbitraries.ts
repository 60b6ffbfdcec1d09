// Generators of hostile input for the property-based suites (fuzz.test.ts on one database,
// parity.test.ts on both): filters, wheres and bodies built mostly from the registry's real
// fields and operators, with the values that broke the API before mixed in.
import fc from 'fast-check';
import { resources } from '../../src/resources/index.js';

/** Values one database took and the other refused, or that reached a database as an error. */
export const NASTY = [
  'a\u0000b', '\u0000', 'x\uD800', '\uDC00y', '\uD83D\uDE00', // NUL, lone surrogates, a real pair
  'a\\', '%\\', '\\\\', '_\\\\\\', // patterns ending in an escape, or not
  '0000-01-01T00:00:00+14:00', '0001-01-01T00:00:00Z', '0001-01-01T00:00:00+01:00', '9999-12-31T23:59:59-14:00',
  '9999-12-31T23:59:59.999Z', '+010000-01-01T00:00:00Z', '-000001-01-01T00:00:00Z', '2026-06-30T23:59:60Z', '2026-01-01T24:00:00Z',
  2147483647, 2147483648, -2147483649, 1e21, Number.MAX_SAFE_INTEGER,
];
/** Any string, with NUL, lone surrogates and escapes far likelier than chance makes them. */
export const nastyString = fc.oneof(
  // Any UTF-16 code unit, lone surrogate halves included (fast-check's 'binary' unit never makes one).
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 12 }),
  fc.array(fc.constantFrom('a', 'Á', '\u0000', '\uD800', '\uDFFF', '\\', '%', '_', '*', '[', '('), { maxLength: 8 }).map((a) => a.join('')),
);
export const nasty = fc.oneof(fc.constantFrom(...NASTY), nastyString);

export const strange = ['noExiste', 'or', 'and', '__proto__', 'constructor', 'toString'];
export const operators = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'inq', 'nin', 'between', 'like', 'nlike', 'ilike', 'nilike', 'regexp', 'near', 'exists'];

export const scalar = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('2026-01-01', '2026-02-30T00:00:00Z', '2026-01-01T10:00:00.000Z', '%', '_\\', '/^a/i', '(', "'; drop table cursos; --", '1e400', '-0', 'ñÁ'),
  nasty,
  fc.integer({ min: -1e12, max: 1e12 }),
);
/** A plausible value for a field of this type: usually valid, sometimes not. */
export const valueFor = (type: string) =>
  fc.oneof(
    { weight: 3, arbitrary: type === 'integer' ? fc.integer({ min: -5, max: 100000 }) : type === 'boolean' ? fc.boolean() : type === 'date-time' ? fc.date({ min: new Date('2000-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString()) : fc.string({ maxLength: 8 }) },
    { weight: 1, arbitrary: scalar },
  );

/** Valid four times in five: each key of a filter can spoil it, and the valid paths need exercise too. */
export const mostly = <T, U>(valid: fc.Arbitrary<T>, invalid: fc.Arbitrary<U>) =>
  fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: invalid });

/** Filters for one resource: mostly its real fields and operators, with strange names mixed in. */
export function filterFor(resource: (typeof resources)[string]) {
  const fields = Object.entries(resource.fields);
  const fieldName = fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...fields.map(([n]) => n)) }, { weight: 1, arbitrary: fc.constantFrom(...strange) });
  const condition = fc.constantFrom(...fields).chain(([name, f]) =>
    fc.oneof(
      valueFor(f.type).map((v) => ({ [name]: v })),
      fc.dictionary(fc.constantFrom(...operators), fc.oneof(valueFor(f.type), fc.array(valueFor(f.type), { maxLength: 3 })), { maxKeys: 2 }).map((ops) => ({ [name]: ops })),
    ),
  );
  const { where } = fc.letrec((tie) => ({
    where: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 3, arbitrary: condition },
      fc.record({ or: fc.array(tie('where'), { maxLength: 3 }) }),
      fc.record({ and: fc.array(tie('where'), { maxLength: 3 }) }),
    ),
  }));
  const relation = fc.constantFrom(...Object.keys(resource.relations), 'nada', '__proto__');
  const realField = fc.constantFrom(...fields.filter(([, f]) => !f.writeOnly).map(([n]) => n));
  const plain = fc.record(
    {
      where: mostly(where, fc.dictionary(fieldName, scalar, { maxKeys: 2 })),
      fields: mostly(fc.array(realField, { minLength: 1, maxLength: 3 }), fc.oneof(fc.array(fieldName, { maxLength: 3 }), fc.dictionary(fieldName, fc.oneof(fc.boolean(), scalar), { maxKeys: 3 }))),
      order: mostly(realField.chain((n) => fc.constantFrom(`${n} ASC`, `${n} DESC`, n)), fc.oneof(fc.constantFrom('id SIDEWAYS', 'x y z'), fc.array(fc.string(), { maxLength: 2 }), scalar)),
      limit: mostly(fc.integer({ min: 1, max: 50 }), scalar),
      skip: mostly(fc.nat(20), scalar),
      include: mostly(fc.array(fc.constantFrom(...Object.keys(resource.relations), 'id'), { maxLength: 2 }).map((l) => l.filter((r) => r !== 'id')), fc.oneof(fc.array(relation, { maxLength: 2 }), fc.record({ relation, scope: fc.record({ where, limit: fc.integer({ min: 1, max: 3 }) }, { requiredKeys: [] }) }).map((i) => [i]), scalar)),
    },
    { requiredKeys: [] },
  );
  // An unknown top-level key makes the whole filter a 400: keep it rare so the rest gets exercised.
  const rareExtra = fc.oneof({ weight: 9, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: scalar });
  const filter = fc.tuple(plain, rareExtra).map(([f, extra]) => (extra === undefined ? f : { ...f, extra }));
  return { where, filter };
}

export const perResource = Object.fromEntries(Object.values(resources).map((r) => [r.name, filterFor(r)]));
export const resourceFilter = fc.constantFrom(...Object.keys(resources)).chain((name) => perResource[name].filter.map((f) => [name, f] as const));
export const resourceWhere = fc.constantFrom(...Object.keys(resources)).chain((name) => perResource[name].where.map((w) => [name, w] as const));
export const resourceName = fc.constantFrom(...Object.keys(resources));
/** The resources a client writes (archivos are the server's). */
export const writableResourceName = fc.constantFrom(...Object.values(resources).filter((r) => !r.serverWritten).map((r) => r.name));
export const fieldNames = [...new Set(Object.values(resources).flatMap((r) => Object.keys(r.fields))), ...strange];

