// «Tareas automáticas» (docs/arquitectura.md §19), the administrador's page of background work, at
// every screen size: reached from the administrator's menu, each kind in Spanish with its state and
// runs (an upload's processing shows as a run that went well), a job that failed for good with its
// reason and «Reintentar», which the runner then runs; nothing wider than the screen, no English,
// and axe finds no critical, serious or moderate violation. The contable neither sees it nor reaches it.
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { abrir, quieta, revisar } from './support/axe';
import { expectSpanish } from './support/espanol';
import { expect, test } from './support/fixtures';
import { loginThroughForm } from './support/login';

const FOTO = join(mkdtempSync(join(tmpdir(), 'aula-e2e-tareas-')), 'portada.png');
test.beforeAll(() => execFileSync('ffmpeg', ['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240', '-frames:v', '1', FOTO]));

const tarjeta = (page: Page, nombre: string) => page.getByRole('region', { name: nombre });
const cabe = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/**
 * A processing job that used up its retries, as the runner leaves one (S3 down for hours), written
 * into the server's database: no screen makes one in a test's time. Its upload has no archivo, so
 * retried it has nothing to do and ends well.
 */
function trabajoFallido(motivo: string): number {
  const db = new Database(process.env.E2E_DATABASE!);
  try {
    db.pragma('busy_timeout = 5000');
    const ahora = new Date().toISOString();
    const clave = `e2e-${test.info().project.name}-${Date.now().toString(36)}`;
    const { lastInsertRowid } = db
      .prepare(`INSERT INTO trabajos (tipo, clave, datos, estado, intentos, generacion, error, ejecutarEn, inicio, fin, createdAt, updatedAt) VALUES ('procesadoArchivos', ?, ?, 'fallido', 31, 31, ?, ?, ?, ?, ?, ?)`)
      .run(clave, JSON.stringify({ subida: clave }), motivo, ahora, ahora, ahora, ahora, ahora);
    return Number(lastInsertRowid);
  } finally {
    db.close();
  }
}

async function abrirTareas(page: Page) {
  await page.goto('/main/clases');
  await page.getByRole('button', { name: 'Perfil' }).click();
  await page.getByRole('menuitem', { name: 'Tareas automáticas' }).click();
  await expect(page).toHaveURL(/\/main\/trabajos$/);
}

test('se llega desde el menú del administrador y cada tarea dice en español cómo va; un archivo subido es una ejecución que fue bien', async ({ page }) => {
  // An upload, so the processing has a run of its own to show.
  await page.goto('/main/cursos/create');
  await page.getByLabel('Elegir foto').setInputFiles(FOTO);
  await expect(page.getByText('Listo: guarda para conservarlo')).toBeVisible();

  await abrirTareas(page);
  const procesado = tarjeta(page, 'Procesado de archivos subidos');
  await expect(procesado).toContainText('Cuando hay algo que hacer');
  await expect(procesado).toContainText(/Última ejecución\s*\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}: bien/);
  await expect(tarjeta(page, 'Limpieza de subidas abandonadas')).toContainText('Cada 1 hora');
  await expect(tarjeta(page, 'Limpieza de trabajos terminados')).toContainText('Al día');
  // The demo runs without HISTORIAL_DIAS: the purge is off, and the page says so.
  const purga = tarjeta(page, 'Purga de los valores antiguos del historial');
  await expect(purga).toContainText('Desactivada por la configuración');
  await expectSpanish(page);
  expect(await cabe(page)).toBe(true);
});

test('un trabajo fallido se ve con su motivo; «Reintentar» lo pone en cola y se ejecuta', async ({ page }) => {
  const motivo = `El almacenamiento S3 no respondió (${test.info().project.name})`;
  trabajoFallido(motivo);
  await abrirTareas(page);
  const procesado = tarjeta(page, 'Procesado de archivos subidos');
  await expect(procesado).toContainText('Con fallos');
  const fallo = procesado.getByRole('listitem').filter({ hasText: motivo });
  await expect(fallo).toContainText('31 intentos');
  expect(await cabe(page)).toBe(true);
  await quieta(page);
  await revisar(page, '/main/trabajos con un fallo');

  await fallo.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByText('Tarea en cola de nuevo')).toBeVisible();
  // Run by the server's runner: the failure leaves the list, and the last run went well.
  await expect(procesado.getByText(motivo)).toHaveCount(0);
  await expect(procesado).toContainText(/: bien/);
});

test('la contable no la tiene en su menú, y por su dirección lee «Acceso denegado» sin que se pida nada que el API le negaría', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: test.info().project.use.viewport, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  const rechazos: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 403) rechazos.push(`${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  await loginThroughForm(page, 'carmen', 'admin');
  await expect(page).toHaveURL(/\/main\/clases/);
  await page.getByRole('button', { name: 'Perfil' }).click();
  await expect(page.getByRole('menuitem', { name: 'Actividad' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Tareas automáticas' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/main/trabajos');
  await expect(page.getByRole('main')).toContainText('Acceso denegado');
  await expect(page.getByRole('main')).toContainText('Contable');
  expect(rechazos).toEqual([]);
  await context.close();
});

test('sin violaciones graves de accesibilidad', async ({ page }) => {
  await abrir(page, '/main/trabajos');
  await expect(tarjeta(page, 'Procesado de archivos subidos')).toBeVisible();
  await quieta(page);
  await revisar(page, '/main/trabajos');
});
