// Writing records: the one way an entity's table changes (docs/arquitectura.md §3). A route's
// POST/PUT/PATCH/DELETE, an action, the account routes and the background jobs all write through
// an Escritor bound to one transaction, so each change runs the entity's rules and its checks,
// stamps `updatedAt` and the version, leaves its audit row with before and after (the record's
// history, §17) and is announced to the live lists once committed (§18). A module outside this
// engine never writes an entity's table itself (api/test/escritura-unica.test.ts).
import type { Knex } from 'knex';
import type { Db } from '../db/index.js';
import { insertId, lockRow } from '../db/filas.js';
import type { Action, ActionContext, Actor, AuditTipo, Escritor, OpcionesEscritura, Registry, Resource, WriteContext } from '../base/types.js';
import { cambioDeLog, type AvisoCambios, type Cambio } from '../base/cambios.js';
import { conflict, HttpError, notFound } from '../base/errors.js';
import { bodyToRow, serializeRow } from '../base/values.js';
import { mensajes } from '../mensajes.js';
import { cambiosDe, type Cambios } from './cambios.js';
import { assertNoChildren, checkArchivos, checkReferences, releasedPaths, uniqueClash, uniqueKeys, uniqueViolation } from './comprobaciones.js';
import type { WhereNode } from './filter.js';
import { Lectura, type ConfigRepositorio } from './lectura.js';
import { Presupuesto } from './presupuesto.js';
import { refusalOf } from './permisos.js';
import { validateComputed } from './validate.js';
import { cumple, VersionCambiada, type Esperada } from './versiones.js';
import { applyWhere } from './where.js';

type Row = Record<string, any>;

export type { Actor };

/** What happens to files once the records that held them have let go (api/src/media). */
export interface ArchivoHooks {
  /** Called after a write commits with the paths its rows held before and hold no more. */
  release(rutas: string[]): Promise<void>;
}

/** How a route's write on one record is conditioned and named in its history. */
export interface Condiciones {
  /** If-Match: the versions the client saw (rest/versiones.ts); absent, no condition. */
  esperada?: Esperada;
  /** What the audit row says besides the change (a restore: which version it brought back). */
  datos?: Record<string, unknown>;
}

/** A write's body and what its audit row adds, computed in its transaction (updateCalculado). */
export type Calculo = (trx: Knex.Transaction) => Promise<{ body: Row; datos?: Record<string, unknown> } | undefined>;

/** What one write transaction keeps until it ends. */
interface Transaccion {
  trx: Knex.Transaction;
  /** The changes its audit rows announce, once it commits. */
  cambios: Cambio[];
  /** Files its rows let go of, released once it commits (a rolled-back change still finds them). */
  soltadas: string[];
  /** Rows locked in it, as stored now: each read once, kept current by the writes that follow. */
  bloqueadas: Map<string, Row>;
  /** Records that already have an audit row in it. */
  auditados: Set<string>;
  /** An action's own record and body: its audit rows keep the body the action was called with. */
  accion?: { clave: string; nombre: string; cuerpo: Row };
  /** The last write tried: a unique key only the constraint caught (a race) is named after it. */
  ultima?: { resource: Resource; data: Row };
}

/** How one write is made: by a client's body through a route, or by the server; its history row. */
interface Modo extends OpcionesEscritura {
  /** A client's body through a route: the entity's rules see no `servidor`. */
  cliente?: boolean;
  esperada?: Esperada;
  op?: 'update' | 'replace';
  /** What the entity's rules revealed to this write's answer alone (WriteContext.reveal). */
  revelado?: Row;
}

const clave = (resource: Resource, id: unknown) => `${resource.name}:${Number(id)}`;

export class Escritura extends Lectura {
  constructor(
    db: Db,
    config: ConfigRepositorio,
    registry: Registry,
    readonly archivos?: ArchivoHooks,
    /** Who hears of each committed write (eventos/: the live lists). */
    readonly avisos?: AvisoCambios,
  ) {
    super(db, config, registry);
  }

