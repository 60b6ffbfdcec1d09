// Refunds as they happen, and invoices corrected by substitution:
// - `reembolsos`: one row per refund (partial ones too), written only by the server, never
//   changed: its pago, amount, reason, date, the rectificativa it issued and who made it. The
//   reports sum refunds from here, by their own date, so this index holds what they read.
// - pagos.importeReembolsado: how much of the pago has gone back so far.
// - facturas.tipoRectificativa ('I' por diferencias, 'S' por sustitución; VeriFactu's L3) and,
//   for a substitute, baseRectificada/cuotaRectificada: the amounts of the invoice it replaces.
// - facturas.rectificadaPorId: its latest rectificativa, so a list can say «Rectificada» without
//   asking for each row. A plain column, no foreign key: SQLite adds or drops one only by
//   rebuilding the table, which its foreign keys forbid inside a migration's transaction once
//   pagos and registros point at it; the server alone writes it, and rectificativas are never deleted.
//
// Existing data is brought into the new model here: every refunded pago gets its refund row (the
// whole importe, on its fechaReembolso, tied to the rectificativa its refund issued), every
// rectificativa so far was por diferencias, and a completed pago whose invoice was cancelled to
// zero without a refund loses the link to it: it has no invoice in force, so it can be invoiced.
// The partial index of refunded pagos (0006) served the reports' old refund sums; it goes.
import type { Knex } from 'knex';

const dateTime = (t: Knex.CreateTableBuilder | Knex.AlterTableBuilder, name: string) => t.timestamp(name, { useTz: true, precision: 3 });

function fk(t: Knex.CreateTableBuilder | Knex.AlterTableBuilder, name: string, table: string, required = false) {
  const col = t.integer(name);
  if (required) col.notNullable();
  t.foreign(name).references('id').inTable(table).onDelete('RESTRICT').onUpdate('RESTRICT');
}

/**
 * A refund row for each pago refunded whole that has none (refunded before refunds had rows of
 * their own, or written in bulk by the scale generator): dated when the pago was refunded,
 * linked to the rectificativa its refund issued, which named the pago in its motivo.
 */
export async function reembolsosDePagosReembolsados(knex: Knex | Knex.Transaction): Promise<void> {
  const motivo = `'Reembolso del pago ' || CAST(p."id" AS TEXT)`;
  const pagos = knex('pagos as p')
    .where('p.estado', 'reembolsado')
    .whereNotExists(knex('reembolsos as r').whereRaw('r."pagoId" = p."id"'))
    .select(
      'p.id',
      'p.importe',
      knex.raw(`${motivo}`),
      knex.raw('COALESCE(p."fechaReembolso", p."updatedAt")'),
      knex.raw(`(SELECT MAX(f."id") FROM "facturas" f WHERE f."rectificaId" = p."facturaId" AND f."motivoRectificacion" = ${motivo})`),
      knex.raw('COALESCE(p."fechaReembolso", p."updatedAt")'),
      knex.raw('COALESCE(p."fechaReembolso", p."updatedAt")'),
    );
  await knex.into(knex.raw('?? (??, ??, ??, ??, ??, ??, ??)', ['reembolsos', 'pagoId', 'importe', 'motivo', 'fecha', 'facturaId', 'createdAt', 'updatedAt'])).insert(pagos);
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('reembolsos', (t) => {
    t.increments('id').primary();
    fk(t, 'pagoId', 'pagos', true);
    t.integer('importe').notNullable();
    t.string('motivo', 500).notNullable();
    dateTime(t, 'fecha').notNullable();
    fk(t, 'facturaId', 'facturas');
    fk(t, 'loginId', 'logins');
    dateTime(t, 'createdAt').notNullable();
    dateTime(t, 'updatedAt').notNullable();
    t.index(['pagoId', 'id']);
    t.index(['facturaId']);
    t.index(['loginId']);
    // What the reports read of a refund (when, how much, whose pago), all in the index.
    t.index(['fecha', 'importe', 'pagoId'], 'reembolsos_fecha_cubriente');
  });
  await knex.schema.alterTable('pagos', (t) => {
    t.integer('importeReembolsado').defaultTo(0);
  });
  await knex.schema.alterTable('facturas', (t) => {
    t.string('tipoRectificativa', 1);
    t.integer('baseRectificada');
    t.integer('cuotaRectificada');
    t.integer('rectificadaPorId');
  });

  await knex('pagos').where('estado', 'reembolsado').update({ importeReembolsado: knex.ref('importe') });
  await reembolsosDePagosReembolsados(knex);
  await knex('facturas').whereNotNull('rectificaId').update({ tipoRectificativa: 'I' });
  await knex('facturas')
    .whereExists(knex('facturas as r').whereRaw('r."rectificaId" = "facturas"."id"').whereNotNull('r.numero'))
    .update({ rectificadaPorId: knex.raw('(SELECT MAX(r."id") FROM "facturas" r WHERE r."rectificaId" = "facturas"."id" AND r."numero" IS NOT NULL)') });
  const anuladas = knex('facturas as f')
    .select('f.id')
    .whereExists(knex('facturas as r').whereRaw('r."rectificaId" = f."id"').whereNotNull('r.numero'))
    .whereRaw(`f."total" + (SELECT SUM(r."total") FROM "facturas" r WHERE r."rectificaId" = f."id" AND r."numero" IS NOT NULL AND r."estado" <> 'anulada') = 0`);
  await knex('pagos').where('estado', 'completado').whereIn('facturaId', anuladas).update({ facturaId: null });

  await knex.schema.alterTable('pagos', (t) => {
    t.dropIndex([], 'pagos_reembolso_cubriente');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pagos', (t) => {
    t.index(['estado', 'fechaReembolso', 'id', 'importe', 'cursoId'], 'pagos_reembolso_cubriente', { predicate: knex.whereRaw(`"estado" = 'reembolsado'`) });
  });
  await knex.schema.alterTable('facturas', (t) => {
    for (const c of ['tipoRectificativa', 'baseRectificada', 'cuotaRectificada', 'rectificadaPorId']) t.dropColumn(c);
  });
  await knex.schema.alterTable('pagos', (t) => {
    t.dropColumn('importeReembolsado');
  });
  await knex.schema.dropTableIfExists('reembolsos');
}
