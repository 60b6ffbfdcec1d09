// Bulk enrolments (docs/arquitectura.md §22): one row per «matricular» or «revocar» run over many
// usuarios at once, which a job of the runner works through in batches. The usuarios it covers
// are fixed when it is launched (`usuarioIds`, JSON); its counters and refused rows grow as each
// batch commits, so the administrator can leave and come back to its summary.
import type { Knex } from 'knex';
import { disparadorVersion } from '../api/src/db/versiones.js';

const dateTime = (t: Knex.CreateTableBuilder, name: string) => t.timestamp(name, { useTz: true, precision: 3 });

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('lotes', (t) => {
    t.increments('id').primary();
    t.string('accion', 10).notNullable();
    t.integer('cursoId').notNullable().references('id').inTable('cursos');
    dateTime(t, 'hasta');
    t.string('motivo', 500);
    t.string('estado', 12).notNullable();
    t.integer('total').notNullable();
    t.integer('procesados').notNullable().defaultTo(0);
    t.integer('hechas').notNullable().defaultTo(0);
    t.integer('saltadas').notNullable().defaultTo(0);
    t.integer('rechazadas').notNullable().defaultTo(0);
    t.text('usuarioIds').notNullable();
    t.text('errores');
    t.integer('loginId').references('id').inTable('logins');
    dateTime(t, 'terminadoEn');
    dateTime(t, 'createdAt').notNullable();
    dateTime(t, 'updatedAt').notNullable();
    t.integer('version').notNullable().defaultTo(1);
    t.index(['cursoId']);
    t.index(['loginId']);
    t.index(['createdAt']);
  });
  await disparadorVersion(knex, 'lotes');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('lotes');
}
