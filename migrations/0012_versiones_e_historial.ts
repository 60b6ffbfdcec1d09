// Saves that know what they overwrite, and every record's history (docs/arquitectura.md §17):
// - `<tabla>.version`: an integer that starts at 1 and the database bumps on each UPDATE
//   (api/src/db/versiones.ts); reads answer it as the ETag, writes with If-Match compare it.
// - `logs.cambios`: what a write changed, as JSON {campo: [antes, después]} (secrets only say
//   «cambiada»), and `logs.version`: the record's version the write left.
// - an index on logs (recurso, recursoId, id): a record's history is read newest first with one
//   index range, however many million rows the log holds.
import type { Knex } from 'knex';
import { disparadorVersion, dropDisparadorVersion, TABLAS_VERSIONADAS } from '../api/src/db/versiones.js';

export async function up(knex: Knex): Promise<void> {
  for (const tabla of TABLAS_VERSIONADAS) {
    await knex.schema.alterTable(tabla, (t) => {
      t.integer('version').notNullable().defaultTo(1);
    });
    await disparadorVersion(knex, tabla);
  }
  await knex.schema.alterTable('logs', (t) => {
    t.text('cambios');
    t.integer('version');
    t.index(['recurso', 'recursoId', 'id'], 'logs_recurso_historial');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('logs', (t) => {
    t.dropIndex(['recurso', 'recursoId', 'id'], 'logs_recurso_historial');
    t.dropColumn('cambios');
    t.dropColumn('version');
  });
  for (const tabla of TABLAS_VERSIONADAS) {
    await dropDisparadorVersion(knex, tabla);
    await knex.schema.alterTable(tabla, (t) => {
      t.dropColumn('version');
    });
  }
}