  /**
   * A transaction of writes by `actor` through an Escritor: the server's own work (a login, a job,
   * an account route) or, with the actor's role, on that role's behalf. `base.accion` names its
   * writes in the history (a job's kind).
   */
  transaction<T>(actor: Actor, fn: (w: Escritor) => Promise<T>, base: OpcionesEscritura = {}): Promise<T> {
    return this.run((t) => fn(this.escritor(t, actor, base)));
  }

  // ---- what the routes call ---------------------------------------------------------------

  /** POST: the record as the API returns it. */
  async create(resource: Resource, body: Row, actor: Actor): Promise<Row> {
    const modo: Modo = { cliente: true };
    const row = await this.run((t) => this.insert(t, resource, body, actor, modo));
    return { ...serializeRow(resource, { ...row }), ...modo.revelado };
  }

  /**
   * What the server notes on a record that is no change anyone made (a token's last use, at most
   * once a minute): only fields declared `apunte`, with no history row and no live event, as a
   * session's last activity is kept. Anything else is a write, and goes through `transaction`.
   */
  async note(resource: Resource, id: number, valores: Row): Promise<void> {
    const otro = Object.keys(valores).find((campo) => !resource.fields[campo]?.apunte);
    if (otro) throw new Error(`${resource.name}.${otro} no es un apunte: se escribe con una transacción del repositorio`);
    await this.db(resource.name).where('id', id).update(bodyToRow(resource, valores, this.dialect));
  }

  /** PUT: every writable field not in the body goes back to its default, or null. */
  async replace(resource: Resource, id: number, body: Row, actor: Actor, { esperada, datos }: Condiciones = {}): Promise<void> {
    const full: Row = {};
    for (const [name, field] of Object.entries(resource.fields)) {
      if (field.readOnly) continue;
      if (field.writeOnly && !(name in body)) continue; // keep the stored password unless a new one is sent
      full[name] = name in body ? body[name] : (field.default ?? null);
    }
    await this.run((t) => this.change(t, resource, id, full, actor, { cliente: true, op: 'replace', esperada, datos }));
  }

  async update(resource: Resource, id: number, body: Row, actor: Actor, { esperada, datos }: Condiciones = {}): Promise<void> {
    await this.run((t) => this.change(t, resource, id, body, actor, { cliente: true, esperada, datos }));
  }

  /**
   * A PATCH whose body depends on the record (a restore: what differs from the version asked
   * for), computed inside the write's transaction with the row locked: a write that lands
   * between reading the record and writing it can no longer leave a mix of both under the
   * computed write's name. `calcular` answers undefined when there is nothing to write.
   */
  async updateCalculado(resource: Resource, id: number, calcular: Calculo, actor: Actor, esperada?: Esperada): Promise<void> {
    await this.run(async (t) => {
      await this.locked(t, resource, id, esperada);
      const calculado = await calcular(t.trx);
      if (calculado) await this.change(t, resource, id, calculado.body, actor, { cliente: true, datos: calculado.datos });
    });
  }

  /**
   * PATCH /R?where=: the same patch applied to every matching row, each through the domain rules,
   * each with its own audit row (a record's history is per record). The admin's bulk actions
   * put each selected record's version in the where (`{or: [{id, version}…]}`): a record changed
   * since is not matched, and the count answered says so (docs/arquitectura.md §17).
   */
  async updateAll(resource: Resource, where: WhereNode | undefined, body: Row, actor: Actor): Promise<number> {
    return this.run(async (t) => {
      const ids = await this.idsWhere(t, resource, (qb) => applyWhere(qb, resource, where, this.dialect));
      for (const id of ids) await this.change(t, resource, id, body, actor, { cliente: true });
      return ids.length;
    });
  }

  async deleteById(resource: Resource, id: number, actor: Actor, esperada?: Esperada): Promise<void> {
    await this.run((t) => this.removeAll(t, resource, [id], actor, { esperada }));
  }

  async deleteAll(resource: Resource, where: WhereNode | undefined, actor: Actor): Promise<number> {
    return this.run(async (t) => {
      const ids = await this.idsWhere(t, resource, (qb) => applyWhere(qb, resource, where, this.dialect));
      await this.removeAll(t, resource, ids, actor, {});
      return ids.length;
    });
  }

