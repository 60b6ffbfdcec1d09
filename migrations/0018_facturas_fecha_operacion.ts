// facturas.fechaOperacion (issue 29, item 10): when the operation took place, if not on the day
// of issue (RD 1619/2012 arts. 6.1.f and 7.1.f; VeriFactu's FechaOperacion): the pago's fecha for
// an invoice of a pago. Invoices already issued keep none: what was issued is not rewritten.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('facturas', (t) => {
    t.timestamp('fechaOperacion', { useTz: true, precision: 3 });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('facturas', (t) => {
    t.dropColumn('fechaOperacion');
  });
}
