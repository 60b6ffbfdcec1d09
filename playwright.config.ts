// Browser tests against the real API and the built admin, on a fresh seeded database, in
// Debian's Chromium (no browser downloads on these machines).
import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Overridable so two checkouts can run their browser suites side by side.
const API_PORT = Number(process.env.E2E_API_PORT ?? 3310);
const ADMIN_PORT = Number(process.env.E2E_ADMIN_PORT ?? 8310);
// The mailbox the API sends to (e2e/support/buzon.ts): SMTP, and its messages as JSON for the specs.
// Beside the API's port, so each part of scripts/e2e.sh has its own (4511 and 4611 for 3311).
const SMTP_PORT = (process.env.E2E_SMTP_PORT ??= String(API_PORT + 1200));
const BUZON_PORT = (process.env.E2E_BUZON_PORT ??= String(API_PORT + 1300));
// Kept in the environment so the workers, which read this file again, name the same database: a
// spec may set up there what no screen makes in a test's time (tareas.spec.ts: a job failed for good).
const database = (process.env.E2E_DATABASE ??= join(tmpdir(), `aula-e2e-${process.pid}-${Date.now()}.sqlite`));
// Uploaded files of a run go with its database, never into the checkout's data/.
const storage = join(tmpdir(), `aula-e2e-${process.pid}-${Date.now()}-archivos`);

// Debian's headless shell when it is there (what Playwright itself runs headless): the same
// Blink without the full browser's compositor, a third less CPU over the suite than
// /usr/bin/chromium, which stays the fallback (and what `npm run lighthouse` uses).
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
};

// The tablet sits between the other two: the desktop's lists (with the columns a tablet omits)
// under a finger. It runs what depends on its width (no cut column, no page wider than the
// screen, no violation, the shell, the session warning, the daily screens) and the screens whose
// issues asked for three sizes; the rest of the flows run on the desktop and the phone, which
// bracket it. All of them on all three took a third of CI's time for no failure of its own.
const EN_TABLETA = /e2e\/(anchura|accesible|shell|sesion|diario|informes|roles|mi-cuenta|segundo-factor|vivo|historial|tareas|cobros|extractos|matriculas|importacion|cupones|restablecer|correo)\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${ADMIN_PORT}`,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    launchOptions: chromium,
    trace: 'off',
    // A missing element fails in seconds, not at the 60 s test timeout.
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
  },
  projects: [
    { name: 'escritorio', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium } },
    { name: 'tableta', testMatch: EN_TABLETA, use: { viewport: { width: 820, height: 1180 }, isMobile: true, hasTouch: true, launchOptions: chromium } },
    { name: 'movil', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, launchOptions: chromium } },
  ],
  webServer: [
    {
      command: 'npx tsx scripts/start.ts',
      // The admin listens last, once the API is up and the database seeded.
      url: `http://localhost:${ADMIN_PORT}/config.js`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(API_PORT),
        ADMIN_PORT: String(ADMIN_PORT),
        DATABASE_URL: `sqlite:${database}`,
        STORAGE_DIR: storage,
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        // Many logins across the suite from one IP: the throttle is tested in the API suite.
        LOGIN_MAX_FAILURES: '1000',
        LOGIN_MAX_FAILURES_IP: '1000',
        // And each sign-in writes its BACK-LOGIN entry: their allowance is tested there too.
        ACTIVIDAD_MAX_POR_CUENTA: '1000',
        // The Stripe and Redsys notifications cobros.spec.ts signs (the API suite tests the gateways
        // themselves); Redsys's is the public key of its test environment.
        STRIPE_WEBHOOK_SECRET: 'whsec_e2e_aula_cobros',
        REDSYS_CLAVE: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7',
        REDSYS_COMERCIO: '999008881',
        // Messages go to the suite's mailbox, at once (restablecer.spec.ts reads a link out of one).
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        SMTP_MAX_POR_MINUTO: '1000',
      },
    },
    {
      command: 'npx tsx e2e/support/buzon.ts',
      url: `http://127.0.0.1:${BUZON_PORT}/mensajes`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
