// The LoopBack `filter` and `where` grammar, parsed and checked against the registry into a
// normalized tree. Everything that reaches SQL has passed through here: identifiers are known
// fields, operators are known operators, values have the field's type.
import { mensajes } from '../mensajes.js';
import type { Resource } from '../base/types.js';
import { registryOf } from './registry.js';
import { badRequest } from '../base/errors.js';
import { parseRegexp } from '../db/regexp.js';
import { CoercionError, coerceFilterValue, INT_MAX, isStorableText } from '../base/values.js';

export const OPERATORS = [
  'eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'inq', 'nin', 'between', 'like', 'nlike', 'ilike', 'nilike', 'regexp',
] as const;
export type Operator = (typeof OPERATORS)[number];
export type { RegexpValue } from '../db/regexp.js';
const TEXT_OPERATORS: Operator[] = ['like', 'nlike', 'ilike', 'nilike', 'regexp'];
const MAX_DEPTH = 8;

export type WhereNode =
  | { kind: 'and' | 'or'; children: WhereNode[] }
  | { kind: 'cond'; field: string; op: Operator; value: unknown }
  /** `"usuario.nombre": …`: the row a belongsTo relation points at meets `where` (a where of the target). */
  | { kind: 'rel'; relation: string; where: WhereNode }
  /**
   * Written by the search planner (rest/busqueda.ts), never parsed: `field` is one of `ids`, the
   * rows of a `rel` it looked up beforehand.
   */
  | { kind: 'ids'; field: string; ids: number[] }
  /**
   * Written by the search planner: `child` is checked on each row read, never used to find the
   * rows (SQLite would otherwise gather every row it matches, then sort them all for one page).
   */
  | { kind: 'scan'; child: WhereNode };

export interface OrderTerm {
  field: string;
  dir: 'asc' | 'desc';
}

export interface IncludeSpec {
  relation: string;
  scope: ParsedFilter;
}

export interface ParsedFilter {
  where?: WhereNode;
  /** Fields to return; undefined means all readable fields. */
  fields?: string[];
  order: OrderTerm[];
  limit?: number;
  skip: number;
  include: IncludeSpec[];
}

export interface FilterOptions {
  maxLimit: number;
  /** For GET /R/{id}: only fields and include are allowed. */
  byId?: boolean;
  /** For exports, which stream: no default page and no cap, only the limit the client asks. */
  unbounded?: boolean;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A query parameter that may arrive as a JSON string or already parsed from deep-object form. */
export function readJsonParam(raw: unknown, name: string): Record<string, unknown> | undefined {
  if (raw === undefined || raw === '') return undefined;
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw badRequest(mensajes.filtro.jsonInvalido(name));
    }
  }
  if (value === null) return undefined;
  if (!isPlainObject(value)) throw badRequest(mensajes.filtro.noEsObjeto(name));
  return value;
}

function readableField(resource: Resource, name: string): void {
  // Own properties only: a client's "__proto__" or "constructor" must not find Object.prototype.
  const field = Object.hasOwn(resource.fields, name) ? resource.fields[name] : undefined;
  if (!field || field.writeOnly) throw badRequest(mensajes.filtro.campoDesconocido(name));
}

/** `"a,b"` from a deep-object form, or a real array, as an array. */
function asArray(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (isPlainObject(value)) {
    // qs turns a[0]=x&a[1]=y into an array, but very long lists into an object keyed by index.
    const keys = Object.keys(value);
    if (keys.every((k) => /^\d+$/.test(k))) return keys.sort((a, b) => Number(a) - Number(b)).map((k) => value[k]);
  }
  return undefined;
}

function coerce(resource: Resource, field: string, value: unknown) {
  try {
    return coerceFilterValue(resource.fields[field], value);
  } catch (err) {
    if (err instanceof CoercionError) throw badRequest(mensajes.filtro.valorInvalido(field, err.expected));
    throw err;
  }
}

