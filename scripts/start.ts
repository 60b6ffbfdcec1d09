// `npm start`: builds the admin if it is missing, migrates and (on a fresh embedded database)
// seeds demo data, then serves the API on PORT and the admin on ADMIN_PORT.
import 'dotenv/config';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildAdminServer } from '../api/src/admin-server.js';
import { announceVerifactu, exitOnSignals, loadConfigOrExit, serveApi } from '../api/src/index.js';
import { mensajes } from '../api/src/mensajes.js';
import { sembrarDemo } from '../seeds/prepare.js';

const adminRoot = resolve('dist/admin');
const config = loadConfigOrExit();
announceVerifactu(config);

if (!existsSync(resolve(adminRoot, 'index.html')) || process.argv.includes('--build')) {
  console.log('Construyendo el admin…');
  const { build } = await import('vite');
  await build({ configFile: resolve('admin/vite.config.ts'), logLevel: 'warn' });
}

// WORKERS > 1: this process stays the cluster's primary and serves the admin; workers serve the API.
const api = await serveApi(config, { demo: sembrarDemo });
const admin = await buildAdminServer(config, adminRoot);
await admin.listen({ port: config.adminPort, host: config.host });
console.log(`API:   http://localhost:${config.port}  (explorador en /explorer)${config.workers > 1 ? `, ${config.workers} procesos` : ''}`);
console.log(`Admin: http://localhost:${config.adminPort}`);
if (config.emisor.demo) {
  // Said out loud, so nobody issues real invoices in the name of a business that does not exist.
  console.log(mensajes.facturacion.emisorDemo(config.emisor));
}
exitOnSignals(async () => {
  await admin.close();
  await api.close();
});
