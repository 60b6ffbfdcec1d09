// Second-factor codes get a throttle of their own (issue 29, item 1; docs/arquitectura.md §4):
// counted apart from passwords, so a right password no longer forgives wrong codes, and per
// account as well as per address. The account is its id (the code is asked of a session, which
// knows it); its attempts go with it.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('intentosCodigo', (t) => {
    t.increments('id').primary();
    t.integer('loginId').notNullable();
    t.foreign('loginId').references('id').inTable('logins').onDelete('CASCADE').onUpdate('RESTRICT');
    t.string('ip', 64).notNullable();
    t.timestamp('fecha', { useTz: true, precision: 3 }).notNullable();
    t.index(['loginId', 'ip', 'fecha']);
    t.index(['ip', 'fecha']);
    t.index(['fecha']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('intentosCodigo');
}
