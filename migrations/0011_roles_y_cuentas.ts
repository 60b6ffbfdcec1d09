// Accounts of a team (docs/arquitectura.md §4):
// - `logins.rol`: what the account may do (administrador, contable, editor; the API's access
//   rules name them). Every account that existed could do everything: it stays administrador.
// - `logins.debeCambiarPass`: set when an administrador resets a password; the account must
//   choose its own before anything else.
// - `totp`: an account's second factor (RFC 6238), in a table of its own so that no read of
//   `logins` ever touches the secret: the shared secret, when it was confirmed (null while
//   enrolling), and the last time step accepted, so a code is never accepted twice.
// - `sesiones.fase`: a session that is not yet a whole one: waiting for the second factor
//   (`codigo`) or allowed only to enrol in it (`enrolar`) or to change its password
//   (`cambiarPass`). `sesiones.ip` and `dispositivo` let an account see where it is signed in.
// - `codigos_recuperacion`: the ten single-use recovery codes of an account, hashed.
import type { Knex } from 'knex';

const dateTime = (t: Knex.CreateTableBuilder | Knex.AlterTableBuilder, name: string) => t.timestamp(name, { useTz: true, precision: 3 });

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('logins', (t) => {
    t.string('rol', 20).notNullable().defaultTo('administrador');
    t.boolean('debeCambiarPass').notNullable().defaultTo(false);
  });
  await knex.schema.createTable('totp', (t) => {
    t.integer('loginId').primary();
    t.foreign('loginId').references('id').inTable('logins').onDelete('CASCADE').onUpdate('RESTRICT');
    t.string('secreto', 64).notNullable();
    dateTime(t, 'activadoEn');
    t.bigInteger('ultimoPaso');
    dateTime(t, 'createdAt').notNullable();
  });
  await knex.schema.alterTable('sesiones', (t) => {
    t.string('fase', 12);
    t.string('ip', 45);
    t.string('dispositivo', 300);
  });
  await knex.schema.createTable('codigos_recuperacion', (t) => {
    t.increments('id').primary();
    t.integer('loginId').notNullable();
    t.foreign('loginId').references('id').inTable('logins').onDelete('CASCADE').onUpdate('RESTRICT');
    t.string('hash', 64).notNullable();
    dateTime(t, 'usadoEn');
    dateTime(t, 'createdAt').notNullable();
    t.index(['loginId']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('codigos_recuperacion');
  await knex.schema.dropTableIfExists('totp');
  await knex.schema.alterTable('sesiones', (t) => {
    t.dropColumn('fase');
    t.dropColumn('ip');
    t.dropColumn('dispositivo');
  });
  await knex.schema.alterTable('logins', (t) => {
    t.dropColumn('rol');
    t.dropColumn('debeCambiarPass');
  });
}
