// What the demo and scale seeds share: how values are written on each dialect, batched
// inserts, explicit ids (so rows can point at each other before they are inserted) and the
// invoice arithmetic.
import type { Knex } from 'knex';

export type Row = Record<string, string | number | boolean | null>;

export const isPgDb = (db: Knex) => db.client.config.client === 'pg';

export const DAY = 86_400_000;

export const iso = (ms: number) => new Date(ms).toISOString();

/** `now` moved back by whole calendar months (UTC). */
export function monthsBefore(now: Date, months: number): number {
  const d = new Date(now.getTime());
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.getTime();
}

/**
 * A value as the driver binds it: better-sqlite3 cannot bind JS booleans, so they become 1/0 on
 * SQLite (knex already does this for its own queries; raw prepared statements need it here).
 */
export function dbValue(value: unknown, sqlite: boolean): string | number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return sqlite ? (value ? 1 : 0) : (value as unknown as number);
  return value as string | number;
}

export function rowForDb(row: Row, sqlite: boolean): Row {
  if (!sqlite) return row;
  const out: Row = {};
  for (const k in row) out[k] = dbValue(row[k], true);
  return out;
}

/** Multi-row inserts of `size` rows (every row must carry the same keys). */
export async function insertBatches(db: Knex | Knex.Transaction, table: string, rows: Row[], size = 400) {
  const sqlite = !isPgDb(db as Knex);
  for (let i = 0; i < rows.length; i += size) {
    await db(table).insert(rows.slice(i, i + size).map((r) => rowForDb(r, sqlite)));
  }
}

/** The id the next row of `table` gets when ids are assigned by the seed. */
export async function nextId(db: Knex | Knex.Transaction, table: string): Promise<number> {
  const row = (await db(table).max({ m: 'id' }).first()) as { m: number | string | null } | undefined;
  return Number(row?.m ?? 0) + 1;
}

/**
 * After inserting explicit ids, PostgreSQL's sequences must move past them (SQLite's
 * AUTOINCREMENT already tracks the largest id ever inserted).
 */
export async function resetSequences(db: Knex | Knex.Transaction, tables: string[]) {
  if (!isPgDb(db as Knex)) return;
  for (const table of tables) {
    await db.raw(`SELECT setval(pg_get_serial_sequence(?, 'id'), GREATEST((SELECT MAX(id) FROM ??), 1), (SELECT MAX(id) FROM ??) IS NOT NULL)`, [
      `"${table}"`,
      table,
      table,
    ]);
  }
}
