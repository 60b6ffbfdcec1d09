// Lawful invoicing (docs/arquitectura.md §11): the invoice's kind and the issuer as it was at issue, a counter
// row per serie (locked by each emission: numbers without gaps, never MAX()+1), one row per
// issuer's VeriFactu chain (locked while a record is appended) and the append-only records.
// Refunds get their own date, so reports count a refund on the day it happened.
//
// Existing data is made consistent here where it needs no configuration (kinds, counters,
// refund dates); the records of invoices issued before this migration are written at start-up
// with the configured issuer (api/src/resources/facturas/cadena.ts, encadenarEmitidas).
import type { Knex } from 'knex';

const dateTime = (t: Knex.CreateTableBuilder | Knex.AlterTableBuilder, name: string) => t.timestamp(name, { useTz: true, precision: 3 });

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('facturas', (t) => {
    t.string('tipo', 2);
    t.string('emisorNif', 20);
    t.string('emisorNombre', 200);
    t.string('emisorDomicilio', 500);
    t.string('motivoRectificacion', 500);
  });
  await knex.schema.alterTable('pagos', (t) => {
    dateTime(t, 'fechaReembolso');
    t.index(['fechaReembolso']);
  });

  await knex.schema.createTable('contadores', (t) => {
    t.string('serie', 20).primary();
    t.integer('ultimoNumero').notNullable();
    dateTime(t, 'ultimaFecha');
  });
  await knex.schema.createTable('cadenas', (t) => {
    t.string('emisorNif', 20).primary();
  });
  await knex.schema.createTable('registros', (t) => {
    t.increments('id').primary();
    t.string('tipo', 10).notNullable();
    t.integer('facturaId').notNullable();
    t.foreign('facturaId').references('id').inTable('facturas').onDelete('RESTRICT').onUpdate('RESTRICT');
    t.string('idEmisorFactura', 20).notNullable();
    t.string('numSerieFactura', 60).notNullable();
    t.string('fechaExpedicionFactura', 10).notNullable();
    t.string('tipoFactura', 2);
    t.string('cuotaTotal', 20);
    t.string('importeTotal', 20);
    t.string('huellaAnterior', 64).notNullable();
    t.string('fechaHoraHusoGenRegistro', 25).notNullable();
    t.string('huella', 64).notNullable().unique();
    dateTime(t, 'createdAt').notNullable();
    dateTime(t, 'updatedAt').notNullable();
    t.index(['facturaId', 'tipo']);
    t.index(['idEmisorFactura', 'id']);
  });

  // Kinds of the invoices already there: a rectificativa corrects for another reason than the
  // art. 80 ones unless told (R4), or R5 when it corrects a simplified invoice; an invoice with
  // the client's NIF is complete (F1), one without is simplified (F2).
  await knex('facturas').whereNull('rectificaId').whereNotNull('clienteNif').whereNot('clienteNif', '').update({ tipo: 'F1' });
  await knex('facturas').whereNull('rectificaId').whereNull('tipo').update({ tipo: 'F2' });
  await knex('facturas')
    .whereNotNull('rectificaId')
    .update({ tipo: knex.raw(`CASE WHEN (SELECT o."tipo" FROM "facturas" o WHERE o."id" = "facturas"."rectificaId") = 'F2' THEN 'R5' ELSE 'R4' END`) });

  const numeradas = (await knex('facturas').whereNotNull('numero').groupBy('serie').select('serie').max({ ultimoNumero: 'numero' }).max({ ultimaFecha: 'fecha' })) as {
    serie: string;
    ultimoNumero: number | string;
    ultimaFecha: string | Date | null;
  }[];
  for (const n of numeradas) await knex('contadores').insert({ serie: n.serie, ultimoNumero: Number(n.ultimoNumero), ultimaFecha: n.ultimaFecha });

  // Refunded before refunds had a date: the last change of the pago is when it was refunded.
  await knex('pagos').where('estado', 'reembolsado').update({ fechaReembolso: knex.ref('updatedAt') });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('registros');
  await knex.schema.dropTableIfExists('cadenas');
  await knex.schema.dropTableIfExists('contadores');
  await knex.schema.alterTable('pagos', (t) => {
    t.dropIndex(['fechaReembolso']);
    t.dropColumn('fechaReembolso');
  });
  await knex.schema.alterTable('facturas', (t) => {
    for (const c of ['tipo', 'emisorNif', 'emisorNombre', 'emisorDomicilio', 'motivoRectificacion']) t.dropColumn(c);
  });
}
