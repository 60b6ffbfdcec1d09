// What every start does to its database (docs/arquitectura.md §4, §9): migrate to the latest schema, then, on
// a database with no administrator at all, either load the demo data with admin / admin
// (development, test) or create the first administrator from ADMIN_USUARIO / ADMIN_PASSWORD
// (production, which never gets demo data).
import type { Knex } from 'knex';
import { hashPassword } from '../api/src/auth/passwords.js';
import type { Config } from '../api/src/config.js';
import { createAlmacen } from '../api/src/media/almacen.js';
import { createFfmpeg } from '../api/src/media/ffmpeg.js';
import { mensajes } from '../api/src/mensajes.js';
import { encadenarEmitidas } from '../api/src/resources/facturas/cadena.js';
import { migrateLatest } from '../migrations/index.js';
import { guardarMediosDemo } from './archivos.js';
import { isEmpty, seedDemo, type SeedDemoResult } from './demo.js';
import { mediosDemo } from './media.js';
import { isPgDb } from './util.js';

export interface PrepareResult {
  /** Names of the migrations applied by this call. */
  migrations: string[];
  /** What was put into an empty database: demo data, the first administrator, or nothing. */
  seeded: 'demo' | 'admin' | null;
  demo?: SeedDemoResult;
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
async function lockForSeeding(trx: Knex.Transaction) {
  if (isPgDb(trx as unknown as Knex)) await trx.raw('SELECT pg_advisory_xact_lock(?)', [0x4175_6c61]);
  // SQLite: a write statement (even one changing nothing) takes the single writer lock now,
  // before anything is read; busy_timeout makes a second process wait for it.
  else await trx('logins').where('id', -1).update({ activo: false });
}

/**
 * The demo data with its media in storage. The files are made before the lock is taken (ffmpeg
 * needs seconds, longer than a second process waits for SQLite's), stored and described inside
 * the transaction, and removed again if it fails, so a failed seed leaves no orphan behind.
 */
async function seedDemoConMedios(db: Knex, config: Config, adminPasswordHash: string, log: (msg: string) => void) {
  const medios = await mediosDemo(config.ffmpeg.ffmpeg);
  if (medios.origen === 'incluidos') log('Medios de demostración: se usan los incluidos en seeds/media (ffmpeg no ha podido generarlos)');
  const almacen = await createAlmacen(config.storage, config.media.uploadExpiryHours, { crearBucket: true });
  const ffmpeg = createFfmpeg({ ...config.ffmpeg, avisar: log });
  const guardadas: string[] = [];
  try {
    return await db.transaction(async (trx) => {
      await lockForSeeding(trx);
      if (!(await isEmpty(trx))) return undefined;
      const archivos = await guardarMediosDemo(trx, almacen, ffmpeg, medios.medios, log, guardadas);
      return seedDemo(trx, { adminPasswordHash, scrypt: config.scrypt, archivos });
    });
  } catch (err) {
    for (const clave of guardadas) await almacen.borrar(clave).catch(() => undefined);
    throw err;
  } finally {
    await medios.limpiar();
  }
}

export async function prepareDatabase(db: Knex, config: Config, log: (msg: string) => void = console.log): Promise<PrepareResult> {
  const result = await migrateAndSeed(db, config, log);
  // Invoices issued before the VeriFactu chain existed, or by the demo seed, get their records.
  const encadenadas = await encadenarEmitidas(db, config);
  if (encadenadas) log(mensajes.facturacion.encadenadas(encadenadas));
  return result;
}

async function migrateAndSeed(db: Knex, config: Config, log: (msg: string) => void): Promise<PrepareResult> {
  const migrations = await migrateWaiting(db);
  if (migrations.length) log(`Migraciones aplicadas: ${migrations.join(', ')}`);
  if (!(await isEmpty(db))) return { migrations, seeded: null };

  if (config.env !== 'production') {
    const adminPasswordHash = await hashPassword('admin', config.scrypt);
    const demo = await seedDemoConMedios(db, config, adminPasswordHash, log);
    if (!demo) return { migrations, seeded: null };
    log(`Base de datos vacía: cargados datos de demostración (${demo.cursos} cursos, ${demo.clases} clases, ${demo.usuarios} usuarios, ${demo.pagos} pagos, ${demo.facturas} facturas)`);
    log('Administrador de demostración: admin / admin');
    return { migrations, seeded: 'demo', demo };
  }

  const { usuario, password } = config.admin;
  if (!usuario || !password) {
    log('No hay ningún administrador: define ADMIN_USUARIO y ADMIN_PASSWORD y vuelve a arrancar para crear el primero.');
    return { migrations, seeded: null };
  }
  if (usuario.length < 3 || usuario.length > 60) throw new Error(`ADMIN_USUARIO debe tener entre 3 y 60 caracteres (recibido «${usuario}»)`);
  const pass = await hashPassword(password, config.scrypt);
  const created = await db.transaction(async (trx) => {
    await lockForSeeding(trx);
    if (!(await isEmpty(trx))) return false;
    const now = new Date().toISOString();
    await trx('logins').insert({ usuario, pass, nombre: 'Administrador', activo: true, createdAt: now, updatedAt: now });
    return true;
  });
  if (created) log(`Primer administrador creado: ${usuario}`);
  return { migrations, seeded: created ? 'admin' : null };
}
