// Leases are compared with the database's clock, not each process's: machines whose clocks
// differ by a few seconds would otherwise each read the other's lease as lapsed or as live.
// PostgreSQL's clock_timestamp() is the time of the statement (now() would be the transaction's
// start, earlier than a lock it waited for); SQLite is one machine, and its 'now' is that
// machine's, written as the ISO-8601 text every date is stored as there.
import type { Knex } from 'knex';
import { isPg } from '../db/index.js';

/** The database's time now, plus `masMs`, as an SQL expression for a query or a value. */
export function buildInstante(db: Knex | Knex.Transaction, masMs = 0): Knex.Raw {
  const ms = Math.round(masMs);
  if (isPg(db as Knex)) return ms ? db.raw(`(clock_timestamp() + ? * interval '1 millisecond')`, [ms]) : db.raw('clock_timestamp()');
  return ms ? db.raw(`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?)`, [`${ms >= 0 ? '+' : ''}${ms / 1000} seconds`]) : db.raw(`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`);
}
