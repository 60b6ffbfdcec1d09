// API tokens (docs/arquitectura.md §4): what a machine, the academy's web shop, signs in with.
// - `tokens`: its name and role, the first characters of the token (to tell it apart in the
//   list) and the SHA-256 of the whole, never the token itself; optional expiry, last use,
//   revocation and who created it. No version: only its name changes, and its last use is noted
//   on every minute of use, which would make any If-Match a person sent stale.
// - `logs.tokenId`: a write made with a token is audited as the token, not as an account.
// - `pagos.tokenId`: the token that created a pago: the shop reads back only its own.
import type { Knex } from 'knex';

const dateTime = (t: Knex.CreateTableBuilder, name: string) => t.timestamp(name, { useTz: true, precision: 3 });

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('tokens', (t) => {
    t.increments('id').primary();
    t.string('nombre', 100).notNullable();
    t.string('rol', 20).notNullable();
    t.string('prefijo', 16).notNullable();
    t.string('tokenHash', 64).notNullable().unique();
    dateTime(t, 'caduca');
    dateTime(t, 'ultimoUso');
    dateTime(t, 'revocadoEn');
    t.integer('creadoPor').references('id').inTable('logins');
    t.integer('revocadoPor').references('id').inTable('logins');
    dateTime(t, 'createdAt').notNullable();
    dateTime(t, 'updatedAt').notNullable();
    t.index(['creadoPor']);
    t.index(['revocadoPor']);
  });
  await addTokenId(knex, 'logs');
  await addTokenId(knex, 'pagos');
}

/**
 * `tabla.tokenId`, a foreign key to tokens, and its index. On SQLite as a plain ADD COLUMN: knex
 * adds a foreign key there by rebuilding the table, which a table other rows point at (pagos)
 * refuses, and which would drop its triggers (version, search index).
 */
async function addTokenId(knex: Knex, tabla: string) {
  if (knex.client.config.client === 'pg') {
    await knex.schema.alterTable(tabla, (t) => {
      t.integer('tokenId').references('id').inTable('tokens');
    });
  } else {
    await knex.raw(`ALTER TABLE "${tabla}" ADD COLUMN "tokenId" integer REFERENCES "tokens" ("id")`);
  }
  await knex.schema.alterTable(tabla, (t) => {
    t.index(['tokenId'], `${tabla}_tokenid_index`);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const tabla of ['pagos', 'logs']) {
    await knex.schema.alterTable(tabla, (t) => {
      t.dropIndex([], `${tabla}_tokenid_index`);
    });
    // Both dialects drop a column with its foreign key (SQLite 3.35+, as better-sqlite3 ships).
    await knex.raw(`ALTER TABLE "${tabla}" DROP COLUMN "tokenId"`);
  }
  await knex.schema.dropTableIfExists('tokens');
}
