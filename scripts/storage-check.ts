// `npm run storage:check [-- --fix]`: compares the configured storage with the configured
// database (api/src/media/comprobar.ts) and says, in Spanish, what does not match. Exit code 0
// when all is well, 1 when something is wrong (after --fix: still wrong), 2 when the check
// itself could not run.
import { createDb } from '../api/src/db/index.js';
import type { StorageConfig } from '../api/src/config/index.js';
import { createAlmacen } from '../api/src/media/almacen.js';
import { checkAlmacen, describeInforme, quedaMal } from '../api/src/media/comprobar.js';
import { registry } from '../api/src/resources/index.js';
import { configOrExit, describeDatabase } from './db-target.js';

const USO = 'Uso: npm run storage:check [-- --fix]   (--fix borra los ficheros huérfanos, solo esos)';

function parseArgs(argv: string[]): { arreglar: boolean } {
  let arreglar = false;
  for (const arg of argv) {
    if (arg === '--fix') arreglar = true;
    else if (arg === '--help' || arg === '-h') {
      console.log(USO);
      process.exit(0);
    } else {
      console.error(`Argumento desconocido: ${arg}\n${USO}`);
      process.exit(2);
    }
  }
  return { arreglar };
}

/** Where the files are, without any key or secret. */
function describeStorage(storage: StorageConfig): string {
  if (storage.kind === 'local') return `carpeta ${storage.dir}`;
  return `S3, bucket ${storage.bucket}${storage.endpoint ? ` en ${storage.endpoint}` : ''}`;
}

const { arreglar } = parseArgs(process.argv.slice(2));
const config = configOrExit();
const db = createDb(config.database);
try {
  console.log(`Base de datos: ${describeDatabase(config.database)}`);
  console.log(`Almacenamiento: ${describeStorage(config.storage)}`);
  // Checking never creates a bucket: a missing one is an error worth seeing.
  const almacen = await createAlmacen(config.storage, config.media.uploadExpiryHours);
  const informe = await checkAlmacen(db, registry, almacen, { arreglar });
  for (const linea of describeInforme(informe)) console.log(linea);
  process.exitCode = quedaMal(informe) ? 1 : 0;
} catch (err) {
  console.error('La comprobación del almacenamiento ha fallado:', err instanceof Error ? err.message : err);
  process.exitCode = 2;
} finally {
  await db.destroy();
}
