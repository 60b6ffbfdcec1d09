// What every start does to its database (docs/arquitectura.md §4, §9): migrate to the latest
// schema, then, on a database with no account at all, either let the caller fill it (the demo
// data of `npm start`, seeds/prepare.ts) or have the first administrator created from
// ADMIN_USUARIO / ADMIN_PASSWORD (by auth/, which owns accounts: api/src/preparacion.ts hands it
// here). Production never gets demo data: nothing under api/ knows it exists. Like all of db/,
// it imports nothing above it: what it needs from above comes as callbacks.
import type { Knex } from 'knex';
import type { Config } from '../config/index.js';
import { migrateLatest } from '../../../migrations/index.js';
import { isPg } from './index.js';

export interface PrepareResult {
  /** Names of the migrations applied by this call. */
  migrations: string[];
  /** What was put into an empty database: demo data, the first administrator, or nothing. */
  seeded: 'demo' | 'admin' | null;
  demo?: Record<string, number>;
}

/**
 * Fills an empty database outside production, the accounts included; answers what it put
 * (for the log line) or undefined when another process had filled it first. It must take
 * `lockForSeeding` and check `isEmpty` inside its own transaction.
 */
export type DemoSeeder = (db: Knex, config: Config, log: (msg: string) => void) => Promise<Record<string, number> | undefined>;

/**
 * Creates the first administrator of an empty database with this usuario and password; answers
 * false when another process had filled it first. It must take `lockForSeeding` and check
 * `isEmpty` inside its own transaction.
 */
export type PrimerAdministrador = (usuario: string, password: string) => Promise<boolean>;

export interface PrepareOptions {
  log?: (msg: string) => void;
  demo?: DemoSeeder;
  primerAdministrador: PrimerAdministrador;
}

/** No account at all: the state in which a first administrator (or the demo) is created. */
export async function isEmpty(db: Knex | Knex.Transaction): Promise<boolean> {
  return !(await db('logins').first('id'));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** knex refuses (rather than waits) while another process holds its migration lock: wait here. */
async function migrateWaiting(db: Knex, timeoutMs = 60_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await migrateLatest(db);
    } catch (err) {
      const locked = err instanceof Error && /already locked/i.test(err.message);
      if (!locked || Date.now() > deadline) throw err;
      await sleep(250);
    }
  }
}

/**
 * Takes the database's write lock for the transaction, so two processes starting together on
 * a fresh database do not both seed it: the second waits, then finds it no longer empty.
 */
export async function lockForSeeding(trx: Knex.Transaction) {
  if (isPg(trx as unknown as Knex)) await trx.raw('SELECT pg_advisory_xact_lock(?)', [0x4175_6c61]);
  // SQLite: every write transaction begins IMMEDIATE (db/index.ts), so it already holds the
  // single writer lock, taken before anything was read; busy_timeout makes a second process wait.
}

export async function migrateAndSeed(db: Knex, config: Config, { log = console.log, demo, primerAdministrador }: PrepareOptions): Promise<PrepareResult> {
  const migrations = await migrateWaiting(db);
  if (migrations.length) log(`Migraciones aplicadas: ${migrations.join(', ')}`);
  if (!(await isEmpty(db))) return { migrations, seeded: null };

  if (demo && config.env !== 'production') {
    const sembrado = await demo(db, config, log);
    return sembrado ? { migrations, seeded: 'demo', demo: sembrado } : { migrations, seeded: null };
  }

  const { usuario, password } = config.admin;
  if (!usuario || !password) {
    log('No hay ningún administrador: define ADMIN_USUARIO y ADMIN_PASSWORD y vuelve a arrancar para crear el primero.');
    return { migrations, seeded: null };
  }
  if (usuario.length < 3 || usuario.length > 60) throw new Error(`ADMIN_USUARIO debe tener entre 3 y 60 caracteres (recibido «${usuario}»)`);
  const created = await primerAdministrador(usuario, password);
  if (created) log(`Primer administrador creado: ${usuario}`);
  return { migrations, seeded: created ? 'admin' : null };
}
