// Discount coupons (docs/arquitectura.md §23).
// - `cupones`: a code (stored upper-cased, unique: «verano» and «VERANO» are one), its kind and
//   value, its scope (every curso, a categoría, a curso), dates, limits and the uses counted.
// - `canjes`: one row per use reserved by POST /cupones/canjear (append-only): cupón, usuario,
//   curso, price, discount, total; the matrícula a 100 % cupón granted; the shop's token.
// - `pagos.canjeId` (unique: one pago per canje), `pagos.cuponId` and `pagos.descuento` (céntimos,
//   0 without a cupón): what the pago paid less, and why.
import type { Knex } from 'knex';
import { disparadorVersion } from '../api/src/db/versiones.js';

const dateTime = (t: Knex.CreateTableBuilder, name: string) => t.timestamp(name, { useTz: true, precision: 3 });

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('cupones', (t) => {
    t.increments('id').primary();
    t.string('codigo', 40).notNullable().unique();
    t.string('tipo', 12).notNullable();
    t.integer('valor').notNullable();
    t.string('moneda', 3).notNullable().defaultTo('EUR');
    t.string('ambito', 10).notNullable().defaultTo('todos');
    t.integer('categoriaId').references('id').inTable('categorias');
    t.integer('cursoId').references('id').inTable('cursos');
    dateTime(t, 'desde');
    dateTime(t, 'hasta');
    t.integer('maxUsos');
    t.integer('maxUsosPorUsuario').defaultTo(1);
    t.integer('usos').notNullable().defaultTo(0);
    t.boolean('activo').notNullable().defaultTo(true);
    t.string('descripcion', 500);
    t.string('lote', 80);
    dateTime(t, 'createdAt').notNullable();
    dateTime(t, 'updatedAt').notNullable();
    t.integer('version').notNullable().defaultTo(1);
    t.index(['categoriaId']);
    t.index(['cursoId']);
    t.index(['lote']);
    t.index(['createdAt']);
  });
  await disparadorVersion(knex, 'cupones');
  await knex.schema.createTable('canjes', (t) => {
    t.increments('id').primary();
    t.integer('cuponId').notNullable().references('id').inTable('cupones');
    t.integer('usuarioId').notNullable().references('id').inTable('usuarios');
    t.integer('cursoId').notNullable().references('id').inTable('cursos');
    t.integer('precio').notNullable();
    t.integer('descuento').notNullable();
    t.integer('total').notNullable();
    t.string('moneda', 3).notNullable().defaultTo('EUR');
    dateTime(t, 'fecha').notNullable();
    // Not a foreign key: matriculas → pagos → canjes already point the other way round.
    t.integer('matriculaId');
    t.integer('tokenId').references('id').inTable('tokens');
    dateTime(t, 'createdAt').notNullable();
    dateTime(t, 'updatedAt').notNullable();
    t.integer('version').notNullable().defaultTo(1);
    t.index(['cuponId', 'usuarioId']);
    t.index(['usuarioId']);
    t.index(['cursoId']);
    t.index(['matriculaId']);
    t.index(['tokenId']);
    t.index(['createdAt']);
  });
  await disparadorVersion(knex, 'canjes');
  // A plain ADD COLUMN on both databases: knex adds a foreign key on SQLite by rebuilding the
  // table, which a table other rows point at (pagos) refuses and which would drop its triggers
  // (migration 0019 says the same).
  await knex.raw('ALTER TABLE "pagos" ADD COLUMN "canjeId" integer REFERENCES "canjes" ("id")');
  await knex.raw('ALTER TABLE "pagos" ADD COLUMN "cuponId" integer REFERENCES "cupones" ("id")');
  await knex.raw('ALTER TABLE "pagos" ADD COLUMN "descuento" integer NOT NULL DEFAULT 0');
  await knex.raw('CREATE UNIQUE INDEX "pagos_canjeid_unique" ON "pagos" ("canjeId")');
  await knex.raw('CREATE INDEX "pagos_cuponid_index" ON "pagos" ("cuponId")');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX "pagos_cuponid_index"');
  await knex.raw('DROP INDEX "pagos_canjeid_unique"');
  // Both dialects drop a column with its foreign key (SQLite 3.35+, as better-sqlite3 ships).
  for (const columna of ['descuento', 'cuponId', 'canjeId']) await knex.raw(`ALTER TABLE "pagos" DROP COLUMN "${columna}"`);
  await knex.schema.dropTableIfExists('canjes');
  await knex.schema.dropTableIfExists('cupones');
}
