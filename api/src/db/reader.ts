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
