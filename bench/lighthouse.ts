// `npm run lighthouse -- [--runs 3] [--path /login] [--dist dist/admin] [--build]`
//
// Lighthouse's performance score of an admin page (docs/arquitectura.md §10: a measurement, not a test), as a
// phone on 4G sees it: its default mobile settings (Moto G Power screen, simulated 4G and a 4×
// slower CPU). Serves the build in --dist (building dist/admin first if it is missing, or with
// --build) with the real servers on free ports, a scratch SQLite database with the demo data and
// a scratch storage folder; runs Lighthouse --runs times in the machine's Chromium (CHROME_PATH,
// else /usr/bin/chromium) and prints each run's score and metrics, then the median.
import 'dotenv/config';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildAdminServer } from '../api/src/admin-server.js';
import { loadConfig } from '../api/src/config/index.js';
import { startApi } from '../api/src/index.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    path: { type: 'string', default: '/login' },
    dist: { type: 'string', default: 'dist/admin' },
    build: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs debe ser un entero ≥ 1 (recibido «${values.runs}»)`);
const dist = resolve(values.dist);

const puertoLibre = () =>
  new Promise<number>((ok, mal) => {
    const server = createServer().once('error', mal);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => ok(port));
    });
  });

if (values.build || !existsSync(join(dist, 'index.html'))) {
  if (dist !== resolve('dist/admin')) throw new Error(`No hay build en ${dist}`);
  console.log('Construyendo el admin…');
  const { build } = await import('vite');
  await build({ configFile: resolve('admin/vite.config.ts'), logLevel: 'warn' });
}

const tmp = await mkdtemp(join(tmpdir(), 'aula-lighthouse-'));
const [port, adminPort] = [await puertoLibre(), await puertoLibre()];
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'development',
  PORT: String(port),
  ADMIN_PORT: String(adminPort),
  DATABASE_URL: `sqlite:${join(tmp, 'aula.sqlite')}`,
  STORAGE_DIR: join(tmp, 'archivos'),
  LOG_LEVEL: 'warn',
});
const api = await startApi(config);
const admin = await buildAdminServer(config, dist);
await admin.listen({ port: adminPort, host: '127.0.0.1' });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});

interface Medida {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  si: number;
  kb: number;
}

const url = `http://localhost:${adminPort}${values.path}`;
const medidas: Medida[] = [];
try {
  console.log(`Lighthouse (móvil, 4G simulado) en ${url}, build ${dist}\n`);
  console.log('ejecución  puntos     FCP      LCP     TBT   Speed Index  transferido');
  for (let i = 1; i <= runs; i++) {
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' });
    if (!result) throw new Error('Lighthouse no devolvió resultado');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const valor = (audit: string) => lhr.audits[audit]?.numericValue ?? NaN;
    const medida: Medida = {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcp: valor('first-contentful-paint'),
      lcp: valor('largest-contentful-paint'),
      tbt: valor('total-blocking-time'),
      si: valor('speed-index'),
      kb: valor('total-byte-weight') / 1024,
    };
    medidas.push(medida);
    console.log(fila(String(i), medida));
  }
  const mediana = (f: (m: Medida) => number) => [...medidas].map(f).sort((a, b) => a - b)[Math.floor(medidas.length / 2)];
  console.log(
    fila('mediana', {
      score: mediana((m) => m.score),
      fcp: mediana((m) => m.fcp),
      lcp: mediana((m) => m.lcp),
      tbt: mediana((m) => m.tbt),
      si: mediana((m) => m.si),
      kb: mediana((m) => m.kb),
    }),
  );
} finally {
  chrome.kill();
  await admin.close();
  await api.close();
  await rm(tmp, { recursive: true, force: true });
}

function fila(nombre: string, m: Medida): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return [
    nombre.padEnd(9),
    String(m.score).padStart(6),
    s(m.fcp).padStart(8),
    s(m.lcp).padStart(8),
    `${Math.round(m.tbt)} ms`.padStart(7),
    s(m.si).padStart(13),
    `${m.kb.toFixed(1)} KiB`.padStart(12),
  ].join(' ');
}
