// The demo data of `npm start` and of the tests, for api/src/db/preparar.ts to put into an empty
// database outside production: the accounts admin / admin and lucia, the catalogue, the people,
// the money, and real media made by ffmpeg.
import type { Knex } from 'knex';
import { hashPassword } from '../api/src/auth/passwords.js';
import type { Config } from '../api/src/config/index.js';
import { isEmpty, lockForSeeding, type DemoSeeder } from '../api/src/db/preparar.js';
import { createAlmacen } from '../api/src/media/almacen.js';
import { createFfmpeg } from '../api/src/media/ffmpeg.js';
import { guardarMediosDemo } from './archivos.js';
import { seedDemo, type SeedDemoResult } from './demo.js';
import { mediosDemo } from './media.js';

/**
 * The demo data with its media in storage. The files are made before the lock is taken (ffmpeg
 * needs seconds, longer than a second process waits for SQLite's), stored and described inside
 * the transaction, and removed again if it fails, so a failed seed leaves no orphan behind.
 */
async function seedDemoConMedios(db: Knex, config: Config, adminPasswordHash: string, log: (msg: string) => void): Promise<SeedDemoResult | undefined> {
  const medios = await mediosDemo(config.ffmpeg.ffmpeg);
  if (medios.origen === 'incluidos') log('Medios de demostración: se usan los incluidos en seeds/media (ffmpeg no ha podido generarlos)');
  const almacen = await createAlmacen(config.storage, config.media.uploadExpiryHours, { crearBucket: true });
  const ffmpeg = createFfmpeg({ ...config.ffmpeg, warn: log });
  const guardadas: string[] = [];
  try {
    return await db.transaction(async (trx) => {
      await lockForSeeding(trx);
      if (!(await isEmpty(trx))) return undefined;
      const archivos = await guardarMediosDemo(trx, almacen, ffmpeg, medios.medios, log, guardadas);
      return seedDemo(trx, { adminPasswordHash, scrypt: config.scrypt, archivos });
    });
  } catch (err) {
    for (const clave of guardadas) await almacen.delete(clave).catch(() => undefined);
    throw err;
  } finally {
    await medios.limpiar();
  }
}

export const sembrarDemo: DemoSeeder = async (db, config, log) => {
  const demo = await seedDemoConMedios(db, config, await hashPassword('admin', config.scrypt), log);
  if (!demo) return undefined;
  log(`Base de datos vacía: cargados datos de demostración (${demo.cursos} cursos, ${demo.clases} clases, ${demo.usuarios} usuarios, ${demo.pagos} pagos, ${demo.facturas} facturas)`);
  log('Administrador de demostración: admin / admin');
  log('Contable y editor de demostración: carmen / admin y pablo / admin');
  return { ...demo };
};
