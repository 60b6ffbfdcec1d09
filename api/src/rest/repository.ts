// Reading and writing one resource. Every write is one transaction that also checks foreign
// keys and children (for clear Spanish errors instead of constraint failures) and writes the
// activity log row, so a write and its audit trail are committed or lost together.
import type { Knex } from 'knex';
import type { Config } from '../config.js';
import { isPg, type Db } from '../db/index.js';
import { insertId, lockRow } from '../db/filas.js';
import { readRows } from '../db/reader.js';
import { mensajes } from '../mensajes.js';
import { registryOf } from './registry.js';
import type { Action, AuditTipo, Facturacion, Resource, WriteContext } from '../base/types.js';
import { cambioDeLog, type AvisoCambios, type Cambio } from '../base/cambios.js';
import { conflict, HttpError, notFound, validationFailed, type ErrorDetail } from '../base/errors.js';
import type { OrderTerm, ParsedFilter, WhereNode } from './filter.js';
import { bodyToRow, serializeRow, type Dialect } from '../base/values.js';
import { Presupuesto } from './presupuesto.js';
import { planificar } from './busqueda.js';
import type { CountMode } from './prefer.js';
import { Recuentos, type CountAnswer, type Tope } from './recuento.js';
import { countSql, plannedCountSql, selectSql } from './select.js';
import { validateComputed } from './validate.js';
import { cambiosDe, type Cambios } from './cambios.js';
import { cumple, VersionCambiada, type Esperada } from './versiones.js';
import { applyWhere } from './where.js';

type Row = Record<string, unknown>;

export type { CountAnswer };

/** Who is writing: goes into the activity log and into server-set fields. */
export interface Actor {
  loginId: number | null;
  ip: string;
  /** The session the request came with, when it came with one. */
  sesionId?: number;
}

/** How a write on one record is conditioned and named in its history. */
export interface Condiciones {
  /** If-Match: the versions the client saw (rest/versiones.ts); absent, no condition. */
  esperada?: Esperada;
  /** What the audit row says besides the change (a restore: which version it brought back). */
  datos?: Record<string, unknown>;
}

/** A write's body and what its audit row adds, computed in its transaction (Repository.updateCalculado). */
export type Calculo = (trx: Knex.Transaction) => Promise<{ body: Row; datos?: Record<string, unknown> } | undefined>;

/** What the audit row of one record's write holds beyond who and when. */
interface Asiento {
  recursoId: number | null;
  datos?: unknown;
  cambios?: Cambios;
  version?: unknown;
}

/** What happens to files once the records that held them have let go (api/src/media). */
export interface ArchivoHooks {
  /** Called after a write commits with the paths its rows held before and hold no more. */
  soltar(rutas: string[]): Promise<void>;
}

/** A file hosted elsewhere: kept as the administrator typed it, nothing to check or remove. */
export const esUrl = (v: string) => /^https?:\/\//i.test(v);

export class Repository {
  readonly dialect: Dialect;
  private readonly recuentos: Recuentos;
  /** The changes each open write transaction has logged so far, announced once it commits. */
  private readonly cambiosDe = new WeakMap<Knex.Transaction, Cambio[]>();
  constructor(
    readonly db: Db,
    readonly config: Pick<Config, 'scrypt' | 'lectura' | 'actividad'> & Facturacion,
    readonly archivos?: ArchivoHooks,
    /** Who hears of each committed write (eventos/: the live lists). */
    readonly avisos?: AvisoCambios,
  ) {
    this.dialect = isPg(db) ? 'pg' : 'sqlite';
    this.recuentos = new Recuentos(db, this.dialect);
  }

  get facturacion(): Facturacion {
    const { emisor, series, timeZone, env, verifactu } = this.config;
    return { emisor, series, timeZone, env, verifactu };
  }

  // ---- reading ----------------------------------------------------------------------------

  private selectColumns(resource: Resource, fields: string[] | undefined, extra: string[] = []): string[] {
    const wanted = fields ?? Object.keys(resource.fields).filter((f) => !resource.fields[f].writeOnly);
    return [...new Set([...wanted, ...extra])];
  }