function parseCondition(resource: Resource, field: string, raw: unknown): WhereNode {
  readableField(resource, field);
  if (raw === null) return { kind: 'cond', field, op: 'eq', value: null };
  if (!isPlainObject(raw)) return { kind: 'cond', field, op: 'eq', value: coerce(resource, field, raw) };
  const entries = Object.entries(raw);
  if (entries.length === 0) throw badRequest(mensajes.filtro.valorInvalido(field, 'un valor o un operador'));
  // Several operators on one field all apply (LoopBack keeps only the first; we don't).
  const conds = entries.map(([op, value]): WhereNode => {
    if (!(OPERATORS as readonly string[]).includes(op)) throw badRequest(mensajes.filtro.operadorDesconocido(op));
    const operator = op as Operator;
    const type = resource.fields[field].type;
    if (TEXT_OPERATORS.includes(operator)) {
      if (type !== 'string') throw badRequest(mensajes.filtro.operadorNoAplicable(op, field));
      if (typeof value !== 'string' || !isStorableText(value)) throw badRequest(mensajes.filtro.valorInvalido(field, 'un texto'));
      if (operator === 'regexp') return { kind: 'cond', field, op: operator, value: parseRegexp(value) };
      // A pattern that ends in its escape character is an error to PostgreSQL; refused alike on SQLite.
      if (/(^|[^\\])(\\\\)*\\$/.test(value)) throw badRequest(mensajes.filtro.patronInvalido(value));
      return { kind: 'cond', field, op: operator, value };
    }
    if (operator === 'inq' || operator === 'nin' || operator === 'between') {
      const list = asArray(value) ?? (typeof value === 'string' ? [value] : undefined);
      if (!list || (operator === 'between' && list.length !== 2)) {
        throw badRequest(mensajes.filtro.valorInvalido(field, operator === 'between' ? 'una lista de dos valores' : 'una lista'));
      }
      return { kind: 'cond', field, op: operator, value: list.map((v) => coerce(resource, field, v)) };
    }
    if (value === null) {
      if (operator === 'eq' || operator === 'neq') return { kind: 'cond', field, op: operator, value: null };
      throw badRequest(mensajes.filtro.valorInvalido(field, 'un valor no nulo'));
    }
    return { kind: 'cond', field, op: operator, value: coerce(resource, field, value) };
  });
  return conds.length === 1 ? conds[0] : { kind: 'and', children: conds };
}

/**
 * `relation.field`: a condition on the row a belongsTo relation points at (the pagos whose
 * usuario is called so), with the target's own fields and rules. One step only.
 */
function parseRelationPath(resource: Resource, key: string, raw: unknown): WhereNode {
  const dot = key.indexOf('.');
  const name = key.slice(0, dot);
  const relation = Object.hasOwn(resource.relations, name) ? resource.relations[name] : undefined;
  if (!relation || relation.type !== 'belongsTo') throw badRequest(mensajes.filtro.rutaNoAdmitida(key));
  return { kind: 'rel', relation: name, where: parseCondition(registryOf(resource).get(relation.target), key.slice(dot + 1), raw) };
}

export function parseWhere(resource: Resource, raw: unknown, depth = 0): WhereNode | undefined {
  if (raw === undefined) return undefined;
  if (depth > MAX_DEPTH) throw badRequest(mensajes.filtro.demasiadoProfundo);
  if (!isPlainObject(raw)) throw badRequest(mensajes.filtro.noEsObjeto('where'));
  const children: WhereNode[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'and' || key === 'or') {
      const list = asArray(value);
      if (!list) throw badRequest(mensajes.filtro.valorInvalido(key, 'una lista de condiciones'));
      // An empty where ({}) inside the list says «any row». Such a part makes an `or` true and
      // drops out of an `and`; an `or` of nothing matches nothing (it never widens to all rows).
      const parts = list.map((w) => parseWhere(resource, w, depth + 1));
      const said = parts.filter((w): w is WhereNode => !!w);
      if (key === 'and' ? said.length : said.length === parts.length) children.push({ kind: key, children: said });
    } else if (key.includes('.')) {
      children.push(parseRelationPath(resource, key, value));
    } else {
      children.push(parseCondition(resource, key, value));
    }
  }
  if (children.length === 0) return undefined;
  return children.length === 1 ? children[0] : { kind: 'and', children };
}

function parseFields(resource: Resource, raw: unknown): string[] | undefined {
  if (raw === undefined) return undefined;
  const list = asArray(raw);
  if (list) {
    if (!list.every((f): f is string => typeof f === 'string')) throw badRequest(mensajes.filtro.campos);
    list.forEach((f) => readableField(resource, f));
    return list.length ? list : undefined;
  }
  if (!isPlainObject(raw)) throw badRequest(mensajes.filtro.campos);
  const flags = Object.entries(raw).map(([name, v]) => {
    readableField(resource, name);
    if (v === true || v === 'true') return [name, true] as const;
    if (v === false || v === 'false') return [name, false] as const;
    throw badRequest(mensajes.filtro.campos);
  });
  const included = flags.filter(([, on]) => on).map(([n]) => n);
  if (included.length) return included;
  const excluded = new Set(flags.map(([n]) => n));
  if (!excluded.size) return undefined;
  return Object.keys(resource.fields).filter((f) => !resource.fields[f].writeOnly && !excluded.has(f));
}

