// The scratch databases: data/bench.sqlite and the PostgreSQL database aula_bench, filled to
// scale with the project's own migrations and seeds. With --keep a database that already holds
// the requested scale (as recorded in data/bench-fill.json) is reused: filling 1e6 rows takes
// minutes.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { resolve } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../api/src/config/index.js';
import { createDb, type Db } from '../api/src/db/index.js';
import { migrateLatest } from '../migrations/index.js';
import { prepareDatabase } from '../api/src/preparacion.js';
import { sembrarDemo } from '../seeds/prepare.js';
import { seedScale } from '../seeds/scale.js';

export type Dialect = 'sqlite' | 'pg';

export interface Target {
  dialect: Dialect;
  /** DATABASE_URL for the API. */
  url: string;
  /** Where the bare driver connects. */
  driverPath: string;
}

export interface FillInfo {
  scale: number;
  pagos: number;
  reused: boolean;
  /** Seconds to migrate + seed the demo catalogue + seedScale (of the run that filled it). */
  fillSeconds: number;
  seedScaleSeconds: number;
}

const sqliteFile = resolve('data/bench.sqlite');
const markerFile = resolve('data/bench-fill.json');

export function targetFor(dialect: Dialect, pgServer: string, pgDatabase = 'aula_bench'): Target {
  if (dialect === 'sqlite') return { dialect, url: `sqlite:${sqliteFile}`, driverPath: sqliteFile };
  const url = new URL(pgServer);
  url.pathname = `/${pgDatabase}`;
  return { dialect, url: url.toString(), driverPath: url.toString() };
}

type Markers = Partial<Record<Dialect, FillInfo>>;

function readMarkers(): Markers {
  return existsSync(markerFile) ? (JSON.parse(readFileSync(markerFile, 'utf8')) as Markers) : {};
}

async function countPagos(db: Db): Promise<number> {
  const [{ n }] = (await db('pagos').count({ n: '*' })) as { n: number | string }[];
  return Number(n);
}

/** Recreates the PostgreSQL database from nothing (or makes sure it exists, when reusing). */
export async function resetPg(target: Target, drop: boolean) {
  const admin = new URL(target.url);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    if (drop) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

/**
 * A scratch database of its own beside the big bench one, left as it is: a SQLite file
 * `data/bench-<nombre>.sqlite`, or on PostgreSQL the schema `<nombre>`, both emptied. Its URL.
 */
export async function baseDePrueba(target: Target, nombre: string): Promise<string> {
  if (target.dialect === 'sqlite') {
    mkdirSync(resolve('data'), { recursive: true });
    const file = resolve(`data/bench-${nombre}.sqlite`);
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
    return `sqlite:${file}`;
  }
  await resetPg(target, false);
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${nombre}" CASCADE; CREATE SCHEMA "${nombre}"`);
  } finally {
    await client.end();
  }
  const url = new URL(target.url);
  url.searchParams.set('schema', nombre);
  return url.toString();
}

async function reusable(target: Target, scale: number, log: (m: string) => void): Promise<FillInfo | undefined> {
  const marker = readMarkers()[target.dialect];
  if (!marker || marker.scale !== scale) return undefined;
  if (target.dialect === 'sqlite' && !existsSync(sqliteFile)) return undefined;
  if (target.dialect === 'pg') await resetPg(target, false);
  const db = createDb(loadConfig({ DATABASE_URL: target.url }).database);
  try {
    const pagos = await countPagos(db).catch(() => -1);
    if (pagos !== marker.pagos) {
      log(`${target.dialect}: ${pagos} pagos en la base guardada, se esperaban ${marker.pagos}: se rellena de nuevo`);
      return undefined;
    }
    // A kept database still gets the migrations added since it was filled (new indexes).
    const ran = await migrateLatest(db);
    if (ran.length) {
      log(`${target.dialect}: migraciones aplicadas a la base guardada: ${ran.join(', ')}`);
      if (target.dialect === 'pg') await db.raw('VACUUM ANALYZE');
    }
    return { ...marker, reused: true };
  } finally {
    await db.destroy();
  }
}

export async function fill(target: Target, scale: number, keep: boolean, log: (m: string) => void): Promise<FillInfo> {
  if (keep) {
    const kept = await reusable(target, scale, log);
    if (kept) return kept;
  }
  mkdirSync(resolve('data'), { recursive: true });
  if (target.dialect === 'sqlite') for (const suffix of ['', '-wal', '-shm']) rmSync(sqliteFile + suffix, { force: true });
  else await resetPg(target, true);

  const config = loadConfig({ DATABASE_URL: target.url, LOG_LEVEL: 'silent' });
  const db = createDb(config.database);
  try {
    const t0 = performance.now();
    await prepareDatabase(db, config, { log: () => {}, demo: sembrarDemo });
    const t1 = performance.now();
    await seedScale(db, scale, { log: (m) => log(`  ${m}`), emisor: config.emisor });
    // Their VeriFactu records, as the API's start would chain them, so that no start measured does.
    await prepareDatabase(db, config, { log: (m) => log(`  ${m}`) });
    const t2 = performance.now();
    // Production PostgreSQL has statistics (autovacuum gathers them after a bulk load); without
    // them the planner guesses. SQLite gets no ANALYZE because the application never runs one.
    if (target.dialect === 'pg') await db.raw('VACUUM ANALYZE');
    const info: FillInfo = {
      scale,
      pagos: await countPagos(db),
      reused: false,
      fillSeconds: (t2 - t0) / 1000,
      seedScaleSeconds: (t2 - t1) / 1000,
    };
    writeFileSync(markerFile, JSON.stringify({ ...readMarkers(), [target.dialect]: info }, null, 2));
    return info;
  } finally {
    await db.destroy();
  }
}