  private baseQuery(trx: Db | Knex.Transaction, resource: Resource, where: WhereNode | undefined) {
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
    presupuesto.comprobarRespuesta(rows, filter.include);
    return rows;
  }

  private async load(resource: Resource, filter: ParsedFilter, extraWhere: WhereNode | undefined, trx: Db | Knex.Transaction, byKey: boolean, presupuesto: Presupuesto): Promise<Row[]> {
    const needed = this.keysForIncludes(resource, filter);
    const where = await planificar(trx, this.dialect, resource, combine(filter.where, extraWhere), 'pagina');
    const { sql, bindings } = selectSql(
      resource,
      {
        columns: this.selectColumns(resource, filter.fields, needed),
        where,
        order: byKey ? [] : orderTerms(filter),
        limit: filter.limit,
        skip: filter.skip,
      },
      this.dialect,
    );
    presupuesto.comprobar();
    const rows = await readRows(trx, sql, bindings, this.cancelable(presupuesto));
    presupuesto.gastar(rows.length);
    await this.loadIncludes(trx, resource, rows, filter, presupuesto);
    return rows.map((r) => this.present(resource, r, filter.fields, needed));
  }

  async count(resource: Resource, where: WhereNode | undefined, trx: Db | Knex.Transaction = this.db): Promise<number> {
    const { sql, bindings } = countSql(resource, await planificar(trx, this.dialect, resource, where, 'todas'), this.dialect);
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
    const planeado = () => planificar(this.db, this.dialect, resource, where, 'todas');
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
  private cancelable(presupuesto: Presupuesto): AbortSignal | undefined {
    return this.dialect === 'pg' ? presupuesto.signal : undefined;
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
      await presupuesto.ceder();
      const rel = resource.relations[name];
      const target = registryOf(resource).get(rel.target);
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
      presupuesto.comprobar();
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
      presupuesto.prever(cuentas.reduce((sum, { n }) => sum + Math.min(Math.max(Number(n) - scope.skip, 0), porPadre - scope.skip), 0));
      // Knex cannot bind the direction keyword, so ASC/DESC are literals chosen from the parsed order.
      const window = `row_number() over (partition by ?? order by ${order.map((t) => `?? ${t.dir === 'desc' ? 'DESC' : 'ASC'}`).join(', ')}) as "__rn"`;
      const ranked = this.baseQuery(trx, target, where)
        .select(columns)
        .select(trx.raw(window, [`${target.name}.${fk}`, ...order.map((t) => `${target.name}.${t.field}`)]));
      const qb = trx.select('*').from(ranked.as('ranked')).where('__rn', '>', scope.skip);
      if (scope.limit !== undefined) qb.andWhere('__rn', '<=', scope.skip + scope.limit);
      rows = await read(qb.orderBy([{ column: fk }, { column: '__rn' }]).limit(presupuesto.restantes + 1));
    }
    presupuesto.gastar(rows.length);
    await this.loadIncludes(trx, target, rows, scope, presupuesto);
    return rows.map((r) => {
      const parent = fromKey(r[fk]);
      delete r.__rn;
      const out = this.present(target, r, scope.fields, needed);
      out.__parent = parent;
      return out;
    });
  }

  // ---- writing ----------------------------------------------------------------------------

  /** Foreign keys set in the body must point at existing rows: a 422 naming the field otherwise. */
  private async checkReferences(trx: Knex.Transaction, resource: Resource, data: Row) {
    const details: ErrorDetail[] = [];
    for (const [name, value] of Object.entries(data)) {
      const target = resource.fields[name]?.references;
      if (!target || value === null || value === undefined) continue;
      const found = await trx(target).where('id', value as number).first('id');
      if (!found) details.push({ path: `/${name}`, code: 'foreignKey', message: mensajes.validacion.claveAjena(name, registryOf(resource).get(target).labels), info: { value } });
    }
    if (details.length) throw validationFailed(details);
  }

