// Running the reads. On SQLite they get a connection of their own, beside Knex's single one:
// WAL lets it read while a write transaction is open on the other (a list never waits for a
// write), it only ever sees committed rows, and a read is one synchronous call with no pool
// to queue in. On PostgreSQL they are prepared statements on a connection of Knex's pool. Reads
// inside a write transaction stay on that transaction's connection.
import Database from 'better-sqlite3';
import type { Knex } from 'knex';
import pg from 'pg';
import { configureSqliteConnection, isPg, type Db } from './index.js';

export type Row = Record<string, unknown>;

const readers = new WeakMap<Db, Database.Database>();

/** The SQLite file behind a Knex instance, or undefined where a second connection cannot share it. */
function sqliteFile(db: Db): string | undefined {
  const filename = (db.client.config.connection as { filename?: string } | undefined)?.filename;
  return filename && filename !== ':memory:' && !filename.startsWith('file::memory:') ? filename : undefined;
}

function readerFor(db: Db): Database.Database | undefined {
  let reader = readers.get(db);
  if (reader?.open) return reader;
  const filename = sqliteFile(db);
  if (!filename) return undefined;
  // Opened on the first read, after the migrations have made the file.
  reader = new Database(filename, { fileMustExist: true });
  reader.pragma('query_only = ON');
  configureSqliteConnection(reader);
  readers.set(db, reader);
  closeWith(db);
  return reader;
}

const wrapped = new WeakSet<Db>();

/** The read connection closes when the database does: db.destroy() ends in its client's. */
function closeWith(db: Db) {
  if (wrapped.has(db)) return;
  wrapped.add(db);
  const client = db.client as { destroy(callback?: unknown): Promise<void> };
  const destroy = client.destroy.bind(client);
  client.destroy = (callback?: unknown) => {
    readers.get(db)?.close();
    readers.delete(db);
    return destroy(callback);
  };
}

interface PgStatement {
  /** With PostgreSQL's `$1…$n` placeholders. */
  text: string;
  /** Prepared once per connection under this name, then only bound and run. */
  name?: string;
}

/**
 * Each connection keeps its prepared statements until it closes, so only this many shapes of
 * read get a name; any other is sent unnamed. The API's own lists and records come first and
 * recur; the rest is one filter an administrator tried once.
 */
export const MAX_PREPARED = 200;
const statements = new Map<string, PgStatement>();

/**
 * A read as PostgreSQL receives it. Only for the SQL this API writes, where every value is bound
 * and no literal holds a `?`. Parsing the same text again on every call cost more than Knex and
 * HTTP (bench/RESULTADOS.md: a record by id, named against unnamed). EXPLAIN
 * is left unnamed: it is not a plannable statement to keep.
 */
function pgStatement(sql: string): PgStatement {
  let statement = statements.get(sql);
  if (statement) return statement;
  let n = 0;
  const text = sql.replace(/\?/g, () => `$${++n}`);
  if (statements.size >= MAX_PREPARED || /^\s*EXPLAIN\b/i.test(sql)) return { text };
  statement = { text, name: `aula_${statements.size}` };
  statements.set(sql, statement);
  return statement;
}

/**
 * Asks PostgreSQL to stop whatever the connection is running, as psql's Ctrl-C does: a cancel
 * request on a connection of its own, so it works with the pool exhausted. Resolves once the
 * server has taken it (it closes that connection): after that, the cancel cannot reach a later
 * query on the same connection, which may then go back to the pool.
 */
function cancelConsulta(client: pg.PoolClient): Promise<void> {
  const { host, port, processID, secretKey } = client as unknown as { host: string; port: number; processID: number; secretKey: number };
  // The protocol's CancelRequest, which pg's Connection sends but its types do not declare.
  const con = new pg.Connection() as pg.Connection & { connect(...to: unknown[]): void; cancel(pid: number, key: number): void };
  return new Promise((resolve) => {
    con.once('connect', () => con.cancel(processID, secretKey));
    con.once('end', () => resolve());
    con.once('error', () => resolve());
    if (host.startsWith('/')) con.connect(`${host}/.s.PGSQL.${port}`);
    else con.connect(port, host);
  });
}

/** What may stop a read (its budget, rest/presupuesto.ts). */
export interface Vigilancia {
  /** Throws why the read must stop, if it must. */
  check(): void;
  /** Calls `cancel` if the read must stop while its query runs; the answer stops watching. */
  watch(cancel: () => void): () => void;
}

/**
 * The rows of one SELECT written with `?` placeholders. `vigilancia` (a read's budget) cancels a
 * PostgreSQL query in flight, and the read throws its reason; a SQLite read is one synchronous
 * call that cannot be interrupted, so it is only checked before it starts.
 */
export async function readRows(conn: Db | Knex.Transaction, sql: string, bindings: unknown[], vigilancia?: Vigilancia): Promise<Row[]> {
  vigilancia?.check();
  if (conn.isTransaction) return rowsOf(conn, await conn.raw(sql, bindings as Knex.RawBinding[]));
  const db = conn as Db;
  // Announced as Knex announces its own, so whoever watches the queries (the bench) sees these.
  db.emit('query', { sql, bindings, method: 'select' });
  if (isPg(db)) {
    // A connection from Knex's own pool, without its query runner, which cannot name a statement.
    const client = (await db.client.acquireConnection()) as pg.PoolClient;
    let cancelada: Promise<void> | undefined;
    const cancel = () => {
      cancelada = cancelConsulta(client);
    };
    const unwatch = vigilancia?.watch(cancel);
    try {
      vigilancia?.check();
      return (await client.query({ ...pgStatement(sql), values: bindings })).rows;
    } catch (err) {
      // «canceling statement due to user request» is ours: the budget's reason is the answer.
      vigilancia?.check();
      throw err;
    } finally {
      unwatch?.();
      if (cancelada) await cancelada;
      await db.client.releaseConnection(client);
    }
  }
  const reader = readerFor(db);
  if (reader) return reader.prepare(sql).all(bindings) as Row[];
  return rowsOf(db, await db.raw(sql, bindings as Knex.RawBinding[]));
}

const rowsOf = (conn: Db | Knex.Transaction, result: { rows?: Row[] } | Row[]) => (isPg(conn as Db) ? (result as { rows: Row[] }).rows : (result as Row[]));

/** Rows a PostgreSQL cursor fetches at a time: a few hundred kilobytes of an export in flight. */
const CURSOR_BATCH = 1000;

/**
 * The rows of one SELECT one at a time, for results too large to hold (a whole table's export).
 * PostgreSQL reads through a cursor (pg-query-stream, via Knex); SQLite through a connection of
 * its own, since an open iterator keeps its connection busy and the shared reader must not wait
 * for an export. Stopping early (`return()`, as a closed download does) closes the cursor and
 * frees the connection.
 */
export async function* streamRows(db: Db, sql: string, bindings: unknown[]): AsyncGenerator<Row> {
  const filename = isPg(db) ? undefined : sqliteFile(db);
  if (!filename) {
    // Knex streams PostgreSQL for real; an in-memory SQLite database it reads whole, which only tests use.
    yield* db.raw(sql, bindings as Knex.RawBinding[]).stream({ batchSize: CURSOR_BATCH, highWaterMark: 3 * CURSOR_BATCH }) as AsyncIterable<Row>;
    return;
  }
  const conn = new Database(filename, { readonly: true, fileMustExist: true });
  try {
    configureSqliteConnection(conn);
    db.emit('query', { sql, bindings, method: 'select' });
    yield* conn.prepare(sql).iterate(bindings) as IterableIterator<Row>;
  } finally {
    conn.close();
  }
}
