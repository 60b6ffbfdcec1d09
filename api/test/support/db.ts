// A fresh, migrated database per test file: a temporary SQLite file (so a second process, such
// as a child API, can open it too) or, with TEST_DIALECT=pg, a private schema in the PostgreSQL
// database named by TEST_DATABASE_URL. destroy() removes every trace of it.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import pg from 'pg';
import { loadConfig, type Config } from '../../src/config/index.js';
import { checkConfig } from '../../src/configuracion.js';
import { createDb } from '../../src/db/index.js';
import { SERVIDOR, type Escritor } from '../../src/base/types.js';
import { registry } from '../../src/resources/index.js';
import { Repository } from '../../src/rest/repository.js';
import { migrateLatest } from '../../../migrations/index.js';

export interface TestDb {
  db: Knex;
  database: Config['database'];
  destroy(): Promise<void>;
}

const suffix = () => `${process.pid}_${randomBytes(6).toString('hex')}`;

/** Runs one statement on the PostgreSQL server with a short-lived connection of its own. */
async function pgAdmin(connectionString: string, sql: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** On the dialect this test project runs (TEST_DIALECT), unless one is named. */
export async function createTestDb(dialect = process.env.TEST_DIALECT ?? 'sqlite'): Promise<TestDb> {
  if (dialect === 'pg') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DIALECT=pg needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)');
    // Through loadConfig so a ?schema= in the URL is handled the way the application handles it.
    const { connectionString } = loadConfig({ DATABASE_URL: url }).database;
    const schema = `t_${suffix()}`;
    await pgAdmin(connectionString!, `CREATE SCHEMA "${schema}"`);
    const database: Config['database'] = { dialect: 'pg', connectionString, schema };
    const db = createDb(database);
    let destroyed = false;
    const destroy = async () => {
      if (destroyed) return;
      destroyed = true;
      await db.destroy();
      await pgAdmin(connectionString!, `DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    };
    try {
      await migrateLatest(db);
    } catch (err) {
      await destroy().catch(() => undefined);
      throw err;
    }
    return { db, database, destroy };
  }
  if (dialect !== 'sqlite') throw new Error(`TEST_DIALECT must be sqlite or pg (got «${dialect}»)`);

  const filename = join(tmpdir(), `aula-test-${suffix()}.sqlite`);
  const database: Config['database'] = { dialect: 'sqlite', filename };
  const db = createDb(database);
  let destroyed = false;
  const destroy = async () => {
    if (destroyed) return;
    destroyed = true;
    await db.destroy();
    for (const ext of ['', '-wal', '-shm', '-journal']) rmSync(filename + ext, { force: true });
  };
  try {
    await migrateLatest(db);
  } catch (err) {
    await destroy().catch(() => undefined);
    throw err;
  }
  return { db, database, destroy };
}

/** A valid issuer (a well-formed, made-up CIF), for configurations that need one: production. */
export const EMISOR = { EMISOR_NIF: 'B12345674', EMISOR_NOMBRE: 'Academia Ejemplo S.L.', EMISOR_DOMICILIO: 'Calle Mayor 1, 28013 Madrid' };

/** The application's configuration for tests: low scrypt cost, silent logs, the given database, a fresh storage folder. */
export function testConfig(database: Config['database'], overrides: Record<string, string | undefined> = {}): Config {
  // Each app stores its files in a folder of its own, removed with it (support/app.ts).
  const storage = join(tmpdir(), `aula-almacen-${suffix()}`);
  const config = checkConfig(loadConfig({ NODE_ENV: 'test', SCRYPT_N: '1024', STORAGE_DIR: storage, ...overrides }));
  return { ...config, database };
}

/** The application's repository over a test database: where the runner's jobs write records. */
export function repositoryOf(db: Knex, config: Config = loadConfig({ NODE_ENV: 'test', SCRYPT_N: '1024' })): Repository {
  return new Repository(db, config, registry);
}

/** Writes as the server does (a job, the start-up), through the repository: a test's emissions and chains. */
export const comoServidor = <T>(db: Knex, fn: (w: Escritor) => Promise<T>, config?: Config): Promise<T> => repositoryOf(db, config).transaction(SERVIDOR, fn);
