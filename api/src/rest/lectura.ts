// Reading records (docs/arquitectura.md §3, step 6): one SELECT per page written from the parsed
// filter, every value bound, and the includes resolved in batches within the read's budget. The
// writing half (rest/escritura.ts) extends this class: a write reads through the same code.
import type { Knex } from 'knex';
import type { Config } from '../config/index.js';
import { isPg, type Db } from '../db/index.js';
import { readRows } from '../db/reader.js';
import type { Facturacion, Registry, Resource } from '../base/types.js';
import { notFound } from '../base/errors.js';
import type { OrderTerm, ParsedFilter, WhereNode } from './filter.js';
import { serializeRow, type Dialect } from '../base/values.js';
import { Presupuesto } from './presupuesto.js';
import { planBusqueda } from './busqueda.js';
import type { CountMode } from './prefer.js';
import { Recuentos, type CountAnswer, type Tope } from './recuento.js';
import { countSql, plannedCountSql, selectSql } from './select.js';
import { applyWhere } from './where.js';

type Row = Record<string, unknown>;

export type { CountAnswer };

/** What reading and writing need of the configuration. */
export type ConfigRepositorio = Pick<Config, 'scrypt' | 'lectura' | 'actividad' | 'pasarelas' | 'matriculas' | 'correo' | 'productName'> & Facturacion;

export class Lectura {
  readonly dialect: Dialect;
  protected readonly recuentos: Recuentos;
  constructor(
    readonly db: Db,
    readonly config: ConfigRepositorio,
    /** The entities it serves: a relation or an action names another by its route name. */
    readonly registry: Registry,
  ) {
    this.dialect = isPg(db) ? 'pg' : 'sqlite';
    this.recuentos = new Recuentos(db, this.dialect);
  }

  get facturacion(): Facturacion {
    const { emisor, series, timeZone, env, verifactu } = this.config;
    return { emisor, series, timeZone, env, verifactu };
  }

  protected selectColumns(resource: Resource, fields: string[] | undefined, extra: string[] = []): string[] {
    const wanted = fields ?? Object.keys(resource.fields).filter((f) => !resource.fields[f].writeOnly);
    return [...new Set([...wanted, ...extra])];
  }

  protected baseQuery(trx: Db | Knex.Transaction, resource: Resource, where: WhereNode | undefined) {
    return applyWhere(trx(resource.name), resource, where, this.dialect);
  }

  /**
   * `byKey`: extraWhere picks one row by its primary key, so there is nothing to order.
   * `presupuesto`: what the read may cost (rest/presupuesto.ts); without one, only its rows.
   */
  async find(
    resource: Resource,
    filter: ParsedFilter,
    extraWhere?: WhereNode,
    trx: Db | Knex.Transaction = this.db,
    byKey = false,
    presupuesto = new Presupuesto(this.config.lectura.maxFilas),
  ): Promise<Row[]> {
    const rows = await this.load(resource, filter, extraWhere, trx, byKey, presupuesto);
    presupuesto.checkRespuesta(rows, filter.include);
    return rows;
  }

  private async load(resource: Resource, filter: ParsedFilter, extraWhere: WhereNode | undefined, trx: Db | Knex.Transaction, byKey: boolean, presupuesto: Presupuesto): Promise<Row[]> {
    const needed = this.keysForIncludes(resource, filter);
    const columns = this.selectColumns(resource, filter.fields, needed);
    const porId = byKey && !filter.where && extraWhere?.kind === 'cond' ? porIdSql(resource, columns, extraWhere, this.dialect) : undefined;
    const { sql, bindings } =
      porId ??
      selectSql(
        resource,
        {
          columns,
          where: await planBusqueda(trx, this.dialect, resource, combine(filter.where, extraWhere), 'pagina'),
          order: byKey ? [] : orderTerms(filter),
          limit: filter.limit,
          skip: filter.skip,
        },
        this.dialect,
      );
    presupuesto.check();
    const rows = await readRows(trx, sql, bindings, this.cancelable(presupuesto));
    presupuesto.spend(rows.length);
    await this.loadIncludes(trx, resource, rows, filter, presupuesto);
    return rows.map((r) => this.present(resource, r, filter.fields, needed));
  }

  async count(resource: Resource, where: WhereNode | undefined, trx: Db | Knex.Transaction = this.db): Promise<number> {
    const { sql, bindings } = countSql(resource, await planBusqueda(trx, this.dialect, resource, where, 'todas'), this.dialect);
    const [{ count }] = (await readRows(trx, sql, bindings)) as { count: number | string }[];
    return Number(count);
  }

