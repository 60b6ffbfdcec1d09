// Informes sum a year of pagos at a time. With an index on (estado, fecha) alone, every one of
// those rows costs a lookup in the table for its importe or cursoId; with the columns the reports
// read in the index itself, the database answers from the index (SQLite "COVERING INDEX",
// PostgreSQL "Index Only Scan"). `id` follows fecha so that lists ordered by fecha, id (the
// API's stable order) are still read straight from the index, as they were.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pagos', (t) => {
    t.dropIndex(['estado', 'fecha']);
    t.dropIndex(['metodo', 'fecha']);
    t.index(['estado', 'fecha', 'id', 'importe', 'cursoId', 'facturaId'], 'pagos_estado_fecha_cubriente');
    t.index(['metodo', 'fecha', 'id', 'estado', 'importe'], 'pagos_metodo_fecha_cubriente');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pagos', (t) => {
    t.dropIndex([], 'pagos_estado_fecha_cubriente');
    t.dropIndex([], 'pagos_metodo_fecha_cubriente');
    t.index(['estado', 'fecha']);
    t.index(['metodo', 'fecha']);
  });
}
