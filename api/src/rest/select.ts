// The reads of one resource (a page, a count) as one SQL statement each, written from the parsed
// filter. Knex's builder composed these before, and on the page of pagos it cost a large share
// of the calls per second (bench/RESULTADOS.md); a list is the call the admin makes most. Writes still go through Knex.
import type { Resource } from '../base/types.js';
import type { OrderTerm, WhereNode } from './filter.js';
import type { Dialect } from '../base/values.js';
import { compileWhere, quote, type SqlFragment } from './where.js';

export interface SelectSpec {
  columns: string[];
  where?: WhereNode;
  order: OrderTerm[];
  limit?: number;
  skip: number;
}

function whereClause(resource: Resource, where: WhereNode | undefined, dialect: Dialect, bindings: unknown[]): string {
  if (!where) return '';
  const fragment = compileWhere(resource, where, dialect);
  bindings.push(...fragment.bindings);
  return ` WHERE ${fragment.sql}`;
}

export function selectSql(resource: Resource, spec: SelectSpec, dialect: Dialect): SqlFragment {
  const table = quote(resource.name);
  const head = `SELECT ${spec.columns.map((c) => `${table}.${quote(c)}`).join(', ')} FROM ${table}`;
  return afterFrom(head, resource, spec, dialect);
}

/** `head` (a SELECT up to its FROM and joins) followed by the filter's WHERE, ORDER BY, LIMIT and OFFSET. */
export function afterFrom(head: string, resource: Resource, spec: Omit<SelectSpec, 'columns'>, dialect: Dialect): SqlFragment {
  const table = quote(resource.name);
  const bindings: unknown[] = [];
  let sql = head + whereClause(resource, spec.where, dialect, bindings);
  if (spec.order.length) sql += ` ORDER BY ${spec.order.map((t) => `${table}.${quote(t.field)} ${t.dir === 'desc' ? 'DESC' : 'ASC'}`).join(', ')}`;
  if (spec.limit !== undefined) {
    sql += ' LIMIT ?';
    bindings.push(spec.limit);
  } else if (spec.skip && dialect === 'sqlite') {
    sql += ' LIMIT -1'; // SQLite takes OFFSET only after a LIMIT
  }
  if (spec.skip) {
    sql += ' OFFSET ?';
    bindings.push(spec.skip);
  }
  return { sql, bindings };
}

export function countSql(resource: Resource, where: WhereNode | undefined, dialect: Dialect): SqlFragment {
  const bindings: unknown[] = [];
  const sql = `SELECT count(*) AS "count" FROM ${quote(resource.name)}${whereClause(resource, where, dialect, bindings)}`;
  return { sql, bindings };
}

/**
 * How many rows match, counting no further than `cap` + 1: a count that costs at most that many
 * index entries however many rows match. A result above `cap` only says "more than cap".
 */
export function cappedCountSql(resource: Resource, where: WhereNode | undefined, dialect: Dialect, cap: number): SqlFragment {
  const bindings: unknown[] = [];
  const inner = `SELECT 1 FROM ${quote(resource.name)}${whereClause(resource, where, dialect, bindings)} LIMIT ?`;
  bindings.push(cap + 1);
  return { sql: `SELECT count(*) AS "count" FROM (${inner}) AS "hasta"`, bindings };
}

/** PostgreSQL's plan of the rows a count would read: its top node's "Plan Rows" is the planner's estimate. */
export function plannedCountSql(resource: Resource, where: WhereNode | undefined): SqlFragment {
  const bindings: unknown[] = [];
  const sql = `EXPLAIN (FORMAT JSON) SELECT 1 FROM ${quote(resource.name)}${whereClause(resource, where, 'pg', bindings)}`;
  return { sql, bindings };
}
