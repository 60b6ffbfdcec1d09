// What the payment gateways send (docs/arquitectura.md §20).
// - `notificaciones`: each gateway event once, by (pasarela, eventoId): its type, what Aula did
//   with it (`procesada`, `ignorada`, `rechazada`) and why, the pago it touched and the verified
//   event itself (for the contable, and to process it again). The unique key is what makes a
//   redelivery, or two deliveries at once, one.
// - `pagos.pasarela`: the gateway that took the money (stripe, redsys; none: a person typed it);
//   `pagos.enDisputa`: the customer disputed the charge with their bank.
// - `reembolsos.referencia`: the gateway's id of a refund (Stripe's `re_…`), recorded once.
import type { Knex } from 'knex';
import { disparadorVersion } from '../api/src/db/versiones.js';

const dateTime = (t: Knex.CreateTableBuilder, name: string) => t.timestamp(name, { useTz: true, precision: 3 });

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('notificaciones', (t) => {
    t.increments('id').primary();
    t.string('pasarela', 20).notNullable();
    t.string('eventoId', 255).notNullable();
    t.string('tipo', 100).notNullable();
    t.string('estado', 12).notNullable();
    t.string('motivo', 1000);
    t.integer('pagoId').references('id').inTable('pagos');
    t.text('evento');
    dateTime(t, 'createdAt').notNullable();
    dateTime(t, 'updatedAt').notNullable();
    t.integer('version').notNullable().defaultTo(1);
    t.unique(['pasarela', 'eventoId']);
    t.index(['pagoId']);
    t.index(['createdAt']);
  });
  await disparadorVersion(knex, 'notificaciones');
  // Plain columns (no foreign key): ADD COLUMN on both databases, the tables and triggers kept.
  await knex.schema.alterTable('pagos', (t) => {
    t.string('pasarela', 20);
    t.boolean('enDisputa').notNullable().defaultTo(false);
  });
  await knex.schema.alterTable('reembolsos', (t) => {
    t.string('referencia', 255);
    t.unique(['referencia']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('reembolsos', (t) => {
    t.dropUnique(['referencia']);
  });
  await knex.raw('ALTER TABLE "reembolsos" DROP COLUMN "referencia"');
  await knex.raw('ALTER TABLE "pagos" DROP COLUMN "enDisputa"');
  await knex.raw('ALTER TABLE "pagos" DROP COLUMN "pasarela"');
  await knex.schema.dropTableIfExists('notificaciones');
}
