// A parsed where tree applied to a Knex query builder. Identifiers come from the registry
// (checked by filter.ts) and every value is a bound parameter.
import type { Knex } from 'knex';
import type { Resource } from '../resources/index.js';
import type { RegexpValue, WhereNode } from './filter.js';
import { toDb, type Dialect } from './values.js';

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

function applyCondition(qb: Knex.QueryBuilder, col: string, resource: Resource, node: Extract<WhereNode, { kind: 'cond' }>, dialect: Dialect) {
  const field = resource.fields[node.field];
  const v = (x: unknown) => toDb(field, x, dialect);
  const { op, value } = node;
  switch (op) {
    case 'eq':
      return value === null ? qb.whereNull(col) : qb.where(col, v(value) as any);
    case 'neq':
      // SQL's `<>` never matches NULL; LoopBack's neq does, so say so explicitly.
      return value === null
        ? qb.whereNotNull(col)
        : qb.where((w) => w.where(col, '<>', v(value) as any).orWhereNull(col));
    case 'gt':
      return qb.where(col, '>', v(value) as any);
    case 'gte':
      return qb.where(col, '>=', v(value) as any);
    case 'lt':
      return qb.where(col, '<', v(value) as any);
    case 'lte':
      return qb.where(col, '<=', v(value) as any);
    case 'inq':
      return (value as unknown[]).length ? qb.whereIn(col, (value as unknown[]).map(v) as any[]) : qb.whereRaw('1 = 0');
    case 'nin':
      return (value as unknown[]).length
        ? qb.where((w) => w.whereNotIn(col, (value as unknown[]).map(v) as any[]).orWhereNull(col))
        : qb;
    case 'between': {
      const [a, b] = (value as unknown[]).map(v);
      return qb.whereBetween(col, [a as any, b as any]);
    }
    case 'like':
    case 'nlike': {
      const not = op === 'nlike' ? 'NOT ' : '';
      return dialect === 'pg'
        ? qb.whereRaw(`?? ${not}LIKE ? ESCAPE '\\'`, [col, value as string])
        : qb.whereRaw(`?? ${not}GLOB ?`, [col, likeToGlob(value as string)]);
    }
    case 'ilike':
    case 'nilike': {
      const not = op === 'nilike' ? 'NOT ' : '';
      // SQLite's own lower() only folds ASCII; lower_es (db/index.ts) folds all of Unicode.
      return dialect === 'pg'
        ? qb.whereRaw(`?? ${not}ILIKE ? ESCAPE '\\'`, [col, value as string])
        : qb.whereRaw(`lower_es(??) ${not}LIKE lower_es(?) ESCAPE '\\'`, [col, value as string]);
    }
    case 'regexp': {
      const re = value as RegexpValue;
      if (dialect === 'pg') return qb.whereRaw(`?? ${re.caseInsensitive ? '~*' : '~'} ?`, [col, re.source]);
      return qb.whereRaw('?? REGEXP ?', [col, re.caseInsensitive ? `/${re.source}/i` : re.source]);
    }
  }
}

export function applyWhere(
  qb: Knex.QueryBuilder,
  resource: Resource,
  node: WhereNode | undefined,
  dialect: Dialect,
  table = resource.name,
): Knex.QueryBuilder {
  if (!node) return qb;
  if (node.kind === 'cond') return applyCondition(qb, `${table}.${node.field}`, resource, node, dialect);
  if (node.kind === 'and') {
    return qb.where((w) => {
      for (const child of node.children) applyWhere(w, resource, child, dialect, table);
    });
  }
  return qb.where((w) => {
    for (const child of node.children) w.orWhere((o) => applyWhere(o, resource, child, dialect, table));
  });
}
