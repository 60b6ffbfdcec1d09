// Bank statements in Norma 43 and their reconciliation (docs/arquitectura.md §21).
// - `extractos`: one imported file (its account, period, balances, SHA-256 of its bytes, unique:
//   the same file twice is one extracto) and whether its proposal was confirmed.
// - `movimientos`: each movement of a file, with its key for overlapping files (`clave`, looked
//   up across extractos, unique within one), the pago Aula proposed and the one applied.
// `pagos.pasarela` gains the value `extracto` (a plain string column: nothing to change here).
import type { Knex } from 'knex';
import { disparadorVersion } from '../api/src/db/versiones.js';

const dateTime = (t: Knex.CreateTableBuilder, name: string) => t.timestamp(name, { useTz: true, precision: 3 });

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('extractos', (t) => {
    t.increments('id').primary();
    t.string('entidad', 4).notNullable();
    t.string('oficina', 4).notNullable();
    t.string('cuenta', 10).notNullable();
    t.string('titular', 26);
    t.string('desde', 10).notNullable();
    t.string('hasta', 10).notNullable();
    t.integer('saldoInicial').notNullable();
    t.integer('saldoFinal').notNullable();
    t.string('moneda', 3).notNullable();
    t.string('nombreArchivo', 255);
    t.string('huella', 64).notNullable().unique();
    t.string('estado', 12).notNullable();
    t.integer('movimientos').notNullable();
    t.integer('loginId').references('id').inTable('logins');
    dateTime(t, 'confirmadoEn');
    dateTime(t, 'createdAt').notNullable();
    dateTime(t, 'updatedAt').notNullable();
    t.integer('version').notNullable().defaultTo(1);
    t.index(['loginId']);
    t.index(['createdAt']);
  });
  await disparadorVersion(knex, 'extractos');
  await knex.schema.createTable('movimientos', (t) => {
    t.increments('id').primary();
    t.integer('extractoId').notNullable().references('id').inTable('extractos');
    t.integer('linea').notNullable();
    t.string('fechaOperacion', 10).notNullable();
    t.string('fechaValor', 10).notNullable();
    t.integer('importe').notNullable();
    t.string('moneda', 3).notNullable();
    t.string('conceptoComun', 2).notNullable();
    t.string('conceptoPropio', 3);
    t.string('documento', 10);
    t.string('referencia1', 12);
    t.string('referencia2', 16);
    t.string('conceptos', 1000);
    t.string('clave', 64).notNullable();
    t.string('estado', 12).notNullable();
    t.integer('pagoPropuestoId').references('id').inTable('pagos');
    t.string('motivo', 1000);
    t.integer('pagoId').references('id').inTable('pagos');
    dateTime(t, 'createdAt').notNullable();
    dateTime(t, 'updatedAt').notNullable();
    t.integer('version').notNullable().defaultTo(1);
    t.unique(['extractoId', 'clave']);
    t.index(['clave']);
    t.index(['pagoPropuestoId']);
    t.index(['pagoId']);
  });
  await disparadorVersion(knex, 'movimientos');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('movimientos');
  await knex.schema.dropTableIfExists('extractos');
}
