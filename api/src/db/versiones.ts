// Every edited record carries a `version` (docs/arquitectura.md §17) that the database itself
// bumps on each UPDATE, whoever writes it: the REST routes, an action changing a sibling row
// (reordering a curso's clases), the account routes changing a login, the media jobs marking an
// archivo ready. A bump done by the application would have to be remembered in each of those.
// A migration that rebuilds a table (knex on SQLite recreates it to alter a column, and the
// table's triggers go with it) calls `disparadorVersion` again for that table.
import type { Knex } from 'knex';

/** The tables whose records have a version: every entity's but the append-only log's. */
export const TABLAS_VERSIONADAS = ['categorias', 'cursos', 'clases', 'usuarios', 'pagos', 'facturas', 'logins', 'archivos', 'registros', 'reembolsos', 'remisiones'] as const;

const q = (name: string) => `"${name}"`;
const isPg = (knex: Knex) => knex.client.config.client === 'pg';

/** PostgreSQL: one function for every table; a write that sets the version itself is left alone. */
const FUNCION_PG = `CREATE OR REPLACE FUNCTION aula_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."version" = OLD."version" THEN NEW."version" := OLD."version" + 1; END IF;
  RETURN NEW;
END $$`;

/** (Re)creates the trigger that bumps `tabla.version` on every UPDATE; safe to call again. */
export async function disparadorVersion(knex: Knex, tabla: string): Promise<void> {
  const nombre = q(`${tabla}_version`);
  if (isPg(knex)) {
    await knex.raw(FUNCION_PG);
    await knex.raw(`DROP TRIGGER IF EXISTS ${nombre} ON ${q(tabla)}`);
    // BEFORE: the new version is in the row written, no second write.
    await knex.raw(`CREATE TRIGGER ${nombre} BEFORE UPDATE ON ${q(tabla)} FOR EACH ROW EXECUTE FUNCTION aula_version()`);
    return;
  }
  await knex.raw(`DROP TRIGGER IF EXISTS ${nombre}`);
  // SQLite triggers cannot change NEW: a second UPDATE of the one column, which does not fire this
  // trigger again (its WHEN no longer holds) nor the search index's (those are UPDATE OF their columns).
  await knex.raw(
    `CREATE TRIGGER ${nombre} AFTER UPDATE ON ${q(tabla)} FOR EACH ROW WHEN NEW."version" = OLD."version" BEGIN UPDATE ${q(tabla)} SET "version" = OLD."version" + 1 WHERE "id" = NEW."id"; END`,
  );
}

export async function dropDisparadorVersion(knex: Knex, tabla: string): Promise<void> {
  await knex.raw(isPg(knex) ? `DROP TRIGGER IF EXISTS ${q(`${tabla}_version`)} ON ${q(tabla)}` : `DROP TRIGGER IF EXISTS ${q(`${tabla}_version`)}`);
}