  /**
   * One of the entity's own actions (`POST /facturas/{id}/emitir`): its record locked for the
   * transaction (PostgreSQL: FOR UPDATE; SQLite runs one write transaction at a time), so two
   * actions, or an action and a write, on one record do not interleave. The action gets it as
   * stored and an Escritor whose writes its history names after the action; an action that
   * changed nothing of its own record still leaves a row there saying it ran.
   */
  async runAction(resource: Resource, id: number, name: string, action: Action, body: Row, actor: Actor, esperada?: Esperada): Promise<unknown> {
    return this.run(async (t) => {
      const row = await lockRow(t.trx, resource.name, { id });
      if (!row) throw notFound(resource.model, id);
      if (!cumple(esperada, row.version)) throw new VersionCambiada(resource, await this.findById(resource, id, undefined, t.trx));
      const propio = clave(resource, id);
      t.bloqueadas.set(propio, row);
      t.accion = { clave: propio, nombre: name, cuerpo: body };
      const ctx: ActionContext = { ...this.escritor(t, actor, { accion: name }), row, accion: name, facturacion: this.facturacion, scrypt: this.config.scrypt, pasarelas: this.config.pasarelas, correo: this.config };
      const result = await action.run(id, body, ctx);
      if (!t.auditados.has(propio)) await this.audit(t, resource, 'UPDATE', actor, id, row, t.bloqueadas.get(propio), this.datosDe(t, resource, id, { accion: name }));
      return result;
    });
  }

  // ---- the transaction and its Escritor --------------------------------------------------

  /** Runs writes in a transaction, turning constraint failures the checks could not foresee (races) into 4xx. */
  private async run<T>(fn: (t: Transaccion) => Promise<T>): Promise<T> {
    let t: Transaccion | undefined;
    try {
      const result = await this.db.transaction(async (trx) => {
        t = { trx, cambios: [], soltadas: [], bloqueadas: new Map(), auditados: new Set() };
        const r = await fn(t);
        if (t.cambios.length) await this.avisos?.enTransaccion(trx, t.cambios);
        return r;
      });
      // A remembered count may count a row this write changed (a pago's usuario renamed too).
      this.recuentos.forget();
      // Only now, committed: a write that rolled back was never announced, and its files stay.
      if (t!.cambios.length) this.avisos?.trasConfirmar(t!.cambios);
      if (t!.soltadas.length && this.archivos) await this.archivos.release([...new Set(t!.soltadas)]);
      return result;
    } catch (err) {
      if (err instanceof HttpError) throw err;
      const code = String((err as { code?: string }).code ?? '');
      if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE') {
        // A race the check inside the transaction could not see: the key the last write touches is the one.
        const key = t?.ultima && uniqueKeys(t.ultima.resource, t.ultima.data)[0];
        throw key ? uniqueClash(key, t!.ultima!.data) : conflict(mensajes.validacion.conflictoReferencia);
      }
      if (code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY') throw conflict(mensajes.validacion.conflictoReferencia);
      throw err;
    }
  }

  /** The server's writes in `t` on behalf of `actor`; `base` names them in the history (an action's). */
  private escritor(t: Transaccion, actor: Actor, base: OpcionesEscritura = {}): Escritor {
    const get = (name: string) => this.registry.get(name);
    const modo = (o: OpcionesEscritura = {}): Modo => ({ accion: o.accion ?? base.accion, datos: o.datos });
    return {
      db: t.trx,
      actor,
      findById: (name, id) => this.findById(get(name), id, undefined, t.trx),
      findWhere: (name, field, value, order) =>
        this.find(get(name), { order: [{ field: order, dir: 'asc' }], include: [], skip: 0, where: { kind: 'cond', field, op: 'eq', value } }, undefined, t.trx, false, new Presupuesto(Infinity)),
      lock: (name, id) => this.locked(t, get(name), id),
      create: async (name, data, o) => Number((await this.insert(t, get(name), data, actor, modo(o))).id),
      createMany: (name, filas, o) => this.insertMany(t, get(name), filas, actor, modo(o)),
      update: (name, id, patch, o) => this.change(t, get(name), id, patch, actor, modo(o)),
      updateWhere: async (name, where, patch, o) => {
        const resource = get(name);
        // Rows named by id need no look-up first (the sender marks each record of a message so).
        const porId = Object.keys(where).length === 1 && 'id' in where;
        const ids = porId ? [where.id].flat().map(Number).sort((a, b) => a - b) : await this.idsWhere(t, resource, (qb) => whereObject(qb, where));
        return this.changeAll(t, resource, ids, patch, actor, modo(o));
      },
      remove: (name, id, o) => this.removeAll(t, get(name), [id], actor, modo(o)),
    };
  }

