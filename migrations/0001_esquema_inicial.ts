// The initial schema: one table per resource of the registry (api/src/resources), plus the
// sessions table. Dialect-neutral: the same calls build it on SQLite and on PostgreSQL.
//
// Conventions (docs/arquitectura.md §2): camelCase column names as-is; `id` generated; createdAt/updatedAt
// not null; date-times as timestamptz(3) (SQLite stores our ISO-8601 strings); money as
// integer céntimos; every foreign key a real constraint with no cascade (deleting a parent
// with children is refused, never silently propagated).
import type { Knex } from 'knex';

type Table = Knex.CreateTableBuilder;

const dateTime = (t: Table, name: string) => t.timestamp(name, { useTz: true, precision: 3 });

function timestamps(t: Table) {
  dateTime(t, 'createdAt').notNullable();
  dateTime(t, 'updatedAt').notNullable();
}

/** A nullable (or not) integer foreign key, restricted on delete and update. */
function fk(t: Table, name: string, table: string, required = false) {
  const col = t.integer(name);
  if (required) col.notNullable();
  t.foreign(name).references('id')
    .inTable(table)
    .onDelete('RESTRICT')
    .onUpdate('RESTRICT');
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('categorias', (t) => {
    t.increments('id').primary();
    t.string('nombre', 80).notNullable().unique();
    t.string('descripcion', 2000);
    t.integer('orden').defaultTo(0);
    timestamps(t);
  });

  await knex.schema.createTable('cursos', (t) => {
    t.increments('id').primary();
    t.string('titulo', 160).notNullable();
    t.text('descripcion');
    fk(t, 'categoriaId', 'categorias');
    t.integer('precio').notNullable();
    t.text('moneda').defaultTo('EUR');
    t.text('nivel').defaultTo('basico');
    t.text('estado').defaultTo('borrador');
    t.string('foto', 1000);
    timestamps(t);
    t.index(['categoriaId']);
    t.index(['estado']);
    t.index(['titulo']);
  });

  await knex.schema.createTable('usuarios', (t) => {
    t.increments('id').primary();
    t.string('nombre', 80).notNullable();
    t.string('apellidos', 160);
    t.string('email', 254).notNullable();
    t.string('telefono', 30);
    t.string('nif', 20);
    t.string('direccion', 300);
    t.string('codigoPostal', 10);
    t.string('ciudad', 100);
    t.string('provincia', 100);
    t.text('pais').defaultTo('ES');
    t.boolean('activo').defaultTo(true);
    t.text('notas');
    timestamps(t);
    t.index(['email']);
    t.index(['createdAt']);
    t.index(['apellidos', 'nombre']);
  });
  // Unique regardless of case (Ana@x.es and ana@x.es are one address): an expression index,
  // which both SQLite and PostgreSQL support with this exact statement.
  await knex.raw('CREATE UNIQUE INDEX "usuarios_email_lower_unique" ON "usuarios" (lower("email"))');

  await knex.schema.createTable('clases', (t) => {
    t.increments('id').primary();
    t.string('titulo', 160).notNullable();
    t.text('descripcion');
    fk(t, 'cursoId', 'cursos');
    fk(t, 'usuarioId', 'usuarios');
    t.integer('orden').defaultTo(0);
    t.string('video', 1000);
    t.integer('duracion');
    t.string('miniatura', 1000);
    t.boolean('gratuita').defaultTo(false);
    t.text('estado').defaultTo('borrador');
    timestamps(t);
    t.index(['cursoId', 'orden']);
    t.index(['usuarioId']);
  });

  await knex.schema.createTable('facturas', (t) => {
    t.increments('id').primary();
    t.string('serie', 20).notNullable();
    t.integer('numero');
    dateTime(t, 'fecha');
    fk(t, 'usuarioId', 'usuarios', true);
    t.string('clienteNombre', 200);
    t.string('clienteNif', 20);
    t.string('clienteDireccion', 500);
    t.string('concepto', 500).notNullable();
    t.integer('base').notNullable();
    t.integer('tipoIva').notNullable();
    t.integer('cuotaIva');
    t.integer('total');
    t.text('estado').defaultTo('borrador');
    fk(t, 'rectificaId', 'facturas');
    timestamps(t);
    // Correlative numbers per serie: NULL numbers (drafts) do not collide on either database.
    t.unique(['serie', 'numero']);
    t.index(['fecha']);
    t.index(['estado', 'fecha']);
    t.index(['usuarioId']);
    t.index(['rectificaId']);
  });

  await knex.schema.createTable('pagos', (t) => {
    t.increments('id').primary();
    fk(t, 'usuarioId', 'usuarios', true);
    fk(t, 'cursoId', 'cursos');
    fk(t, 'facturaId', 'facturas');
    t.integer('importe').notNullable();
    t.text('moneda').defaultTo('EUR');
    t.text('metodo').notNullable();
    t.text('estado').defaultTo('pendiente');
    t.string('referencia', 120);
    dateTime(t, 'fecha').notNullable();
    t.text('notas');
    timestamps(t);
    t.index(['fecha']);
    t.index(['estado', 'fecha']);
    t.index(['usuarioId', 'fecha']);
    t.index(['cursoId']);
    t.index(['facturaId']);
    t.index(['metodo', 'fecha']);
    t.index(['createdAt']);
  });

  await knex.schema.createTable('logins', (t) => {
    t.increments('id').primary();
    t.string('usuario', 60).notNullable().unique();
    t.string('pass', 200).notNullable();
    t.string('nombre', 120);
    t.string('email', 254);
    t.boolean('activo').defaultTo(true);
    dateTime(t, 'ultimoAcceso');
    timestamps(t);
  });

  await knex.schema.createTable('logs', (t) => {
    t.increments('id').primary();
    t.string('tipo', 40).notNullable();
    dateTime(t, 'fecha').notNullable();
    t.text('datos');
    fk(t, 'loginId', 'logins');
    t.string('recurso', 40);
    t.integer('recursoId');
    t.string('ip', 64);
    timestamps(t);
    t.index(['fecha']);
    t.index(['tipo', 'fecha']);
    t.index(['loginId']);
  });

  // Sessions (docs/arquitectura.md §4): only the SHA-256 of the cookie's token is stored, so a copy of the
  // database does not hand out live sessions; shared by every API process.
  await knex.schema.createTable('sesiones', (t) => {
    t.increments('id').primary();
    t.string('tokenHash', 64).notNullable().unique();
    fk(t, 'loginId', 'logins', true);
    dateTime(t, 'createdAt').notNullable();
    dateTime(t, 'lastSeenAt').notNullable();
    dateTime(t, 'expiresAt').notNullable();
    t.index(['loginId']);
    t.index(['expiresAt']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['sesiones', 'logs', 'logins', 'pagos', 'facturas', 'clases', 'usuarios', 'cursos', 'categorias']) {
    await knex.schema.dropTableIfExists(table);
  }
}
