// Running the reads. On SQLite they get a connection of their own, beside Knex's single one:
// WAL lets it read while a write transaction is open on the other (a list never waits for a
// write), it only ever sees committed rows, and a read is one synchronous call with no pool
// to queue in. Reads inside a write transaction stay on that transaction's connection.
import Database from 'better-sqlite3';
import type { Knex } from 'knex';
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

/** The rows of one SELECT written with `?` placeholders. */
export async function readRows(conn: Db | Knex.Transaction, sql: string, bindings: unknown[]): Promise<Row[]> {
  if (!conn.isTransaction && !isPg(conn as Db)) {
    const reader = readerFor(conn as Db);
    if (reader) {
      // Announced as Knex announces its own, so whoever watches the queries (the bench) sees these.
      (conn as Db).emit('query', { sql, bindings, method: 'select' });
      return reader.prepare(sql).all(bindings) as Row[];
    }
  }
  const result = await conn.raw(sql, bindings as Knex.RawBinding[]);
  return isPg(conn as Db) ? result.rows : result;
}

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
