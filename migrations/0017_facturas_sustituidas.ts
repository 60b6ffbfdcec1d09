// facturas.sustituidaPorId (issue 29, item 9): the rectificativa por sustitución in force that
// replaced the invoice, which from then on is without effect. A plain column, no foreign key, for
// the reason 0008 gives for rectificadaPorId; the server alone writes it. Filled here for the
// substitutions made before it existed.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('facturas', (t) => {
    t.integer('sustituidaPorId');
  });
  await knex('facturas')
    .whereExists(knex('facturas as s').whereRaw(`s."rectificaId" = "facturas"."id" AND s."tipoRectificativa" = 'S' AND s."estado" IN ('emitida', 'pagada')`))
    .update({
      sustituidaPorId: knex.raw(`(SELECT MAX(s."id") FROM "facturas" s WHERE s."rectificaId" = "facturas"."id" AND s."tipoRectificativa" = 'S' AND s."estado" IN ('emitida', 'pagada'))`),
    });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('facturas', (t) => {
    t.dropColumn('sustituidaPorId');
  });
}
