// A parsed where tree as an SQL condition. Identifiers come from the registry (checked by
// filter.ts) and every value is a bound parameter (`?`). The same fragment serves the reads,
// which run it as part of their own SELECT (select.ts), and the writes, which hand it to Knex.
import type { Knex } from 'knex';
import { foldTexto } from '../db/pliegue.js';
import type { Resource } from '../base/types.js';
import { registryOf } from './registry.js';
import type { RegexpValue, WhereNode } from './filter.js';
import { toDb, type Dialect } from '../base/values.js';

export interface SqlFragment {
  sql: string;
  bindings: unknown[];
}

/** A registry name (table or column) as a quoted SQL identifier; standard quoting on both databases. */
export const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Text as an SQL string literal, for the few fixed words a query spells out. */
export const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

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

/** The FTS5 table that indexes a resource's `indiceTrigramas` fields on SQLite (migration 0009). */
export const tablaDeBusqueda = (resource: Resource) => `${resource.name}_busqueda`;

/**
 * The literal stretches of a folded `like` pattern, its wildcards (`%`, `_`) taken out and its
 * escapes read: «%garc_a\%%» holds «garc», «a%». Each is a substring of every text it matches.
 */
export function literales(patron: string): string[] {
  const trozos: string[] = [];
  let trozo = '';
  for (let i = 0; i < patron.length; i++) {
    const c = patron[i];
    if (c === '\\' && i + 1 < patron.length) trozo += patron[++i];
    else if (c === '%' || c === '_') {
      trozos.push(trozo);
      trozo = '';
    } else trozo += c;
  }
  return [...trozos, trozo].filter(Boolean);
}

/**
 * What an FTS5 trigram index can look up for an ilike pattern: the stretches of three characters
 * or more, each a phrase in that column (a shorter one has no trigram to find). Undefined when
 * there are none: then only reading the rows can tell.
 */
export function consultaDeTrigramas(campo: string, patron: string): string | undefined {
  const frases = literales(foldTexto(patron)).filter((t) => [...t].length >= 3);
  if (!frases.length) return undefined;
  return frases.map((t) => `{${campo}} : "${t.replace(/"/g, '""')}"`).join(' AND ');
}

interface Context {
  resource: Resource;
  dialect: Dialect;
  table: string;
  out: unknown[];
  /** Inside a `scan` node: no condition may lead SQLite to an index (`+` before the column). */
  scan: boolean;
}

function compileCondition(col: string, node: Extract<WhereNode, { kind: 'cond' }>, ctx: Context): string {
  const { resource, dialect, out } = ctx;
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
      // Case and accents aside (db/pliegue.ts), on both databases: «garcia» finds «García».
      // PostgreSQL's trigram index on pliegue(col) serves this as written; SQLite's FTS5 table
      // only through MATCH, which finds the candidates that the LIKE then decides.
      const not = op === 'nilike' ? 'NOT ' : '';
      const consulta = !not && dialect === 'sqlite' && field.indiceTrigramas ? consultaDeTrigramas(node.field, value as string) : undefined;
      let candidatos = '';
      if (consulta) {
        const fts = quote(tablaDeBusqueda(resource));
        out.push(consulta);
        candidatos = `${ctx.scan ? '+' : ''}${quote(ctx.table)}."id" IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ?) AND `;
      }
      out.push(value);
      const like = `pliegue(${col}) ${not}LIKE pliegue(?) ESCAPE '\\'`;
      return candidatos ? `(${candidatos}${like})` : like;
    }
    case 'regexp': {
      // One canonical pattern for both engines, its case-insensitivity already written out as
      // classes (regexp.ts): `~*` would fold by the server's locale, which re2js cannot follow.
      out.push((value as RegexpValue).source);
      return dialect === 'pg' ? `${col} ~ ?` : `${col} REGEXP ?`;
    }
  }
}

/**
 * The rows of another table a `rel` node names, asked row by row: whether the row this one
 * points at meets the condition. A subquery per row read, which is what a page ordered by
 * another column wants when many rows match (it stops at the page's end); the search planner
 * (rest/busqueda.ts) swaps it for the ids when few do.
 */
function compileRelation(node: Extract<WhereNode, { kind: 'rel' }>, ctx: Context): string {
  const rel = ctx.resource.relations[node.relation];
  const target = registryOf(ctx.resource).get(rel.target);
  const alias = `rel_${node.relation}`;
  const inner = compile(node.where, { ...ctx, resource: target, table: alias, scan: true });
  // A scalar subquery, not EXISTS: PostgreSQL would hash an EXISTS inside an OR (reading every
  // usuario that matches before the first pago) and SQLite may turn it into an IN list.
  return `(SELECT ${inner} FROM ${quote(target.name)} AS ${quote(alias)} WHERE ${quote(alias)}."id" = ${quote(ctx.table)}.${quote(rel.foreignKey)})`;
}

/** A column among a list of ids known beforehand, bound as one value whatever their number. */
function compileIds(col: string, ids: number[], ctx: Context): string {
  if (!ids.length) return NEVER;
  if (ctx.dialect === 'pg') {
    // An array literal, so the planner sees how many (and which) ids there are.
    ctx.out.push(`{${ids.join(',')}}`);
    return `${col} = ANY(?::int[])`;
  }
  ctx.out.push(JSON.stringify(ids));
  return `${ctx.scan ? '+' : ''}${col} IN (SELECT value FROM json_each(?))`;
}

function compile(node: WhereNode, ctx: Context): string {
  switch (node.kind) {
    case 'cond':
      return compileCondition(`${quote(ctx.table)}.${quote(node.field)}`, node, ctx);
    case 'rel':
      return compileRelation(node, ctx);
    case 'ids':
      return compileIds(`${quote(ctx.table)}.${quote(node.field)}`, node.ids, ctx);
    case 'scan':
      return compile(node.child, { ...ctx, scan: true });
    default: {
      // A part that cannot change the outcome is left out: SQLite finds an `or`'s rows through
      // indexes only when every part has one, and `1 = 0` (a word no usuario matched) has none.
      const neutral = node.kind === 'and' ? ALWAYS : NEVER;
      const absorbente = node.kind === 'and' ? NEVER : ALWAYS;
      const parts: string[] = [];
      const bound = ctx.out.length;
      for (const child of node.children) {
        const sql = compile(child, ctx);
        if (sql === absorbente) {
          ctx.out.length = bound; // the parts already written go, with their values
          return absorbente;
        }
        if (sql !== neutral) parts.push(sql);
      }
      if (!parts.length) return neutral;
      return parts.length === 1 ? parts[0] : `(${parts.join(node.kind === 'and' ? ' AND ' : ' OR ')})`;
    }
  }
}

/** The condition, and its bindings in the order of its `?`s. */
export function compileWhere(resource: Resource, node: WhereNode, dialect: Dialect, table = resource.name): SqlFragment {
  const bindings: unknown[] = [];
  return { sql: compile(node, { resource, dialect, table, out: bindings, scan: false }), bindings };
}

/** The condition on a Knex builder, for the statements that Knex composes (writes, nested includes). */
export function applyWhere(qb: Knex.QueryBuilder, resource: Resource, node: WhereNode | undefined, dialect: Dialect, table = resource.name): Knex.QueryBuilder {
  if (!node) return qb;
  const { sql, bindings } = compileWhere(resource, node, dialect, table);
  return qb.whereRaw(sql, bindings as Knex.RawBinding[]);
}
