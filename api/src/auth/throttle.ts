// Login throttling with sliding windows, per (usuario, ip) and per ip, kept in the database.
//
// Keyed per (usuario, ip) rather than per usuario: an attacker elsewhere can then exhaust only
// their own allowance and never lock a real administrator out. The per-ip limit, higher, stops
// one address from spraying many usuarios. Windows slide, so nothing stays locked for longer
// than the window, and attempts refused while locked are not counted (they would extend it).
//
// An attempt is counted when it starts, not when its password turns out wrong: checking the
// limit and recording the attempt are one statement, so a burst of concurrent attempts gets
// exactly the allowance, whatever the timing, and the rows are shared by every API process on
// the database. A right password removes its own row and the usuario's earlier failures from
// that address; every other attempt stays counted as a failure until it leaves the window.
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { Config } from '../config.js';
import { isPg, type Db } from '../db/index.js';

const TABLE = '"intentosLogin"';
// Rows older than the window only cost space; a sweep now and then removes them.
const PURGE_INTERVAL_MS = 60_000;

export interface Attempt {
  id: number;
  ip: string;
  usuario: string;
}

export type Reservation = { attempt: Attempt; retryAfterSeconds?: undefined } | { attempt?: undefined; retryAfterSeconds: number };

/** The stored key of a usuario: case-folded so «Admin» and «admin» share an allowance. */
const usuarioKey = (usuario: string) => createHash('sha256').update(usuario.toLowerCase()).digest('hex');

/** A signed 64-bit lock number for PostgreSQL's advisory locks, from the address. */
const lockKey = (ip: string) => createHash('sha256').update(ip).digest().readBigInt64BE(0).toString();

const millis = (value: unknown) => new Date(value as string).getTime();

export class LoginThrottle {
  private readonly windowMs: number;
  private readonly pg: boolean;
  private lastPurge = 0;

  constructor(
    private readonly db: Db,
    private readonly settings: Config['loginThrottle'],
    private readonly now: () => number = Date.now,
  ) {
    this.windowMs = settings.windowMinutes * 60_000;
    this.pg = isPg(db);
  }

  /** Records the start of an attempt, or says how many whole seconds to wait before one may start. */
  async begin(usuario: string, ip: string): Promise<Reservation> {
    const now = this.now();
    const key = usuarioKey(usuario);
    const since = new Date(now - this.windowMs).toISOString();
    await this.purge(now);
    const id = await this.reserve(key, ip, new Date(now).toISOString(), since);
    if (id !== undefined) return { attempt: { id, ip, usuario: key } };
    return { retryAfterSeconds: await this.retryAfter(key, ip, since, now) };
  }

  /** A right password: this attempt and the usuario's earlier failures from this address are forgiven. */
  async succeeded(attempt: Attempt): Promise<void> {
    await this.db.raw(`DELETE FROM ${TABLE} WHERE "ip" = ? AND "usuario" = ?`, [attempt.ip, attempt.usuario]);
  }

  /** An attempt the server could not check (no capacity to hash it): it never happened. */
  async abandon(attempt: Attempt): Promise<void> {
    await this.db.raw(`DELETE FROM ${TABLE} WHERE "id" = ?`, [attempt.id]);
  }

  private async reserve(key: string, ip: string, fecha: string, since: string): Promise<number | undefined> {
    const { maxPerUsuario, maxPerIp } = this.settings;
    const cast = (type: string) => (this.pg ? `CAST(? AS ${type})` : '?');
    // Both counts are scoped to one address, so one lock per address serializes everything
    // this statement reads. SQLite needs none: a write statement holds the database's only
    // write lock from before it reads until it commits.
    const sql =
      `INSERT INTO ${TABLE} ("ip", "usuario", "fecha") SELECT ${cast('varchar')}, ${cast('varchar')}, ${cast('timestamptz')} ` +
      `WHERE (SELECT count(*) FROM ${TABLE} WHERE "ip" = ? AND "usuario" = ? AND "fecha" > ?) < ? ` +
      `AND (SELECT count(*) FROM ${TABLE} WHERE "ip" = ? AND "fecha" > ?) < ? RETURNING "id"`;
    const bindings = [ip, key, fecha, ip, key, since, maxPerUsuario, ip, since, maxPerIp];
    const run = async (conn: Db | Knex.Transaction) => {
      const result = await conn.raw(sql, bindings);
      const rows = (this.pg ? result.rows : result) as { id: number | string }[];
      return rows.length ? Number(rows[0].id) : undefined;
    };
    if (!this.pg) return run(this.db);
    return this.db.transaction(async (trx) => {
      await trx.raw('SELECT pg_advisory_xact_lock(CAST(? AS bigint))', [lockKey(ip)]);
      return run(trx);
    });
  }

  /** Until the oldest attempt that keeps a full window full leaves it. */
  private async retryAfter(key: string, ip: string, since: string, now: number): Promise<number> {
    const { maxPerUsuario, maxPerIp } = this.settings;
    const nth = async (where: string, bindings: string[], max: number) => {
      const result = await this.db.raw(
        `SELECT "fecha" FROM ${TABLE} WHERE ${where} AND "fecha" > ? ORDER BY "fecha" DESC LIMIT 1 OFFSET ?`,
        [...bindings, since, max - 1],
      );
      const rows = (this.pg ? result.rows : result) as { fecha: unknown }[];
      return rows.length ? millis(rows[0].fecha) + this.windowMs - now : 0;
    };
    const wait = Math.max(await nth('"ip" = ? AND "usuario" = ?', [ip, key], maxPerUsuario), await nth('"ip" = ?', [ip], maxPerIp));
    // A window that emptied between the two statements still answers a wait, never «0».
    return Math.max(1, Math.ceil(wait / 1000));
  }

  private async purge(now: number) {
    if (now - this.lastPurge < PURGE_INTERVAL_MS) return;
    this.lastPurge = now;
    await this.db.raw(`DELETE FROM ${TABLE} WHERE "fecha" <= ?`, [new Date(now - this.windowMs).toISOString()]);
  }
}