function parseOrder(resource: Resource, raw: unknown): OrderTerm[] {
  if (raw === undefined) return [];
  const list = asArray(raw) ?? (typeof raw === 'string' ? raw.split(',') : undefined);
  if (!list) throw badRequest(mensajes.filtro.orden(String(raw)));
  return list.map((term) => {
    if (typeof term !== 'string') throw badRequest(mensajes.filtro.orden(JSON.stringify(term)));
    const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)(?:\s+(ASC|DESC))?\s*$/i.exec(term);
    if (!m) throw badRequest(mensajes.filtro.orden(term));
    readableField(resource, m[1]);
    return { field: m[1], dir: (m[2]?.toLowerCase() ?? 'asc') as 'asc' | 'desc' };
  });
}

function parseNonNegativeInt(raw: unknown, message: string, min: number): number | undefined {
  if (raw === undefined) return undefined;
  const n = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  // Past INT_MAX a number is no page of any table, and the databases refuse to bind it.
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > INT_MAX) throw badRequest(message);
  return n;
}

function parseInclude(resource: Resource, raw: unknown, options: FilterOptions, depth: number): IncludeSpec[] {
  if (raw === undefined) return [];
  if (depth > MAX_DEPTH) throw badRequest(mensajes.filtro.demasiadoProfundo);
  const list = asArray(raw) ?? [raw];
  return list.map((item) => {
    const relationName = typeof item === 'string' ? item : isPlainObject(item) ? item.relation : undefined;
    if (typeof relationName !== 'string') throw badRequest(mensajes.filtro.includeInvalido);
    const relation = Object.hasOwn(resource.relations, relationName) ? resource.relations[relationName] : undefined;
    if (!relation) throw badRequest(mensajes.filtro.relacionDesconocida(relationName));
    if (isPlainObject(item)) {
      const extra = Object.keys(item).filter((k) => k !== 'relation' && k !== 'scope');
      if (extra.length) throw badRequest(mensajes.filtro.claveDesconocida(extra[0]));
    }
    const scopeRaw = isPlainObject(item) ? item.scope : undefined;
    if (scopeRaw !== undefined && !isPlainObject(scopeRaw)) throw badRequest(mensajes.filtro.noEsObjeto('scope'));
    const scope = parseFilterObject(registryOf(resource).get(relation.target), scopeRaw ?? {}, options, depth + 1);
    return { relation: relationName, scope };
  });
}

const FILTER_KEYS = ['where', 'fields', 'order', 'limit', 'skip', 'offset', 'include'];

function parseFilterObject(resource: Resource, raw: Record<string, unknown>, options: FilterOptions, depth = 0): ParsedFilter {
  for (const key of Object.keys(raw)) {
    if (!FILTER_KEYS.includes(key)) throw badRequest(mensajes.filtro.claveDesconocida(key));
  }
  const limit = parseNonNegativeInt(raw.limit, mensajes.filtro.limite(options.unbounded ? INT_MAX : options.maxLimit), 1);
  const skip = parseNonNegativeInt(raw.skip ?? raw.offset, mensajes.filtro.salto(INT_MAX), 0);
  return {
    where: parseWhere(resource, raw.where),
    fields: parseFields(resource, raw.fields),
    order: parseOrder(resource, raw.order),
    // A page is never larger than the configured maximum, so no request can pull a whole table.
    limit: options.unbounded ? limit : Math.min(limit ?? (skip !== undefined ? 100 : options.maxLimit), options.maxLimit),
    skip: skip ?? 0,
    include: parseInclude(resource, raw.include, options, depth),
  };
}

export function parseFilter(resource: Resource, raw: unknown, options: FilterOptions): ParsedFilter {
  const obj = readJsonParam(raw, 'filter') ?? {};
  if (options.byId) {
    const extra = Object.keys(obj).filter((k) => k !== 'fields' && k !== 'include');
    if (extra.length) throw badRequest(mensajes.filtro.whereEnGetPorId);
  }
  return parseFilterObject(resource, obj, options);
}

export function parseWhereParam(resource: Resource, raw: unknown): WhereNode | undefined {
  return parseWhere(resource, readJsonParam(raw, 'where'));
}