  /**
   * A path written into a file field (clases.video…) must name a finished archivo of that
   * field's folder: the record never points at a file that is not there, half uploaded or of
   * the wrong kind. An unchanged value is not checked again.
   */
  private async checkArchivos(trx: Knex.Transaction, resource: Resource, data: Row, existing?: Row) {
    const details: ErrorDetail[] = [];
    for (const [name, value] of Object.entries(data)) {
      const carpeta = resource.fields[name]?.archivo;
      if (!carpeta || typeof value !== 'string' || esUrl(value) || value === existing?.[name]) continue;
      const donde = carpeta === 'cualquiera' ? { ruta: value, estado: 'listo' } : { ruta: value, carpeta, estado: 'listo' };
      const found = await trx('archivos').where(donde).first('id');
      if (!found) details.push({ path: `/${name}`, code: 'archivo', message: mensajes.validacion.archivoNoListo(name, carpeta), info: { value } });
    }
    if (details.length) throw validationFailed(details);
  }

  /** The stored paths a write lets go of: file fields that change, or every one of a deleted row. */
  private released(resource: Resource, before: Row[], after?: Row): string[] {
    const rutas: string[] = [];
    for (const [name, field] of Object.entries(resource.fields)) {
      if (!field.archivo) continue;
      for (const row of before) {
        const old = row[name];
        if (typeof old !== 'string' || esUrl(old)) continue;
        if (after && (!(name in after) || after[name] === old)) continue;
        rutas.push(old);
      }
    }
    return rutas;
  }

  /** After the commit, never inside it: a rolled-back change must still find its files. */
  private async release(rutas: string[]) {
    if (rutas.length && this.archivos) await this.archivos.soltar([...new Set(rutas)]);
  }

  /** Unique keys (single or composite) that this write touches. */
  private uniqueKeys(resource: Resource, changed: Row): string[][] {
    const keys = [...Object.entries(resource.fields).filter(([, f]) => f.unique).map(([n]) => [n]), ...resource.uniques];
    return keys.filter((key) => key.some((k) => k in changed));
  }

  /**
   * Which unique key a write collides with, found by asking, not by parsing driver messages.
   * `values` is the row as it will be (the stored row with the change applied), so a patch of
   * `numero` alone is still checked against its `serie`.
   */
  private async uniqueViolation(conn: Db | Knex.Transaction, resource: Resource, values: Row, changed: Row, id?: number): Promise<HttpError | undefined> {
    for (const key of this.uniqueKeys(resource, changed)) {
      if (!key.every((k) => values[k] !== undefined && values[k] !== null)) continue;
      const qb = conn(resource.name);
      for (const k of key) {
        if (resource.fields[k].caseInsensitive) qb.whereRaw('lower(??) = lower(?)', [k, values[k] as string]);
        else qb.where(k, values[k] as any);
      }
      if (id !== undefined) qb.whereNot('id', id);
      if (await qb.first('id')) return uniqueClash(key, values);
    }
    return undefined;
  }

  private async audit(trx: Knex.Transaction, resource: Resource, tipo: AuditTipo, actor: Actor, { recursoId, datos, cambios, version }: Asiento) {
    if (!resource.audited) return;
    const fila = {
      tipo,
      fecha: new Date().toISOString(),
      datos: datos === undefined ? null : JSON.stringify(datos),
      loginId: actor.loginId,
      recurso: resource.name,
      recursoId,
      ip: actor.ip,
      // The record's history (docs/arquitectura.md §17): what changed, and the version it left.
      cambios: cambios === undefined ? null : JSON.stringify(cambios),
      version: version === undefined || version === null ? null : Number(version),
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    };
    const id = await insertId(trx, 'logs', fila);
    const cambio = cambioDeLog({ id, ...fila });
    if (cambio) this.cambiosDe.get(trx)?.push(cambio);
  }

