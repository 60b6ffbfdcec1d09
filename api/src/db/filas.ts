// The two row operations every layer writes the same way: take a row for the rest of the
// transaction, and insert a row and learn its id. Both hide what differs between the databases.
import type { Knex } from 'knex';
import { isPg } from './index.js';

type Row = Record<string, any>;
type Trx = Knex | Knex.Transaction;

/**
 * The first row of `table` matching `where`, locked until the transaction ends. PostgreSQL takes a
 * row lock (FOR UPDATE); SQLite needs none, since it runs one write transaction at a time.
 */
export async function lockRow(trx: Trx, table: string, where: Row, ...columns: string[]): Promise<Row | undefined> {
  const qb = trx(table).where(where).first(...(columns.length ? columns : ['*']));
  if (isPg(trx as Knex)) qb.forUpdate();
  return (await qb) as Row | undefined;
}

/** Inserts one row and answers its id: pg returns `{ id }` objects, SQLite the bare value. */
export async function insertId(trx: Trx, table: string, row: Row): Promise<number> {
  const [inserted] = await trx(table).insert(row).returning('id');
  return Number(typeof inserted === 'object' ? inserted.id : inserted);
}
