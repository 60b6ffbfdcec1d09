// Throttling of guesses with sliding windows kept in the database: passwords (LoginThrottle, per
// (usuario, ip) and per ip) and second-factor codes (CodigoThrottle, per (account, ip), per
// account and per ip), each in a table of its own.
//
// Passwords are keyed per (usuario, ip) rather than per usuario: an attacker elsewhere can then
// exhaust only their own allowance and never lock a real administrator out. The per-ip limit,
// higher, stops one address from spraying many usuarios. Windows slide, so nothing stays locked
// for longer than the window, and attempts refused while locked are not counted (they would
// extend it).
//
// Codes are counted apart from passwords, so that whoever has the password gains no tries by
// giving it again (docs/arquitectura.md §4): a right password forgives password failures only,
// and only a right code forgives code failures. They are capped per account too, whatever the
// address: six digits fall to parallel addresses otherwise. The owner may then have to wait out
// the window while someone with the password guesses; that is the price of the cap.
//
// An attempt is counted when it starts, not when it turns out wrong: checking the limits and
// recording the attempt are one statement, so a burst of concurrent attempts gets exactly the
// allowance, whatever the timing, and the rows are shared by every API process on the database.
// A right guess removes its own row and the earlier failures of the same key from that address;
// every other attempt stays counted as a failure until it leaves the window.
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { Config } from '../config/index.js';
import { isPg, type Db } from '../db/index.js';
import { millisDe } from '../base/tiempo.js';

// Rows older than the window only cost space; a sweep now and then removes them.
const PURGE_INTERVAL_MS = 60_000;

type Clave = Record<string, string | number>;

/** A counted attempt: its row, and the key it was counted under. */
export type Intento<K extends Clave> = K & { id: number };

export type Reserva<K extends Clave> = { attempt: Intento<K>; retryAfterSeconds?: undefined } | { attempt?: undefined; retryAfterSeconds: number };

interface Ventanas<K extends Clave> {
  tabla: string;
  /** The key's columns and their SQL type (PostgreSQL needs it to bind an INSERT … SELECT). */
  columnas: Record<keyof K & string, 'varchar' | 'integer'>;
  /** Each limit: the attempts within the window that share these columns' values, at most `max`. */
  limites: { columnas: (keyof K & string)[]; max: number }[];
  /**
   * The columns whose value is locked on PostgreSQL before counting, in this order (always the
   * same, so two reservations never wait on each other in a cycle): every limit must name one of
   * them, so that its count is serialized.
   */
  bloqueos: (keyof K & string)[];
}

const q = (columna: string) => `"${columna}"`;

/** Sliding windows over one table of attempts (see the top of this file); each kind says its key. */
abstract class Limitador<K extends Clave> {
  private readonly windowMs: number;
  private readonly pg: boolean;
  private readonly tabla: string;
  private lastPurge = 0;

  constructor(
    private readonly db: Db,
    private readonly def: Ventanas<K>,
    windowMinutes: number,
    private readonly now: () => number,
  ) {
    this.windowMs = windowMinutes * 60_000;
    this.pg = isPg(db);
    this.tabla = q(def.tabla);
  }

  /** Records the start of an attempt, or says how many whole seconds to wait before one may start. */
  protected async reserveClave(clave: K): Promise<Reserva<K>> {
    const now = this.now();
    const since = new Date(now - this.windowMs).toISOString();
    await this.purge(now);
    const id = await this.reserve(clave, new Date(now).toISOString(), since);
    if (id !== undefined) return { attempt: { ...clave, id } };
    return { retryAfterSeconds: await this.retryAfter(clave, since, now) };
  }

  /** A right guess: this attempt and the earlier failures of its whole key (from that address) are forgiven. */
  async succeeded(attempt: Intento<K>): Promise<void> {
    const columnas = Object.keys(this.def.columnas);
    await this.db.raw(`DELETE FROM ${this.tabla} WHERE ${this.condicion(columnas)}`, columnas.map((c) => attempt[c]));
  }

  /** An attempt the server could not check (no capacity to hash it): it never happened. */
  async abandon(attempt: Intento<K>): Promise<void> {
    await this.db.raw(`DELETE FROM ${this.tabla} WHERE "id" = ?`, [attempt.id]);
  }

  private condicion(columnas: string[]) {
    return columnas.map((c) => `${q(c)} = ?`).join(' AND ');
  }

  private async reserve(clave: K, fecha: string, since: string): Promise<number | undefined> {
    const columnas = Object.keys(this.def.columnas) as (keyof K & string)[];
    const cast = (type: string) => (this.pg ? `CAST(? AS ${type})` : '?');
    const limites = this.def.limites.map((l) => `(SELECT count(*) FROM ${this.tabla} WHERE ${this.condicion(l.columnas)} AND "fecha" > ?) < ?`);
    // SQLite needs no lock: a write statement holds the database's only write lock from before
    // it reads until it commits.
    const sql =
      `INSERT INTO ${this.tabla} (${[...columnas, 'fecha'].map(q).join(', ')}) ` +
      `SELECT ${[...columnas.map((c) => cast(this.def.columnas[c])), cast('timestamptz')].join(', ')} ` +
      `WHERE ${limites.join(' AND ')} RETURNING "id"`;
    const bindings = [...columnas.map((c) => clave[c]), fecha, ...this.def.limites.flatMap((l) => [...l.columnas.map((c) => clave[c]), since, l.max])];
    const run = async (conn: Db | Knex.Transaction) => {
      const result = await conn.raw(sql, bindings);
      const rows = (this.pg ? result.rows : result) as { id: number | string }[];
      return rows.length ? Number(rows[0].id) : undefined;
    };
    if (!this.pg) return run(this.db);
    return this.db.transaction(async (trx) => {
      for (const c of this.def.bloqueos) await trx.raw('SELECT pg_advisory_xact_lock(CAST(? AS bigint))', [this.lockKey(c, clave[c])]);
      return run(trx);
    });
  }