  /** Runs a write in a transaction, turning constraint failures the checks could not foresee (races) into 4xx. */
  private async write<T>(resource: Resource, data: Row, id: number | undefined, fn: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
    const cambios: Cambio[] = [];
    try {
      const result = await this.db.transaction(async (trx) => {
        this.cambiosDe.set(trx, cambios);
        const r = await fn(trx);
        if (cambios.length) await this.avisos?.enTransaccion(trx, cambios);
        return r;
      });
      // A remembered count may count a row this write changed (a pago's usuario renamed too).
      this.recuentos.olvidar();
      // Only now, committed: a write that rolled back was never announced.
      if (cambios.length) this.avisos?.trasConfirmar(cambios);
      return result;
    } catch (err) {
      if (err instanceof HttpError) throw err;
      const code = String((err as { code?: string }).code ?? '');
      if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE') {
        // A race the check inside the transaction could not see: the key this write touches is the one.
        const key = this.uniqueKeys(resource, data)[0];
        throw key ? uniqueClash(key, data) : conflict(mensajes.validacion.conflictoReferencia);
      }
      if (code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY') throw conflict(mensajes.validacion.conflictoReferencia);
      throw err;
    }
  }

  private stamp(row: Row, created: boolean): Row {
    const now = new Date().toISOString();
    return created ? { ...row, createdAt: now, updatedAt: now } : { ...row, updatedAt: now };
  }

  async create(resource: Resource, body: Row, actor: Actor): Promise<Row> {
    return this.write(resource, body, undefined, async (trx) => this.findById(resource, await this.insert(trx, resource, body, actor), undefined, trx));
  }

  /**
   * The one way a row is created, by a client's POST or by the server inside an action (an
   * invoice made from a pago, a rectificativa): the entity's rules, the stamps and the CREATE
   * row alike. `servidor` lets the rules take fields no client may send.
   */
  private async insert(trx: Knex.Transaction, resource: Resource, body: Row, actor: Actor, servidor = false): Promise<number> {
    const data = await this.prepare(trx, resource, body, 'create', actor, undefined, servidor);
    const id = await insertId(trx, resource.name, this.stamp(bodyToRow(resource, data, this.dialect), true));
    await this.auditRow(trx, resource, 'CREATE', actor, id, undefined);
    return id;
  }

  private async prepare(trx: Knex.Transaction, resource: Resource, body: Row, op: WriteContext['op'], actor: Actor, existing?: Row, servidor = false) {
    await this.checkReferences(trx, resource, body);
    await this.checkArchivos(trx, resource, body, existing);
    const ctx: WriteContext = { op, db: trx, existing, actor, scrypt: this.config.scrypt, facturacion: this.facturacion, actividad: this.config.actividad, ...(servidor ? { servidor } : {}) };
    const data = resource.beforeWrite ? await resource.beforeWrite(body, ctx) : body;
    validateComputed(resource, body, data);
    // Checked before writing so the administrator gets the field named; the constraint still guards races.
    const clash = await this.uniqueViolation(trx, resource, { ...existing, ...data }, data, existing?.id as number | undefined);
    if (clash) throw clash;
    return data;
  }

  /**
   * The stored row, locked until the write commits (PostgreSQL: FOR NO KEY UPDATE, which the
   * UPDATE takes anyway, and which leaves inserting children that point at it free; SQLite runs
   * one write transaction at a time), so the version compared is the version overwritten.
   */
  private async existingRow(trx: Knex.Transaction, resource: Resource, id: number, esperada?: Esperada): Promise<Row> {
    const qb = trx(resource.name).where('id', id).first();
    if (this.dialect === 'pg') qb.forNoKeyUpdate();
    const row = (await qb) as Row | undefined;
    if (!row) throw notFound(resource.model, id);
    if (!cumple(esperada, row.version)) throw new VersionCambiada(resource, await this.findById(resource, id, undefined, trx));
    return row;
  }