  // ---- the writes -------------------------------------------------------------------------

  /** The one way a row is created: the entity's rules, the stamps and the CREATE row alike. */
  private async insert(t: Transaccion, resource: Resource, body: Row, actor: Actor, modo: Modo): Promise<Row> {
    this.allow(resource, actor, 'crear');
    const data = await this.prepare(t, resource, body, 'create', actor, undefined, modo);
    const [row] = (await t.trx(resource.name).insert(stamp(bodyToRow(resource, data, this.dialect), true)).returning('*')) as Row[];
    t.bloqueadas.set(clave(resource, row.id), row);
    await this.audit(t, resource, 'CREATE', actor, Number(row.id), undefined, row, this.datosDe(t, resource, row.id, modo));
    await this.after(t, resource, row, undefined, actor, modo);
    return row;
  }

  /**
   * Many records created at once (a chain's records written in bulk at start-up): each through
   * the entity's rules, inserted and audited in batches of 500 rows. Answers their ids, in order.
   */
  private async insertMany(t: Transaccion, resource: Resource, bodies: Row[], actor: Actor, modo: Modo): Promise<number[]> {
    this.allow(resource, actor, 'crear');
    const ids: number[] = [];
    for (let i = 0; i < bodies.length; i += 500) {
      const lote: Row[] = [];
      for (const body of bodies.slice(i, i + 500)) lote.push(stamp(bodyToRow(resource, await this.prepare(t, resource, body, 'create', actor, undefined, modo), this.dialect), true));
      const filas = (await t.trx(resource.name).insert(lote).returning('*')) as Row[];
      const asientos = filas.map((row) => ({ id: Number(row.id), antes: undefined, despues: row, datos: this.datosDe(t, resource, row.id, modo) }));
      await this.auditMany(t, resource, 'CREATE', actor, asientos);
      for (const row of filas) await this.after(t, resource, row, undefined, actor, modo);
      ids.push(...filas.map((r) => Number(r.id)));
    }
    return ids;
  }

  /** One record changed (PATCH, PUT, an Escritor's update): answers it as stored now. */
  private async change(t: Transaccion, resource: Resource, id: number, body: Row, actor: Actor, modo: Modo): Promise<Row> {
    this.allow(resource, actor);
    const antes = await this.locked(t, resource, id, modo.esperada);
    const data = await this.prepare(t, resource, body, modo.op ?? 'update', actor, antes, modo);
    const values = stamp(bodyToRow(resource, data, this.dialect), false);
    // Set here rather than by the trigger (db/versiones.ts), so the row RETURNING gives is the
    // row stored, version included, on both databases (SQLite's trigger runs after RETURNING).
    if (resource.fields.version) values.version = Number(antes.version) + 1;
    const [despues] = (await t.trx(resource.name).where('id', id).update(values).returning('*')) as Row[];
    t.bloqueadas.set(clave(resource, id), despues);
    await this.audit(t, resource, 'UPDATE', actor, id, antes, despues, this.datosDe(t, resource, id, modo));
    t.soltadas.push(...releasedPaths(resource, [antes], data));
    await this.after(t, resource, despues, antes, actor, modo);
    return despues;
  }

  /** The entity's afterWrite, by the same actor in the same transaction (named by the same action). */
  private async after(t: Transaccion, resource: Resource, despues: Row, antes: Row | undefined, actor: Actor, modo: Modo) {
    if (!resource.afterWrite) return;
    await resource.afterWrite(despues, antes, { escritor: this.escritor(t, actor, { accion: modo.accion }), matriculas: this.config.matriculas, correo: this.config });
  }

