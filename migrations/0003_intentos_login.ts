// Login attempts move from each process's memory into the database, so that the throttle holds
// across API processes and machines (docs/arquitectura.md §12) and can be checked and counted in one atomic
// statement. `usuario` is the SHA-256 of the case-folded name typed: the table never holds what
// was typed (people type passwords into the wrong field) and any text fits the column.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('intentosLogin', (t) => {
    t.increments('id').primary();
    t.string('ip', 64).notNullable();
    t.string('usuario', 64).notNullable();
    t.timestamp('fecha', { useTz: true, precision: 3 }).notNullable();
    t.index(['ip', 'usuario', 'fecha']);
    t.index(['ip', 'fecha']);
    t.index(['fecha']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('intentosLogin');
}
