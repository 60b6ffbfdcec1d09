// An account's recent activity-log rows, by the server's clock: what it wrote itself through
// POST /logs in the last window (their number is limited per account), and the PROHIBIDO row of
// a route it was refused in that window (repeated refusals raise its count instead of adding
// rows). `fecha` is the client's to give, within a day, so the window reads `createdAt`. The
// index takes the place of the one on `loginId` alone, which it leads with.
import type { Knex } from 'knex';

const NOMBRE = 'logs_cuenta_reciente';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('logs', (t) => {
    t.index(['loginId', 'createdAt'], NOMBRE);
    t.dropIndex(['loginId']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('logs', (t) => {
    t.index(['loginId']);
    t.dropIndex([], NOMBRE);
  });
}