  /** A signed 64-bit lock number for PostgreSQL's advisory locks, from the table, the column and its value. */
  private lockKey(columna: string, valor: string | number) {
    return createHash('sha256').update(`${this.def.tabla}:${columna}:${valor}`).digest().readBigInt64BE(0).toString();
  }

  /** Until the oldest attempt that keeps a full window full leaves it. */
  private async retryAfter(clave: K, since: string, now: number): Promise<number> {
    const nth = async (columnas: string[], max: number) => {
      const result = await this.db.raw(
        `SELECT "fecha" FROM ${this.tabla} WHERE ${this.condicion(columnas)} AND "fecha" > ? ORDER BY "fecha" DESC LIMIT 1 OFFSET ?`,
        [...columnas.map((c) => clave[c]), since, max - 1],
      );
      const rows = (this.pg ? result.rows : result) as { fecha: unknown }[];
      return rows.length ? millisDe(rows[0].fecha) + this.windowMs - now : 0;
    };
    let wait = 0;
    for (const l of this.def.limites) wait = Math.max(wait, await nth(l.columnas, l.max));
    // A window that emptied between the two statements still answers a wait, never «0».
    return Math.max(1, Math.ceil(wait / 1000));
  }

  private async purge(now: number) {
    if (now - this.lastPurge < PURGE_INTERVAL_MS) return;
    this.lastPurge = now;
    await this.db.raw(`DELETE FROM ${this.tabla} WHERE "fecha" <= ?`, [new Date(now - this.windowMs).toISOString()]);
  }
}

/** The stored key of a usuario: case-folded so «Admin» and «admin» share an allowance. */
const usuarioKey = (usuario: string) => createHash('sha256').update(usuario.toLowerCase()).digest('hex');

type ClaveLogin = { ip: string; usuario: string };
export type Attempt = Intento<ClaveLogin>;
export type Reservation = Reserva<ClaveLogin>;

/**
 * Passwords, at the login and wherever a session must prove it knows its own (intentosLogin). A
 * right one forgives the usuario's earlier password failures from its address.
 */
export class LoginThrottle extends Limitador<ClaveLogin> {
  constructor(db: Db, { windowMinutes, maxPerUsuario, maxPerIp }: Config['loginThrottle'], now: () => number = Date.now) {
    const def: Ventanas<ClaveLogin> = {
      tabla: 'intentosLogin',
      columnas: { ip: 'varchar', usuario: 'varchar' },
      limites: [
        { columnas: ['ip', 'usuario'], max: maxPerUsuario },
        { columnas: ['ip'], max: maxPerIp },
      ],
      // Both counts are scoped to one address, so one lock per address serializes them.
      bloqueos: ['ip'],
    };
    super(db, def, windowMinutes, now);
  }

  begin(usuario: string, ip: string): Promise<Reservation> {
    return this.reserveClave({ ip, usuario: usuarioKey(usuario) });
  }
}

type ClaveCodigo = { loginId: number; ip: string };
export type IntentoCodigo = Intento<ClaveCodigo>;

/**
 * Second-factor codes, wherever one is checked against an account's factor (intentosCodigo). A
 * right one forgives the account's code failures from its address; those from other addresses
 * stay until they leave the window, so the per-account cap still holds for them.
 */
export class CodigoThrottle extends Limitador<ClaveCodigo> {
  constructor(db: Db, { windowMinutes, maxPerUsuario, maxPerIp, maxCodigosPorCuenta }: Config['loginThrottle'], now: () => number = Date.now) {
    const def: Ventanas<ClaveCodigo> = {
      tabla: 'intentosCodigo',
      columnas: { loginId: 'integer', ip: 'varchar' },
      limites: [
        { columnas: ['loginId', 'ip'], max: maxPerUsuario },
        { columnas: ['loginId'], max: maxCodigosPorCuenta },
        { columnas: ['ip'], max: maxPerIp },
      ],
      bloqueos: ['loginId', 'ip'],
    };
    super(db, def, windowMinutes, now);
  }

  begin(loginId: number, ip: string): Promise<Reserva<ClaveCodigo>> {
    return this.reserveClave({ loginId, ip });
  }
}

type ClaveOlvido = { ip: string; usuario: string };

/**
 * Requests of a password-reset link (POST /logins/olvido), in the passwords' table under a key
 * space of their own (`olvido:` before the address and the usuario hashed into the key, so they
 * never mix with a login's): per (usuario, address) and per address as passwords are, and per usuario from any
 * address, so spreading over addresses does not fill someone's mailbox. Every request counts,
 * answered or not: there is no right guess to forgive anything.
 */
export class OlvidoThrottle extends Limitador<ClaveOlvido> {
  constructor(db: Db, { windowMinutes, maxPerUsuario, maxPerIp }: Config['loginThrottle'], now: () => number = Date.now) {
    const def: Ventanas<ClaveOlvido> = {
      tabla: 'intentosLogin',
      columnas: { ip: 'varchar', usuario: 'varchar' },
      limites: [
        { columnas: ['ip', 'usuario'], max: maxPerUsuario },
        { columnas: ['usuario'], max: maxPerUsuario * 2 },
        { columnas: ['ip'], max: maxPerIp },
      ],
      bloqueos: ['usuario', 'ip'],
    };
    super(db, def, windowMinutes, now);
  }

  begin(usuario: string, ip: string): Promise<Reserva<ClaveOlvido>> {
    return this.reserveClave({ ip: `olvido:${ip}`, usuario: usuarioKey(`olvido:${usuario}`) });
  }
}