  /**
   * The audit row of one record's write, with what it changed: `antes` as it was (none for a
   * creation), and as it is now read back inside the transaction (none after a deletion).
   */
  private async auditRow(trx: Knex.Transaction, resource: Resource, tipo: AuditTipo, actor: Actor, id: number, antes: Row | undefined, datos?: unknown, borrada = false) {
    if (!resource.audited) return;
    const despues = borrada ? undefined : ((await trx(resource.name).where('id', id).first()) as Row | undefined);
    await this.audit(trx, resource, tipo, actor, { recursoId: id, datos, cambios: cambiosDe(resource, antes, despues), version: (despues ?? antes)?.version });
  }

  /** PUT: every writable field not in the body goes back to its default, or null. */
  async replace(resource: Resource, id: number, body: Row, actor: Actor, { esperada, datos }: Condiciones = {}): Promise<void> {
    const full: Row = {};
    for (const [name, field] of Object.entries(resource.fields)) {
      if (field.readOnly) continue;
      if (field.writeOnly && !(name in body)) continue; // keep the stored password unless a new one is sent
      full[name] = name in body ? body[name] : (field.default ?? null);
    }
    const soltadas = await this.write(resource, full, id, async (trx) => {
      const existing = await this.existingRow(trx, resource, id, esperada);
      const data = await this.prepare(trx, resource, full, 'replace', actor, existing);
      await trx(resource.name).where('id', id).update(this.stamp(bodyToRow(resource, data, this.dialect), false));
      await this.auditRow(trx, resource, 'UPDATE', actor, id, existing, datos);
      return this.released(resource, [existing], data);
    });
    await this.release(soltadas);
  }

  async update(resource: Resource, id: number, body: Row, actor: Actor, { esperada, datos }: Condiciones = {}): Promise<void> {
    await this.updateCalculado(resource, id, async () => ({ body, datos }), actor, esperada);
  }

  /**
   * A PATCH whose body depends on the record (a restore: what differs from the version asked
   * for), computed inside the write's transaction with the row locked: a write that lands
   * between reading the record and writing it can no longer leave a mix of both under the
   * computed write's name. `calcular` answers undefined when there is nothing to write.
   */
  async updateCalculado(resource: Resource, id: number, calcular: Calculo, actor: Actor, esperada?: Esperada): Promise<void> {
    // Filled once computed: a constraint failure after a race names the keys this body touched.
    const cuerpo: Row = {};
    const soltadas = await this.write(resource, cuerpo, id, async (trx) => {
      const existing = await this.existingRow(trx, resource, id, esperada);
      const calculado = await calcular(trx);
      if (!calculado) return [];
      Object.assign(cuerpo, calculado.body);
      const data = await this.prepare(trx, resource, calculado.body, 'update', actor, existing);
      await trx(resource.name).where('id', id).update(this.stamp(bodyToRow(resource, data, this.dialect), false));
      await this.auditRow(trx, resource, 'UPDATE', actor, id, existing, calculado.datos);
      return this.released(resource, [existing], data);
    });
    await this.release(soltadas);
  }

  /**
   * PATCH /R?where=: the same patch applied to every matching row, each through the domain rules,
   * each with its own audit row (a record's history is per record). The admin's bulk actions
   * put each selected record's version in the where (`{or: [{id, version}…]}`): a record changed
   * since is not matched, and the count answered says so (docs/arquitectura.md §17).
   */
  async updateAll(resource: Resource, where: WhereNode | undefined, body: Row, actor: Actor): Promise<number> {
    const { count, soltadas } = await this.write(resource, body, undefined, async (trx) => {
      const rows = (await this.baseQuery(trx, resource, where).select(`${resource.name}.*`)) as Row[];
      const soltadas: string[] = [];
      for (const existing of rows) {
        const data = await this.prepare(trx, resource, body, 'update', actor, existing);
        await trx(resource.name).where('id', existing.id as number).update(this.stamp(bodyToRow(resource, data, this.dialect), false));
        await this.auditRow(trx, resource, 'UPDATE', actor, existing.id as number, existing);
        soltadas.push(...this.released(resource, [existing], data));
      }
      return { count: rows.length, soltadas };
    });
    await this.release(soltadas);
    return count;
  }

