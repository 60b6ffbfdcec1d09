// The media library (docs/arquitectura.md §7): one row per uploaded file, from the moment its tus upload is
// created. `ruta` is what clases.video, clases.miniatura and cursos.foto hold; it is unique
// so a record's path names exactly one file.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('archivos', (t) => {
    t.increments('id').primary();
    t.string('subida', 64).unique();
    t.string('carpeta', 10).notNullable();
    t.string('ruta', 200).unique();
    t.string('nombre', 255);
    t.string('tipo', 100);
    t.bigInteger('tamano');
    t.string('sha256', 64);
    t.integer('duracion');
    t.integer('ancho');
    t.integer('alto');
    t.string('miniatura', 200);
    t.string('estado', 12).notNullable().defaultTo('subiendo');
    t.string('error', 500);
    t.timestamp('createdAt', { useTz: true, precision: 3 }).notNullable();
    t.timestamp('updatedAt', { useTz: true, precision: 3 }).notNullable();
    t.index(['estado', 'updatedAt']);
    t.index(['carpeta', 'createdAt']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('archivos');
}
