// `npm run migrate`: brings the database named by DATABASE_URL to the latest schema.
import { createDb } from '../api/src/db/index.js';
import { migrateLatest, migrationSource } from '../migrations/index.js';
import { configOrExit, describeDatabase } from './db-target.js';

const config = configOrExit();
const db = createDb(config.database);
try {
  console.log(`Base de datos: ${describeDatabase(config.database)}`);
  const ran = await migrateLatest(db);
  if (ran.length) for (const name of ran) console.log(`  aplicada: ${name}`);
  else {
    const n = (await migrationSource.getMigrations([])).length;
    console.log(`Sin cambios: la base de datos ya está al día (${n} ${n === 1 ? 'migración aplicada' : 'migraciones aplicadas'}).`);
  }
} catch (err) {
  console.error('La migración ha fallado:', err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