  /**
   * The same patch on many records: each through `change` where the entity keeps a history or
   * has rules; otherwise (a queue's rows: remisiones) one statement for them all.
   */
  private async changeAll(t: Transaccion, resource: Resource, ids: number[], patch: Row, actor: Actor, modo: Modo): Promise<number> {
    const comprobar = Object.keys(patch).some((name) => resource.fields[name]?.references || resource.fields[name]?.archivo || resource.fields[name]?.unique);
    if (resource.audited || resource.beforeWrite || resource.afterWrite || comprobar) {
      for (const id of ids) await this.change(t, resource, id, patch, actor, modo);
      return ids.length;
    }
    this.allow(resource, actor);
    const values = stamp(bodyToRow(resource, patch, this.dialect), false);
    if (resource.fields.version) values.version = t.trx.raw('?? + 1', ['version']);
    let n = 0;
    for (let i = 0; i < ids.length; i += 500) n += Number(await t.trx(resource.name).whereIn('id', ids.slice(i, i + 500)).update(values));
    for (const id of ids) t.bloqueadas.delete(clave(resource, id));
    return n;
  }

  /** Records deleted together (DELETE, DELETE ?where=, an Escritor's remove): rules, children, audit. */
  private async removeAll(t: Transaccion, resource: Resource, ids: number[], actor: Actor, modo: Modo) {
    if (!ids.length) return;
    this.allow(resource, actor);
    const rows: Row[] = [];
    for (const id of ids) rows.push(await this.locked(t, resource, id, modo.esperada));
    // The entity's own rule first (an issued invoice says why it stays), then the generic one.
    for (const id of ids) await resource.beforeDelete?.(id, t.trx, ids);
    await assertNoChildren(t.trx, resource, ids);
    for (let i = 0; i < ids.length; i += 500) await t.trx(resource.name).whereIn('id', ids.slice(i, i + 500)).delete();
    for (const row of rows) {
      t.bloqueadas.delete(clave(resource, row.id));
      await this.audit(t, resource, 'DELETE', actor, Number(row.id), row, undefined, this.datosDe(t, resource, row.id, modo));
    }
    t.soltadas.push(...releasedPaths(resource, rows));
  }

  /**
   * The stored row, locked until the write commits (PostgreSQL: FOR NO KEY UPDATE, which the
   * UPDATE takes anyway, and which leaves inserting children that point at it free; SQLite runs
   * one write transaction at a time), so the version compared is the version overwritten. Read
   * once per transaction: the writes that follow keep it current.
   */
  private async locked(t: Transaccion, resource: Resource, id: number, esperada?: Esperada): Promise<Row> {
    let row = t.bloqueadas.get(clave(resource, id));
    if (!row) {
      const qb = t.trx(resource.name).where('id', id).first();
      if (this.dialect === 'pg') qb.forNoKeyUpdate();
      row = (await qb) as Row | undefined;
      if (!row) throw notFound(resource.model, id);
      t.bloqueadas.set(clave(resource, id), row);
    }
    if (!cumple(esperada, row.version)) throw new VersionCambiada(resource, await this.findById(resource, id, undefined, t.trx));
    return row;
  }

  /** The ids of the rows `where` picks, in id order. */
  private async idsWhere(t: Transaccion, resource: Resource, where: (qb: Knex.QueryBuilder) => Knex.QueryBuilder | void): Promise<number[]> {
    const qb = t.trx(resource.name).select(`${resource.name}.id`).orderBy(`${resource.name}.id`);
    const rows = (await (where(qb) ?? qb)) as Row[];
    return rows.map((r) => Number(r.id));
  }

  private async prepare(t: Transaccion, resource: Resource, body: Row, op: WriteContext['op'], actor: Actor, existing: Row | undefined, modo: Modo) {
    t.ultima = { resource, data: body };
    // A client is told which field names a row that does not exist; the server's own writes name
    // rows it just read or wrote, and the constraint still stands behind them (a bug, not a typo).
    if (modo.cliente) await checkReferences(t.trx, resource, body);
    await checkArchivos(t.trx, resource, body, existing);
    const ctx: WriteContext = {
      op,
      db: t.trx,
      existing,
      actor,
      scrypt: this.config.scrypt,
      facturacion: this.facturacion,
      actividad: this.config.actividad,
      ...(modo.cliente ? {} : { servidor: true }),
      escritor: this.escritor(t, actor, { accion: modo.accion }),
      reveal: (valores) => {
        modo.revelado = { ...modo.revelado, ...valores };
      },
    };
    const data = resource.beforeWrite ? await resource.beforeWrite(body, ctx) : body;
    validateComputed(resource, body, data);
    // Checked before writing so the administrator gets the field named; the constraint still guards
    // races, and the server's writes (a race, named by `ultima` the same way, is all they can meet).
    if (modo.cliente) {
      const clash = await uniqueViolation(t.trx, resource, { ...existing, ...data }, data, existing?.id as number | undefined);
      if (clash) throw clash;
    }
    t.ultima = { resource, data };
    return data;
  }

