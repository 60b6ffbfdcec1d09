// The remission of the VeriFactu records to the AEAT.
// - `remisiones`: one row per record (registros), its sending state, written by the server only:
//   the AEAT's answer (CSV, error), attempts and times, and the exact XML sent. A table of its
//   own, not columns of `registros`: a record's hashed fields never change, and nothing that
//   does change sits in its row, so `GET /registros/verificar` and append-only hold as before.
// - `envios`: each message sent, for the flow control (when the last one left, what the AEAT
//   said to wait) and for what the admin shows of the last and the next send.
// - `verifactu`: the installation's one row: its NumeroInstalacion (made here, once per
//   database, never reused), the wait the AEAT asked for, the pause after failures, a refused
//   message's block, and the lease of the sender on SQLite (PostgreSQL uses an advisory lock).
// Records written before this migration are queued as pending, in chain order.
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

const dateTime = (t: Knex.CreateTableBuilder, name: string) => t.timestamp(name, { useTz: true, precision: 3 });

/** The installation's number: when it was made (the AEAT's FAQ 4 suggests a timestamp) and a random part, so two databases made in the same second differ. */
export const nuevoNumeroInstalacion = (ahora = new Date()) => `${ahora.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z-${randomBytes(4).toString('hex')}`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('verifactu', (t) => {
    t.integer('id').primary();
    t.string('numeroInstalacion', 100).notNullable();
    t.string('entorno', 12);
    t.integer('tiempoEspera').notNullable().defaultTo(60);
    dateTime(t, 'ultimoEnvio');
    dateTime(t, 'siguienteEnvio');
    t.integer('fallosSeguidos').notNullable().defaultTo(0);
    t.integer('bloqueoCodigo');
    t.string('bloqueoTexto', 2000);
    dateTime(t, 'bloqueoDesde');
    t.string('bloqueoHuella', 64);
    t.string('remitente', 200);
    dateTime(t, 'latido');
  });
  await knex('verifactu').insert({ id: 1, numeroInstalacion: nuevoNumeroInstalacion(), tiempoEspera: 60, fallosSeguidos: 0 });

  await knex.schema.createTable('envios', (t) => {
    t.increments('id').primary();
    t.string('entorno', 12).notNullable();
    t.string('emisorNif', 20).notNullable();
    dateTime(t, 'inicio').notNullable();
    dateTime(t, 'fin');
    t.integer('registros').notNullable();
    t.boolean('incidencia').notNullable();
    t.string('estado', 20).notNullable();
    t.string('estadoEnvio', 20);
    t.string('csv', 16);
    t.integer('tiempoEspera');
    t.integer('codigoError');
    t.string('error', 2000);
    t.index(['inicio']);
  });

  await knex.schema.createTable('remisiones', (t) => {
    t.increments('id').primary();
    t.integer('registroId').notNullable().unique();
    t.foreign('registroId').references('id').inTable('registros').onDelete('RESTRICT').onUpdate('RESTRICT');
    t.integer('facturaId').notNullable();
    t.foreign('facturaId').references('id').inTable('facturas').onDelete('RESTRICT').onUpdate('RESTRICT');
    t.string('estado', 20).notNullable().defaultTo('pendiente');
    t.boolean('vigente').notNullable().defaultTo(true);
    t.string('subsanacion', 1);
    t.string('rechazoPrevio', 1);
    t.string('sinRegistroPrevio', 1);
    t.integer('corrigeId');
    t.foreign('corrigeId').references('id').inTable('registros').onDelete('RESTRICT').onUpdate('RESTRICT');
    t.string('csv', 16);
    t.integer('codigoError');
    t.string('descripcionError', 1500);
    t.boolean('duplicado').notNullable().defaultTo(false);
    t.boolean('respuestaPerdida').notNullable().defaultTo(false);
    t.integer('intentos').notNullable().defaultTo(0);
    dateTime(t, 'primerIntento');
    dateTime(t, 'ultimoIntento');
    dateTime(t, 'respondidoEn');
    t.integer('envioId');
    t.foreign('envioId').references('id').inTable('envios').onDelete('RESTRICT').onUpdate('RESTRICT');
    t.text('xml');
    dateTime(t, 'createdAt').notNullable();
    dateTime(t, 'updatedAt').notNullable();
    // The queue: pending records in chain order; and what needs correcting.
    t.index(['estado', 'registroId']);
    t.index(['facturaId']);
    t.index(['corrigeId']);
    t.index(['envioId']);
  });
  await knex.raw(
    `INSERT INTO "remisiones" ("registroId", "facturaId", "estado", "vigente", "duplicado", "respuestaPerdida", "intentos", "createdAt", "updatedAt")
     SELECT "id", "facturaId", 'pendiente', ?, ?, ?, 0, "createdAt", "createdAt" FROM "registros" ORDER BY "id"`,
    [true, false, false],
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('remisiones');
  await knex.schema.dropTableIfExists('envios');
  await knex.schema.dropTableIfExists('verifactu');
}