  /**
   * One of the entity's own actions (`PUT /cursos/{id}/clases/orden`): the record is locked for
   * the transaction on PostgreSQL (SQLite runs one write at a time anyway), so two actions, or an
   * action and a write that takes the same lock, on one record do not interleave.
   */
  async runAction(resource: Resource, id: number, name: string, action: Action, body: Row, actor: Actor, esperada?: Esperada): Promise<unknown> {
    return this.write(resource, {}, id, async (trx) => {
      const antes = await lockRow(trx, resource.name, { id });
      if (!antes) throw notFound(resource.model, id);
      if (!cumple(esperada, antes.version)) throw new VersionCambiada(resource, await this.findById(resource, id, undefined, trx));
      const findById = (name: string, rid: number) => this.findById(registryOf(resource).get(name), rid, undefined, trx);
      const create = (name: string, data: Row) => this.insert(trx, registryOf(resource).get(name), data, actor, true);
      const result = await action.run(id, body, { db: trx, actor, facturacion: this.facturacion, scrypt: this.config.scrypt, findById, create });
      await this.auditRow(trx, resource, 'UPDATE', actor, id, antes, { accion: name, ...body });
      return result;
    });
  }

  /** Rows elsewhere that still point at these ids: nothing is deleted behind the administrator's back. */
  private async assertNoChildren(trx: Knex.Transaction, resource: Resource, ids: number[]) {
    const hijos: { recurso: string; etiquetas: Resource['labels']; n: number }[] = [];
    for (const { resource: child, field } of registryOf(resource).referencesTo(resource.name)) {
      const q = trx(child.name).whereIn(field, ids);
      if (child.name === resource.name) q.whereNotIn('id', ids);
      const [{ n }] = (await q.count({ n: '*' })) as { n: number | string }[];
      if (Number(n) > 0) hijos.push({ recurso: child.name, etiquetas: child.labels, n: Number(n) });
    }
    if (hijos.length) {
      throw conflict(
        mensajes.borrado.tieneHijos(resource.labels, hijos),
        hijos.map((h) => ({ path: '', code: 'hasChildren', message: h.etiquetas.plural, info: { recurso: h.recurso, count: h.n } })),
      );
    }
  }

  async deleteById(resource: Resource, id: number, actor: Actor, esperada?: Esperada): Promise<void> {
    const soltadas = await this.write(resource, {}, id, async (trx) => {
      const existing = await this.existingRow(trx, resource, id, esperada);
      // The entity's own rule first (an issued invoice says why it stays), then the generic one.
      await resource.beforeDelete?.(id, trx);
      await this.assertNoChildren(trx, resource, [id]);
      await trx(resource.name).where('id', id).delete();
      await this.auditRow(trx, resource, 'DELETE', actor, id, existing, undefined, true);
      return this.released(resource, [existing]);
    });
    await this.release(soltadas);
  }

  async deleteAll(resource: Resource, where: WhereNode | undefined, actor: Actor): Promise<number> {
    const { count, soltadas } = await this.write(resource, {}, undefined, async (trx) => {
      const rows = (await this.baseQuery(trx, resource, where).select(`${resource.name}.*`)) as Row[];
      const ids = rows.map((r) => r.id as number);
      if (!ids.length) return { count: 0, soltadas: [] };
      for (const id of ids) await resource.beforeDelete?.(id, trx);
      await this.assertNoChildren(trx, resource, ids);
      await trx(resource.name).whereIn('id', ids).delete();
      for (const existing of rows) await this.auditRow(trx, resource, 'DELETE', actor, existing.id as number, existing, undefined, true);
      return { count: ids.length, soltadas: this.released(resource, rows) };
    });
    await this.release(soltadas);
    return count;
  }
}

function uniqueClash(key: string[], values: Row): HttpError {
  return validationFailed(key.map((k) => ({ path: `/${k}`, code: 'unique', message: mensajes.validacion.unico(key), info: { value: values[k] } })));
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