  /**
   * The count in the mode the caller prefers (docs/arquitectura.md §12, PostgREST's `Prefer: count=`): `exact`
   * reads every matching row; `planned` asks PostgreSQL's planner (no rows read); `estimated` is
   * exact when counting costs little, and an estimate or «more than» when it does not
   * (rest/recuento.ts). SQLite keeps no statistics the application could ask, so there `planned`
   * is `estimated`: bounded work either way, and never a guess passed off as a count.
   */
  async countIn(resource: Resource, where: WhereNode | undefined, mode: CountMode, tope: Tope): Promise<CountAnswer> {
    if (mode === 'exact') return { count: await this.count(resource, where) };
    const planeado = () => planBusqueda(this.db, this.dialect, resource, where, 'todas');
    if (mode === 'planned' && this.dialect === 'pg') {
      const { sql, bindings } = plannedCountSql(resource, await planeado());
      const [row] = (await readRows(this.db, sql, bindings)) as { 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }[];
      return { count: Math.round(row['QUERY PLAN'][0].Plan['Plan Rows']), approximate: 'estimate' };
    }
    return this.recuentos.estimada(`${resource.name} ${JSON.stringify(where ?? null)}`, resource, planeado, tope);
  }

  async findById(resource: Resource, id: number, filter?: ParsedFilter, trx: Db | Knex.Transaction = this.db, presupuesto?: Presupuesto): Promise<Row> {
    // Without ORDER BY and LIMIT: on SQLite they cost as much again as the lookup itself.
    const rows = await this.find(
      resource,
      { order: [], include: [], ...filter, skip: 0, limit: undefined, where: undefined },
      { kind: 'cond', field: 'id', op: 'eq', value: id },
      trx,
      true,
      presupuesto,
    );
    if (!rows.length) throw notFound(resource.model, id);
    return rows[0];
  }

  /** Only a PostgreSQL query can be stopped in flight; a SQLite one is checked between steps. */
  private cancelable(presupuesto: Presupuesto): Presupuesto | undefined {
    return this.dialect === 'pg' ? presupuesto : undefined;
  }

  /** Key columns the includes need even when `fields` leaves them out. */
  private keysForIncludes(resource: Resource, filter: ParsedFilter): string[] {
    return filter.include.map(({ relation }) => {
      const rel = resource.relations[relation];
      return rel.type === 'belongsTo' ? rel.foreignKey : 'id';
    });
  }

  private present(resource: Resource, row: Row, fields: string[] | undefined, added: string[]): Row {
    const out = serializeRow(resource, row);
    if (fields) for (const key of added) if (!fields.includes(key)) delete out[key];
    return out;
  }

  private async loadIncludes(trx: Db | Knex.Transaction, resource: Resource, rows: Row[], filter: ParsedFilter, presupuesto: Presupuesto) {
    for (const { relation: name, scope } of filter.include) {
      await presupuesto.yieldTurno();
      const rel = resource.relations[name];
      const target = this.registry.get(rel.target);
      if (rel.type === 'belongsTo') {
        const ids = [...new Set(rows.map((r) => r[rel.foreignKey]).filter((v) => v !== null && v !== undefined))];
        // The match is by id, so fetch it even when the scope's fields leave it out.
        const dropId = scope.fields !== undefined && !scope.fields.includes('id');
        const fields = dropId ? [...scope.fields!, 'id'] : scope.fields;
        const related = ids.length
          ? await this.load(target, { ...scope, fields, limit: undefined, skip: 0 }, { kind: 'cond', field: 'id', op: 'inq', value: ids }, trx, false, presupuesto)
          : [];
        const byId = new Map(
          related.map((r) => {
            const { id, ...rest } = r;
            return [id, dropId ? rest : r];
          }),
        );
        for (const row of rows) row[name] = byId.get(fromKey(row[rel.foreignKey])) ?? null;
      } else {
        const ids = rows.map((r) => r.id);
        const children = ids.length ? await this.findChildren(trx, target, rel.foreignKey, ids, scope, presupuesto) : [];
        const byParent = new Map<unknown, Row[]>();
        for (const child of children) {
          const key = child.__parent;
          delete child.__parent;
          byParent.set(key, [...(byParent.get(key) ?? []), child]);
        }
        for (const row of rows) row[name] = byParent.get(row.id) ?? [];
      }
    }
  }

