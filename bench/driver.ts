// The bare drivers the API's figures are compared with: better-sqlite3 with statements prepared
// once, and a pg Pool of 10 (the API's Knex pool size). Both take SQL written with `?`.
import Database from 'better-sqlite3';
import pg from 'pg';
import { foldTexto } from '../api/src/db/pliegue.js';

export type Row = Record<string, unknown>;

export interface Driver {
  dialect: 'sqlite' | 'pg';
  query(sql: string, params: unknown[]): Promise<Row[]>;
  /** Statements run in order on one connection, as the API ran them for one call. */
  sequence(statements: { sql: string; params: unknown[] }[]): Promise<void>;
  /** The planner's answer, one line per plan node. */
  explain(sql: string, params: unknown[]): Promise<string[]>;
  close(): Promise<void>;
}

export function openSqlite(filename: string): Driver {
  const conn = new Database(filename, { readonly: true });
  // The search's folding is the schema's own function on SQLite too (migration 0009): the API's
  // SQL calls it, so the bare driver registers it as every connection of the API does.
  conn.function('pliegue', { deterministic: true }, (v: unknown) => (typeof v === 'string' ? foldTexto(v) : v));
  const statements = new Map<string, Database.Statement>();
  const prepared = (sql: string) => {
    let stmt = statements.get(sql);
    if (!stmt) statements.set(sql, (stmt = conn.prepare(sql)));
    return stmt;
  };
  // One connection, like the API's SQLite pool: concurrent callers queue for it in order, so
  // their latency includes the wait, as it does behind the API.
  let tail: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => T): Promise<T> => {
    const result = tail.then(fn);
    tail = result.catch(() => undefined);
    return result;
  };
  return {
    dialect: 'sqlite',
    query: (sql, params) => serial(() => prepared(sql).all(...params) as Row[]),
    sequence: (statements) =>
      serial(() => {
        for (const { sql, params } of statements) {
          const stmt = prepared(sql);
          if (stmt.reader) stmt.all(...params);
          else stmt.run(...params);
        }
      }),
    explain: async (sql, params) =>
      (conn.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail),
    close: async () => void conn.close(),
  };
}

/** `?` placeholders → `$1…$n`; the bench's SQL has no `?` inside literals. */
export function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/** `types` replaces pg's value parsers (ceiling.ts keeps date-times as the text PostgreSQL sends). */
export function openPg(connectionString: string, types?: pg.CustomTypesConfig): Driver {
  const pool = new pg.Pool({ connectionString, max: 10, types });
  // An idle connection killed from outside (a restart, pg_terminate_backend) must not end the
  // run: the pool replaces it, and calls that failed on it are counted as errors.
  pool.on('error', (err) => console.error(`pg (driver): ${err.message}`));
  return {
    dialect: 'pg',
    query: async (sql, params) => (await pool.query(numbered(sql), params)).rows,
    sequence: async (statements) => {
      const client = await pool.connect();
      try {
        for (const { sql, params } of statements) await client.query(numbered(sql), params);
      } catch (err) {
        // A statement stopped by the timeout its own transaction set (the API's count within its
        // budget) has answered as the API's did: the transaction is rolled back and that is all.
        if ((err as { code?: string }).code !== '57014') throw err;
        await client.query('ROLLBACK');
      } finally {
        client.release();
      }
    },
    explain: async (sql, params) =>
      (await pool.query(`EXPLAIN ${numbered(sql)}`, params)).rows.map((r: Row) => String(r['QUERY PLAN'])),
    close: () => pool.end(),
  };
}
