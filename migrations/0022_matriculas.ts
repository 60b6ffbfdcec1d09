// Enrolments (docs/arquitectura.md §22): who may watch which curso until when.
// - `matriculas`: one grant of a curso to a usuario, from `desde` until `hasta` (none: for ever),
//   how it came (`origen`), the pago that bought it, and its revocation (who, when, why).
//   At most one `activa` per usuario and curso: a partial unique index, the same statement on
//   SQLite and PostgreSQL, so two completions at once cannot both create one.
// - `cursos.accesoDias`: how many days a purchase gives (none: for ever).
import type { Knex } from 'knex';
import { disparadorVersion } from '../api/src/db/versiones.js';

const dateTime = (t: Knex.CreateTableBuilder, name: string) => t.timestamp(name, { useTz: true, precision: 3 });

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('cursos', (t) => {
    t.integer('accesoDias');
  });
  await knex.schema.createTable('matriculas', (t) => {
    t.increments('id').primary();
    t.integer('usuarioId').notNullable().references('id').inTable('usuarios');
    t.integer('cursoId').notNullable().references('id').inTable('cursos');
    dateTime(t, 'desde').notNullable();
    dateTime(t, 'hasta');
    t.string('estado', 10).notNullable().defaultTo('activa');
    t.string('origen', 12).notNullable().defaultTo('manual');
    t.integer('pagoId').references('id').inTable('pagos');
    t.boolean('enDisputa').notNullable().defaultTo(false);
    dateTime(t, 'revocadaEn');
    t.integer('revocadaPor').references('id').inTable('logins');
    t.string('motivoRevocacion', 500);
    dateTime(t, 'createdAt').notNullable();
    dateTime(t, 'updatedAt').notNullable();
    t.integer('version').notNullable().defaultTo(1);
    t.index(['usuarioId', 'cursoId']);
    t.index(['cursoId', 'estado']);
    t.index(['estado', 'hasta']);
    t.index(['pagoId']);
    t.index(['revocadaPor']);
    t.index(['createdAt']);
  });
  await knex.raw(`CREATE UNIQUE INDEX matriculas_una_activa ON matriculas ("usuarioId", "cursoId") WHERE estado = 'activa'`);
  await disparadorVersion(knex, 'matriculas');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('matriculas');
  await knex.schema.alterTable('cursos', (t) => {
    t.dropColumn('accesoDias');
  });
}
