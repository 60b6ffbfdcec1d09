// Informes count a refund on the day it was made (fechaReembolso), not on the day its pago was
// paid. Summing a year of refunds through the plain fechaReembolso index would cost a lookup in
// the table per refund for its importe and cursoId; this index holds them, so the database
// answers from the index alone, as it does for the payments themselves (0002). estado leads, as
// there: the reports ask for `estado = 'reembolsado'` and a range of fechaReembolso, and SQLite,
// without statistics, would rather take that equality on 0002's index than a range on another.
// Only refunded pagos are indexed, so it stays a few percent of the table.
import type { Knex } from 'knex';

const NOMBRE = 'pagos_reembolso_cubriente';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pagos', (t) => {
    t.index(['estado', 'fechaReembolso', 'id', 'importe', 'cursoId'], NOMBRE, { predicate: knex.whereRaw(`"estado" = 'reembolsado'`) });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pagos', (t) => {
    t.dropIndex([], NOMBRE);
  });
}
