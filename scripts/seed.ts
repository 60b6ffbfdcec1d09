// `npm run seed`: migrates, then loads the demo data into an empty database (admin / admin).
// `npm run seed -- --scale N`: also adds N pagos (N/10 usuarios, ~N/2 facturas) for benchmarks;
// N accepts 1000000, 1_000_000 or 1e6. Neither runs in production.
import { createDb } from '../api/src/db/index.js';
import { isEmpty } from '../api/src/db/preparar.js';
import { prepareDatabase } from '../api/src/preparacion.js';
import { sembrarDemo } from '../seeds/prepare.js';
import { seedScale } from '../seeds/scale.js';
import { configOrExit, describeDatabase } from './db-target.js';

function parseArgs(argv: string[]): { scale?: number } {
  const out: { scale?: number } = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--scale' || arg.startsWith('--scale=')) {
      const raw = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[++i];
      const n = Number(String(raw ?? '').replace(/_/g, ''));
      if (!Number.isInteger(n) || n < 1) {
        console.error(`--scale necesita un número entero de pagos mayor que 0 (recibido «${raw ?? ''}»)`);
        process.exit(2);
      }
      out.scale = n;
    } else if (arg === '--help' || arg === '-h') {
      console.log('Uso: npm run seed [-- --scale N]');
      process.exit(0);
    } else {
      console.error(`Argumento desconocido: ${arg}\nUso: npm run seed [-- --scale N]`);
      process.exit(2);
    }
  }
  return out;
}

const args = parseArgs(process.argv.slice(2));
const config = configOrExit();
if (config.env === 'production') {
  console.error('NODE_ENV=production: no se cargan datos de demostración ni de prueba en producción.');
  console.error('El primer administrador se crea al arrancar con ADMIN_USUARIO y ADMIN_PASSWORD.');
  process.exit(1);
}

const db = createDb(config.database);
try {
  console.log(`Base de datos: ${describeDatabase(config.database)}`);
  const wasEmpty = await isEmpty(db).catch(() => true);
  const result = await prepareDatabase(db, config, { log: (m) => console.log(m), demo: sembrarDemo });
  if (!wasEmpty || result.seeded !== 'demo') console.log('La base de datos ya tiene datos: no se cargan los de demostración.');
  if (args.scale) await seedScale(db, args.scale);
  if (result.seeded !== 'demo') console.log('Administrador de demostración: admin / admin (si no se ha cambiado)');
} catch (err) {
  console.error('La carga de datos ha fallado:', err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
