// Search by substring, accents and case aside: the function that folds text
// (api/src/db/pliegue.ts; on SQLite it is registered by each connection) and, for the fields
// searched in big tables (the registry's `indiceTrigramas`), an index of their trigrams, which
// finds the rows that hold «garc» without reading a million of them:
// - PostgreSQL: pg_trgm's GIN index on pliegue(column). The extension goes to `public` when
//   there is one (so dropping the application's schema does not take it, and every index built
//   on it, from other schemas); creating it needs the CREATE privilege on the database.
// - SQLite: an FTS5 table `<table>_busqueda` with the trigram tokenizer (SQLite ≥ 3.45, as
//   better-sqlite3 ships it), kept by triggers; it folds accents itself (remove_diacritics), so
//   the triggers need no function of ours and any client may write the table.
import type { Knex } from 'knex';
import { PLIEGUE_PG } from '../api/src/db/pliegue.js';

/** Frozen here: a later change to the registry's `indiceTrigramas` takes a migration of its own. */
const CAMPOS: Record<string, string[]> = {
  pagos: ['referencia', 'notas'],
  usuarios: ['nombre', 'apellidos', 'email', 'nif'],
  cursos: ['titulo'],
};

const q = (name: string) => `"${name}"`;
const isPg = (knex: Knex) => knex.client.config.client === 'pg';

async function extensionTrgm(knex: Knex): Promise<string> {
  // Two migrations at once (the test suite's schemas) would both try to create it.
  await knex.raw('SELECT pg_advisory_xact_lock(hashtext(?))', ['aula: CREATE EXTENSION pg_trgm']);
  const where = async () => ((await knex.raw(`SELECT n.nspname AS s FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`)).rows[0]?.s as string | undefined);
  const existing = await where();
  if (existing) return existing;
  const { rows } = await knex.raw(`SELECT COALESCE((SELECT nspname FROM pg_namespace WHERE nspname = 'public'), current_schema()) AS s`);
  await knex.raw(`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA ${q(rows[0].s)}`);
  return (await where())!;
}

export async function up(knex: Knex): Promise<void> {
  if (isPg(knex)) {
    await knex.raw(PLIEGUE_PG);
    const esquema = await extensionTrgm(knex);
    for (const [tabla, campos] of Object.entries(CAMPOS)) {
      for (const campo of campos) {
        await knex.raw(`CREATE INDEX ${q(`${tabla}_${campo}_trigramas`)} ON ${q(tabla)} USING gin (pliegue(${q(campo)}) ${q(esquema)}.gin_trgm_ops)`);
      }
    }
    return;
  }
  for (const [tabla, campos] of Object.entries(CAMPOS)) {
    const fts = q(`${tabla}_busqueda`);
    const cols = campos.map(q).join(', ');
    const valores = (fila: 'new' | 'old') => campos.map((c) => `${fila}.${q(c)}`).join(', ');
    await knex.raw(`CREATE VIRTUAL TABLE ${fts} USING fts5(${campos.join(', ')}, content='${tabla}', content_rowid='id', tokenize='trigram remove_diacritics 1')`);
    await knex.raw(`INSERT INTO ${fts}(${fts}) VALUES ('rebuild')`);
    const alta = `INSERT INTO ${fts}(rowid, ${cols}) VALUES (new."id", ${valores('new')});`;
    const baja = `INSERT INTO ${fts}(${fts}, rowid, ${cols}) VALUES ('delete', old."id", ${valores('old')});`;
    await knex.raw(`CREATE TRIGGER ${q(`${tabla}_busqueda_alta`)} AFTER INSERT ON ${q(tabla)} BEGIN ${alta} END`);
    await knex.raw(`CREATE TRIGGER ${q(`${tabla}_busqueda_baja`)} AFTER DELETE ON ${q(tabla)} BEGIN ${baja} END`);
    await knex.raw(`CREATE TRIGGER ${q(`${tabla}_busqueda_cambio`)} AFTER UPDATE OF ${cols} ON ${q(tabla)} BEGIN ${baja} ${alta} END`);
  }
}

export async function down(knex: Knex): Promise<void> {
  if (isPg(knex)) {
    for (const [tabla, campos] of Object.entries(CAMPOS)) for (const campo of campos) await knex.raw(`DROP INDEX IF EXISTS ${q(`${tabla}_${campo}_trigramas`)}`);
    // The extension may serve other schemas: it stays.
    await knex.raw('DROP FUNCTION IF EXISTS pliegue(text)');
    return;
  }
  for (const tabla of Object.keys(CAMPOS)) {
    for (const t of ['alta', 'baja', 'cambio']) await knex.raw(`DROP TRIGGER IF EXISTS ${q(`${tabla}_busqueda_${t}`)}`);
    await knex.raw(`DROP TABLE IF EXISTS ${q(`${tabla}_busqueda`)}`);
  }
}