  /** A role may write only what its `acceso` lets it (`crear`: a new row); the server's own writes carry no role. */
  private allow(resource: Resource, actor: Actor, op: 'crear' | 'escribir' = 'escribir') {
    if (!actor.rol) return;
    const refusal = refusalOf({ recurso: resource, op }, actor.rol);
    if (refusal) throw refusal;
  }

  /** What the audit row of a write keeps: its action's name, and the action's body on the action's own record. */
  private datosDe(t: Transaccion, resource: Resource, id: unknown, modo: Modo): Row | undefined {
    const propia = t.accion && t.accion.clave === clave(resource, id) && !t.auditados.has(t.accion.clave) ? t.accion.cuerpo : undefined;
    const datos = { ...propia, ...(modo.accion ? { accion: modo.accion } : {}), ...modo.datos };
    return Object.keys(datos).length ? datos : undefined;
  }

  /**
   * The audit row of one record's write, with what it changed (docs/arquitectura.md §17): `antes`
   * as it was (none for a creation) and `despues` as stored now (none after a deletion). Its
   * change is announced to the live lists with the transaction.
   */
  private async audit(t: Transaccion, resource: Resource, tipo: AuditTipo, actor: Actor, id: number, antes: Row | undefined, despues: Row | undefined, datos?: unknown) {
    await this.auditMany(t, resource, tipo, actor, [{ id, antes, despues, datos }]);
  }

  /** The audit rows of several records' writes of one kind, inserted together. */
  private async auditMany(t: Transaccion, resource: Resource, tipo: AuditTipo, actor: Actor, asientos: { id: number; antes?: Row; despues?: Row; datos?: unknown }[]) {
    if (!resource.audited || !asientos.length) return;
    const ahora = new Date().toISOString();
    const filas = asientos.map(({ id, antes, despues, datos }) => {
      t.auditados.add(clave(resource, id));
      const cambios: Cambios = cambiosDe(resource, antes, despues);
      const version = (despues ?? antes)?.version;
      return {
        tipo,
        fecha: ahora,
        datos: datos === undefined ? null : JSON.stringify(datos),
        loginId: actor.loginId,
        tokenId: actor.tokenId ?? null,
        recurso: resource.name,
        recursoId: id,
        ip: actor.ip,
        cambios: JSON.stringify(cambios),
        version: version === undefined || version === null ? null : Number(version),
        createdAt: ahora,
        updatedAt: ahora,
      };
    });
    const logIds = filas.length === 1 ? [await insertId(t.trx, 'logs', filas[0])] : ((await t.trx('logs').insert(filas).returning('id')) as Row[]).map((r) => Number(typeof r === 'object' ? r.id : r));
    filas.forEach((fila, i) => {
      const cambio = cambioDeLog({ id: logIds[i], ...fila });
      if (cambio) t.cambios.push(cambio);
    });
  }
}

function stamp(row: Row, created: boolean): Row {
  const now = new Date().toISOString();
  return created ? { ...row, createdAt: now, updatedAt: now } : { ...row, updatedAt: now };
}

/** `{columna: valor}` or `{columna: [valores]}` as a Knex where. */
function whereObject(qb: Knex.QueryBuilder, where: Record<string, unknown>) {
  for (const [columna, valor] of Object.entries(where)) {
    if (Array.isArray(valor)) qb.whereIn(columna, valor);
    else if (valor === null) qb.whereNull(columna);
    else qb.where(columna, valor as never);
  }
  return qb;
}
