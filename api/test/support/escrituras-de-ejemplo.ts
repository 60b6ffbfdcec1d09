// Writes around the repository, as escritura-unica.test.ts must catch them: never called, only
// read by that test to prove its reader sees each shape (a chain, SQL, a constant table name).
import type { Knex } from 'knex';

const TABLA = '"usuarios"';

export async function escriturasPorDetras(trx: Knex.Transaction, h: { db: Knex }) {
  await trx('facturas').where('id', 1).update({ estado: 'pagada' });
  await trx.from('pagos').where('id', 1).del();
  await trx.raw(`DELETE FROM ${TABLA} WHERE "id" = ?`, [1]);
  await trx.raw('INSERT INTO "logs" ("tipo") VALUES (?)', ['X']);
  await h.db('clases').where('id', 1).update({ orden: 2 });
  // Reads are not writes.
  await trx('clases').where('id', 1).first();
}
