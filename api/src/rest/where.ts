// A parsed where tree as an SQL condition. Identifiers come from the registry (checked by
// filter.ts) and every value is a bound parameter (`?`). The same fragment serves the reads,
// which run it as part of their own SELECT (select.ts), and the writes, which hand it to Knex.
import type { Knex } from 'knex';
import type { Resource } from '../resources/index.js';
import type { RegexpValue, WhereNode } from './filter.js';
import { toDb, type Dialect } from './values.js';

export interface SqlFragment {
  sql: string;
  bindings: unknown[];
}

/** A registry name (table or column) as a quoted SQL identifier; standard quoting on both databases. */
export const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * LoopBack's `like` is case-sensitive on both databases. SQLite's LIKE is not, so there the
 * pattern becomes the equivalent GLOB (case-sensitive, `*`/`?` wildcards, `[x]` escapes).
 */
export function likeToGlob(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\' && i + 1 < pattern.length) {
      const next = pattern[++i];
      out += '*?['.includes(next) ? `[${next}]` : next;
    } else if (c === '%') out += '*';
    else if (c === '_') out += '?';
    else if ('*?['.includes(c)) out += `[${c}]`;
    else out += c;
  }
  return out;
}

const ALWAYS = '1 = 1';
const NEVER = '1 = 0';
const placeholders = (n: number) => Array(n).fill('?').join(', ');

function compileCondition(col: string, resource: Resource, node: Extract<WhereNode, { kind: 'cond' }>, dialect: Dialect, out: unknown[]): string {
  const field = resource.fields[node.field];
  const bind = (x: unknown) => {
    out.push(toDb(field, x, dialect));
    return '?';
  };
  const { op, value } = node;
  switch (op) {
    case 'eq':
      return value === null ? `${col} IS NULL` : `${col} = ${bind(value)}`;
    case 'neq':
      // SQL's `<>` never matches NULL; LoopBack's neq does, so say so explicitly.
      return value === null ? `${col} IS NOT NULL` : `(${col} <> ${bind(value)} OR ${col} IS NULL)`;
    case 'gt':
      return `${col} > ${bind(value)}`;
    case 'gte':
      return `${col} >= ${bind(value)}`;
    case 'lt':
      return `${col} < ${bind(value)}`;
    case 'lte':
      return `${col} <= ${bind(value)}`;
    case 'inq': {
      const list = value as unknown[];
      if (!list.length) return NEVER;
      list.forEach(bind);
      return `${col} IN (${placeholders(list.length)})`;
    }
    case 'nin': {
      // Nothing is in an empty list: every row matches, NULLs included.
      const list = value as unknown[];
      if (!list.length) return ALWAYS;
      list.forEach(bind);
      return `(${col} NOT IN (${placeholders(list.length)}) OR ${col} IS NULL)`;
    }
    case 'between': {
      const [a, b] = value as unknown[];
      return `${col} BETWEEN ${bind(a)} AND ${bind(b)}`;
    }
    case 'like':
    case 'nlike': {
      const not = op === 'nlike' ? 'NOT ' : '';
      if (dialect === 'pg') return `${col} ${not}LIKE ${bind(value)} ESCAPE '\\'`;
      out.push(likeToGlob(value as string));
      return `${col} ${not}GLOB ?`;
    }
    case 'ilike':
    case 'nilike': {
      const not = op === 'nilike' ? 'NOT ' : '';
      out.push(value);
      // SQLite's own lower() only folds ASCII; lower_es (db/index.ts) folds all of Unicode.
      return dialect === 'pg' ? `${col} ${not}ILIKE ? ESCAPE '\\'` : `lower_es(${col}) ${not}LIKE lower_es(?) ESCAPE '\\'`;
    }
    case 'regexp': {
      // One canonical pattern for both engines, its case-insensitivity already written out as
      // classes (regexp.ts): `~*` would fold by the server's locale, which re2js cannot follow.
      out.push((value as RegexpValue).source);
      return dialect === 'pg' ? `${col} ~ ?` : `${col} REGEXP ?`;
    }
  }
}

function compile(node: WhereNode, resource: Resource, dialect: Dialect, table: string, out: unknown[]): string {
  if (node.kind === 'cond') return compileCondition(`${quote(table)}.${quote(node.field)}`, resource, node, dialect, out);
  if (!node.children.length) return node.kind === 'and' ? ALWAYS : NEVER;
  const joiner = node.kind === 'and' ? ' AND ' : ' OR ';
  return `(${node.children.map((child) => compile(child, resource, dialect, table, out)).join(joiner)})`;
}

/** The condition, and its bindings in the order of its `?`s. */
export function compileWhere(resource: Resource, node: WhereNode, dialect: Dialect, table = resource.name): SqlFragment {
  const bindings: unknown[] = [];
  return { sql: compile(node, resource, dialect, table, bindings), bindings };
}

/** The condition on a Knex builder, for the statements that Knex composes (writes, nested includes). */
export function applyWhere(qb: Knex.QueryBuilder, resource: Resource, node: WhereNode | undefined, dialect: Dialect, table = resource.name): Knex.QueryBuilder {
  if (!node) return qb;
  const { sql, bindings } = compileWhere(resource, node, dialect, table);
  return qb.whereRaw(sql, bindings as Knex.RawBinding[]);
}
