// Background work as rows (docs/arquitectura.md §19): `trabajos`, one row per job, which the
// runner (api/src/trabajos) claims with a lease.
// - `tipo`: the job's kind, as declared in api/src/trabajos/tipos.ts; `datos`: its payload (JSON).
// - `clave`: optional; while a job of a kind is pendiente or ejecutando, no second one with the
//   same clave can be queued (a partial unique index, the same on both databases).
// - `estado`: pendiente, ejecutando, hecho, fallido. `intentos`: attempts of this run so far.
// - `ejecutarEn`: when it is due. `titular` and `arriendoHasta`: who holds it and until when;
//   a lease not renewed lapses, and another process takes the job up.
// - `generacion`: bumped at every claim. A holder writes only where the row still has the
//   generation it claimed: one that lost its lease cannot commit (the fencing token).
// - `error`, `inicio`, `fin`: the last attempt's failure (null if it went well) and its times.
// Files left `procesando` by the per-file lease that came before get their job here, and
// `archivos.latido`, that lease, goes: nothing reads it any more.
import type { Knex } from 'knex';

const dateTime = (t: Knex.CreateTableBuilder, name: string) => t.timestamp(name, { useTz: true, precision: 3 });

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('trabajos', (t) => {
    t.increments('id').primary();
    t.string('tipo', 60).notNullable();
    t.string('clave', 200);
    t.text('datos');
    t.string('estado', 12).notNullable().defaultTo('pendiente');
    t.integer('intentos').notNullable().defaultTo(0);
    dateTime(t, 'ejecutarEn').notNullable();
    t.string('titular', 200);
    dateTime(t, 'arriendoHasta');
    t.integer('generacion').notNullable().defaultTo(0);
    t.string('error', 2000);
    dateTime(t, 'inicio');
    dateTime(t, 'fin');
    dateTime(t, 'createdAt').notNullable();
    dateTime(t, 'updatedAt').notNullable();
    // The claim (a kind's due jobs in order), its counts for the page, and one-at-a-time's check.
    t.index(['tipo', 'estado', 'ejecutarEn'], 'trabajos_cola');
    // The runner's look: when the next job of any kind is due, and which leases have lapsed.
    t.index(['estado', 'ejecutarEn'], 'trabajos_pendientes');
    t.index(['estado', 'arriendoHasta'], 'trabajos_arriendo');
  });
  await knex.raw(`CREATE UNIQUE INDEX "trabajos_clave" ON "trabajos" ("tipo", "clave") WHERE "clave" IS NOT NULL AND "estado" IN ('pendiente', 'ejecutando')`);

  const ahora = new Date().toISOString();
  const sinTerminar = (await knex('archivos').where('estado', 'procesando').whereNotNull('subida').select('subida')) as { subida: string }[];
  for (const { subida } of sinTerminar) {
    await knex('trabajos').insert({ tipo: 'procesadoArchivos', clave: subida, datos: JSON.stringify({ subida }), estado: 'pendiente', intentos: 0, ejecutarEn: ahora, generacion: 0, createdAt: ahora, updatedAt: ahora });
  }
  await knex.raw('ALTER TABLE "archivos" DROP COLUMN "latido"');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('archivos', (t) => {
    t.timestamp('latido', { useTz: true, precision: 3 });
  });
  await knex.schema.dropTableIfExists('trabajos');
}
