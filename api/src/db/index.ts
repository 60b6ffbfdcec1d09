// One Knex instance per process, configured for the dialect in use.
import type Database from 'better-sqlite3';
import knex, { type Knex } from 'knex';
import pg from 'pg';
import type { Config } from '../config/index.js';
import { testRegexp } from './regexp.js';
import { foldTexto } from './pliegue.js';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

const { INT8, NUMERIC, TIMESTAMPTZ } = pg.types.builtins;

// What a UTC session prints for a timestamptz(3): `2026-03-01 10:00:00.12+00` (trailing zeros
// of the fraction dropped, no fraction at all on a whole second).
const PG_UTC_TIMESTAMP = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

/**
 * A timestamptz as the API's ISO-8601 string, straight from its text: parsing it into a Date only
 * to print it again cost more than the query's own work on a page of 25 rows (three per row).
 * Anything unusual (BC, year 10000) goes through pg's own parser.
 */
export function timestamptzToIso(text: string): string {
  const m = PG_UTC_TIMESTAMP.exec(text);
  if (!m) return (pg.types.getTypeParser(TIMESTAMPTZ, 'text')(text) as Date).toISOString();
  return `${m[1]}T${m[2]}.${(m[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
}

/**
 * The API's own reading of PostgreSQL values, set on its connections only: COUNT(*) and SUM()
 * arrive as int8/numeric strings and every number we handle fits a double, so they are numbers
 * as on SQLite; date-times are ISO strings as on SQLite.
 */
const apiTypes = {
  getTypeParser(oid: number, format?: string) {
    if (format === 'binary') return pg.types.getTypeParser(oid, 'binary');
    if (oid === INT8 || oid === NUMERIC) return (v: string) => Number(v);
    if (oid === TIMESTAMPTZ) return timestamptzToIso;
    return pg.types.getTypeParser(oid, 'text');
  },
};

export type Db = Knex;

/**
 * SQLite's REGEXP operator, which has no built-in implementation. The pattern is parseRegexp's
 * canonical one, run by a linear-time engine: a backtracking RegExp here would hold the whole
 * process on one hostile pattern.
 */
function sqliteRegexp(pattern: string, value: unknown): number {
  if (value === null || value === undefined) return 0;
  return testRegexp(pattern, String(value)) ? 1 : 0;
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Knex prepares every query again on better-sqlite3, which costs as much as a short indexed read.
 * The API sends a few shapes of SQL over and over (values are bindings), so the connection keeps
 * the most recent prepared statements. Safe because Knex only ever runs them with all()/run(),
 * which finish before anything else can touch the statement.
 */
function cachePreparedStatements(conn: { prepare(sql: string): any }) {
  const prepare = conn.prepare.bind(conn);
  const cache = new Map<string, unknown>();
  conn.prepare = (sql: string) => {
    let statement = cache.get(sql);
    if (statement) {
      // Map keeps insertion order: re-inserting marks it most recently used.
      cache.delete(sql);
    } else {
      statement = prepare(sql);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    }
    cache.set(sql, statement);
    return statement;
  };
}

/** What every SQLite connection of the API needs: Knex's (the writer's) and the reader's. */
export function configureSqliteConnection(conn: Database.Database) {
  conn.pragma('busy_timeout = 5000');
  conn.function('regexp', { deterministic: true }, sqliteRegexp);
  // Search folding for ilike (db/pliegue.ts): SQLite's lower() only folds ASCII («Á» stays «Á»)
  // and keeps accents; PostgreSQL has the same function under the same name.
  conn.function('pliegue', { deterministic: true }, (v: unknown) => (typeof v === 'string' ? foldTexto(v) : v));
  cachePreparedStatements(conn);
}

// Knex's own SQLite client and transaction, which its package exports only as files.
const require = createRequire(import.meta.url);
const ClientBetterSqlite3: typeof Knex.Client = require('knex/lib/dialects/better-sqlite3/index.js');
const TransactionSqlite: new (...args: unknown[]) => Knex.Transaction & { query(conn: unknown, sql: string): Promise<unknown> } = require('knex/lib/dialects/sqlite3/execution/sqlite-transaction.js');

/**
 * Every write transaction takes the write lock when it begins. Knex begins deferred, and the
 * API's writes read before they update (the version, the row's rules): with several processes
 * on one file (WORKERS), a transaction whose read snapshot another process's commit made stale
 * can never become the writer, and SQLite refuses it at once, «database is locked» without
 * waiting out busy_timeout. Begun IMMEDIATE, it waits for the lock with busy_timeout instead,
 * and reads only what is current once it holds it. The reads outside a write have their own
 * connection (db/reader.ts) and never take it. A nested transaction is a savepoint, as before.
 */
class TransaccionInmediata extends TransactionSqlite {
  begin(conn: unknown) {
    return this.query(conn, 'BEGIN IMMEDIATE;');
  }
}

class ClienteSqlite extends ClientBetterSqlite3 {
  transaction(container: unknown, config: unknown, outerTx: unknown) {
    return new TransaccionInmediata(this, container, config, outerTx);
  }
}

export function createDb(database: Config['database']): Db {
  if (database.dialect === 'sqlite') {
    const filename = database.filename!;
    if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true });
    return knex({
      client: ClienteSqlite,
      connection: { filename },
      useNullAsDefault: true,
      pool: {
        min: 1,
        max: 1,
        afterCreate(conn: Database.Database, done: (err: Error | null, conn: unknown) => void) {
          // WAL lets readers run beside the writer; synchronous=NORMAL in WAL mode keeps every
          // committed transaction across a process crash (only an OS crash can lose the tail).
          conn.pragma('journal_mode = WAL');
          conn.pragma('synchronous = NORMAL');
          conn.pragma('foreign_keys = ON');
          configureSqliteConnection(conn);
          done(null, conn);
        },
      },
    });
  }
  return knex({
    client: 'pg',
    connection: {
      connectionString: database.connectionString,
      types: apiTypes,
      // Fail fast while PostgreSQL is down so /health answers 503 instead of hanging.
      connectionTimeoutMillis: 3000,
    },
    searchPath: database.schema ? [database.schema] : undefined,
    pool: {
      min: 0,
      max: 10,
      acquireTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
      // The informes bind their ranges from a VALUES list, which leaves the planner guessing
      // millions of rows, so PostgreSQL JIT-compiles them, and the compiling took longer than the
      // query then ran (bench/RESULTADOS.md). Nothing this API asks is long enough to repay a JIT.
      // Reads are prepared statements (db/reader.ts): each is still planned for its own values,
      // never with a generic plan that fits the usual filter and not a rare one.
      // UTC and ISO output are what timestamptzToIso reads, whatever the server's defaults.
      afterCreate(conn: pg.Client, done: (err: Error | null, conn: pg.Client) => void) {
        conn.query("SET jit = off; SET plan_cache_mode = force_custom_plan; SET TIME ZONE 'UTC'; SET datestyle = 'ISO, YMD'").then(
          () => done(null, conn),
          (err: Error) => done(err, conn),
        );
      },
    },
    acquireConnectionTimeout: 5000,
  });
}

export const isPg = (db: Db) => db.client.config.client === 'pg';
