// Email (docs/arquitectura.md §25). `correos` is the outbox: a row per message, written before
// anything is sent, with what it concerns (a factura, pago, matrícula, usuario or account), its
// state and attempts, the server's last answer and the Message-ID it went with. `plantillas` holds
// the academy's version of each kind's template; `enlaces` the single-use links of invitations and
// password resets, by the hash of their secret only.
import type { Knex } from 'knex';
import { disparadorVersion } from '../api/src/db/versiones.js';

const dateTime = (t: Knex.CreateTableBuilder, name: string) => t.timestamp(name, { useTz: true, precision: 3 });

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('correos', (t) => {
    t.increments('id').primary();
    t.string('plantilla', 30).notNullable();
    t.string('para', 254).notNullable();
    t.string('asunto', 300).notNullable();
    t.text('html').notNullable();
    t.text('texto').notNullable();
    t.string('estado', 12).notNullable();
    t.integer('intentos').notNullable().defaultTo(0);
    dateTime(t, 'proximoIntento');
    t.string('respuesta', 1000);
    dateTime(t, 'enviadoEn');
    t.string('messageId', 200).notNullable();
    t.boolean('adjuntarFactura').notNullable().defaultTo(false);
    t.text('datos');
    t.integer('facturaId').references('id').inTable('facturas');
    t.integer('pagoId').references('id').inTable('pagos');
    t.integer('matriculaId').references('id').inTable('matriculas');
    t.integer('usuarioId').references('id').inTable('usuarios');
    t.integer('cuentaId').references('id').inTable('logins');
    t.integer('pedidoPorId').references('id').inTable('logins');
    dateTime(t, 'createdAt').notNullable();
    dateTime(t, 'updatedAt').notNullable();
    t.integer('version').notNullable().defaultTo(1);
    // The sender's question: what is due, oldest first.
    t.index(['estado', 'proximoIntento']);
    t.index(['facturaId']);
    t.index(['pagoId']);
    t.index(['matriculaId']);
    t.index(['usuarioId']);
    t.index(['cuentaId']);
    t.index(['pedidoPorId']);
    // The pace (SMTP_MAX_POR_MINUTO): what left in the last minute.
    t.index(['enviadoEn']);
    t.index(['createdAt']);
  });
  await disparadorVersion(knex, 'correos');

  await knex.schema.createTable('plantillas', (t) => {
    t.increments('id').primary();
    t.string('clave', 30).notNullable().unique();
    t.string('asunto', 300).notNullable();
    t.text('html').notNullable();
    t.text('texto').notNullable();
    dateTime(t, 'createdAt').notNullable();
    dateTime(t, 'updatedAt').notNullable();
    t.integer('version').notNullable().defaultTo(1);
  });
  await disparadorVersion(knex, 'plantillas');

  await knex.schema.createTable('enlaces', (t) => {
    t.increments('id').primary();
    t.string('tipo', 20).notNullable();
    t.integer('loginId').notNullable().references('id').inTable('logins').onDelete('CASCADE');
    t.string('hash', 64).notNullable().unique();
    dateTime(t, 'expira').notNullable();
    dateTime(t, 'usadoEn');
    dateTime(t, 'createdAt').notNullable();
    t.index(['loginId']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('enlaces');
  await knex.schema.dropTableIfExists('plantillas');
  await knex.schema.dropTableIfExists('correos');
}
