// The VeriFactu sender's generation: `verifactu.generacion` is bumped by every sender
// that takes the lock, in the transaction that recovers what its predecessor left in flight, and
// every write of a sender checks first that it is still the generation it took. A sender that lost
// its lock (a dropped PostgreSQL connection, a lapsed SQLite lease) while a message was out thus
// neither sends another nor applies its answer over its successor's state.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('verifactu', (t) => {
    t.integer('generacion').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('verifactu', (t) => {
    t.dropColumn('generacion');
  });
}