  /** Children of many parents at once, with the scope's order/limit/skip applied per parent. */
  private async findChildren(trx: Db | Knex.Transaction, target: Resource, fk: string, parentIds: unknown[], scope: ParsedFilter, presupuesto: Presupuesto): Promise<Row[]> {
    const order = orderTerms(scope);
    const needed = [fk, ...this.keysForIncludes(target, scope)];
    const where = combine(scope.where, { kind: 'cond', field: fk, op: 'inq', value: parentIds });
    const columns = this.selectColumns(target, scope.fields, needed).map((c) => `${target.name}.${c}`);
    const read = (qb: Knex.QueryBuilder) => {
      presupuesto.check();
      const { sql, bindings } = qb.toSQL();
      return readRows(trx, sql, bindings as unknown[], this.cancelable(presupuesto));
    };
    // First the children as they come, ordered by parent and then by the scope's order, and never
    // more than the budget can still take or the parents' limits keep: the database stops there
    // instead of numbering every child (a thousand usuarios can have a million pagos).
    const porPadre = scope.limit === undefined ? Infinity : scope.skip + scope.limit;
    const tope = Math.min(presupuesto.restantes + 1, parentIds.length * porPadre + 1);
    const leidas = await read(
      this.baseQuery(trx, target, where)
        .select(columns)
        .orderBy([{ column: `${target.name}.${fk}` }, ...order.map((t) => ({ column: `${target.name}.${t.field}`, order: t.dir }))])
        .limit(tope),
    );
    let rows = perParent(leidas, fk, scope.skip, scope.limit);
    // Fewer than the cap: every child was read, and each parent's slice is taken here. As many:
    // if the slices of what was read already pass the budget, the whole would too (refused
    // below); if not, some parents have more children than their limit keeps. Their counts,
    // from the index, say whether the slices fit before the database ranks them, which means
    // numbering every child of these parents.
    if (leidas.length === tope && rows.length <= presupuesto.restantes) {
      const cuentas = (await read(this.baseQuery(trx, target, where).select(`${target.name}.${fk}`).count({ n: '*' }).groupBy(`${target.name}.${fk}`))) as { n: number | string }[];
      presupuesto.forecast(cuentas.reduce((sum, { n }) => sum + Math.min(Math.max(Number(n) - scope.skip, 0), porPadre - scope.skip), 0));
      // Knex cannot bind the direction keyword, so ASC/DESC are literals chosen from the parsed order.
      const window = `row_number() over (partition by ?? order by ${order.map((t) => `?? ${t.dir === 'desc' ? 'DESC' : 'ASC'}`).join(', ')}) as "__rn"`;
      const ranked = this.baseQuery(trx, target, where)
        .select(columns)
        .select(trx.raw(window, [`${target.name}.${fk}`, ...order.map((t) => `${target.name}.${t.field}`)]));
      const qb = trx.select('*').from(ranked.as('ranked')).where('__rn', '>', scope.skip);
      if (scope.limit !== undefined) qb.andWhere('__rn', '<=', scope.skip + scope.limit);
      rows = await read(qb.orderBy([{ column: fk }, { column: '__rn' }]).limit(presupuesto.restantes + 1));
    }
    presupuesto.spend(rows.length);
    await this.loadIncludes(trx, target, rows, scope, presupuesto);
    return rows.map((r) => {
      const parent = fromKey(r[fk]);
      delete r.__rn;
      const out = this.present(target, r, scope.fields, needed);
      out.__parent = parent;
      return out;
    });
  }
}

/**
 * A record by its key: the same statement every time for the same columns, written once (per
 * resource, for a bounded number of column lists) instead of on every read by id.
 */
const porIdCache = new WeakMap<Resource, Map<string, string>>();
const POR_ID_MAX = 100;

function porIdSql(resource: Resource, columns: string[], where: WhereNode & { kind: 'cond' }, dialect: Dialect) {
  let cache = porIdCache.get(resource);
  if (!cache) porIdCache.set(resource, (cache = new Map()));
  const clave = `${where.field} ${where.op} ${columns.join(',')}`;
  let sql = cache.get(clave);
  if (sql === undefined) {
    const built = selectSql(resource, { columns, where, order: [], skip: 0 }, dialect);
    // Only a statement with the key as its one binding can be reused with another key.
    if (built.bindings.length !== 1 || built.bindings[0] !== where.value) return built;
    sql = built.sql;
    if (cache.size < POR_ID_MAX) cache.set(clave, sql);
  }
  return { sql, bindings: [where.value] };
}

/** ORDER BY with `id` as the last key, in the direction of the last term, so pages are stable and an index can still serve the order. */
export function orderTerms(filter: Pick<ParsedFilter, 'order'>): OrderTerm[] {
  const terms = filter.order.length ? [...filter.order] : [{ field: 'id', dir: 'asc' as const }];
  if (!terms.some((t) => t.field === 'id')) terms.push({ field: 'id', dir: terms[terms.length - 1].dir });
  return terms;
}

export function combine(a: WhereNode | undefined, b: WhereNode | undefined): WhereNode | undefined {
  if (!a) return b;
  if (!b) return a;
  return { kind: 'and', children: [a, b] };
}

/** Rows ordered by parent, each parent's `skip` first left out and at most `limit` kept. */
function perParent(rows: Row[], fk: string, skip: number, limit: number | undefined): Row[] {
  if (!skip && limit === undefined) return rows;
  const kept: Row[] = [];
  let parent: unknown;
  let i = 0;
  for (const row of rows) {
    if (row[fk] !== parent) {
      parent = row[fk];
      i = 0;
    }
    if (i >= skip && (limit === undefined || i < skip + limit)) kept.push(row);
    i++;
  }
  return kept;
}

/** pg returns integer keys as numbers already; SQLite too; strings only from bigint columns. */
function fromKey(v: unknown): unknown {
  return typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
}
