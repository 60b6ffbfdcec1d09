// Two facts about an archivo that only the server writes:
// - `latido`: when the process working on a `procesando` file last said it still was. A lease:
//   a file whose latido is old was left by a process that died, and any other takes it up.
// - `subidoPor`: the login that created the upload. Its upload is its own (another
//   administrator gets 404 on it), and the limit of uploads at once counts per administrator.
//   No foreign key: an administrator who uploaded files can still be deleted.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('archivos', (t) => {
    t.timestamp('latido', { useTz: true, precision: 3 });
    t.integer('subidoPor');
    t.index(['subidoPor', 'estado']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('archivos', (t) => {
    t.dropIndex(['subidoPor', 'estado']);
    t.dropColumn('subidoPor');
    t.dropColumn('latido');
  });
}
