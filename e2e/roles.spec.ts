// Each role sees what its declaration lets it do (docs/arquitectura.md §4), at every screen size,
// with the demo's accounts: the contable (carmen) handles the money and issues an invoice but
// changes no clase; the editor (pablo) uploads a video and never sees a pago, a factura or a
// student's NIF — not in the menu, not on a usuario's page, not by typing /facturas. No page
// load asks for what the role would be refused, and both main screens pass axe.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { abrir, revisar } from './support/axe';
import { BOTON, choose, input, pickFirst, save } from './support/form';
import { loginThroughForm } from './support/login';
import { menuEntry, openMenu } from './support/menu';
import { ENTRADAS_DEL_MENU } from './support/secciones';

const CONTABLE = { usuario: 'carmen', pass: 'admin' };
const EDITOR = { usuario: 'pablo', pass: 'admin' };
const SECCIONES = ENTRADAS_DEL_MENU.map((e) => e.nombre);

// Each test signs in as its own role, not as the suite's administrador.
test.use({ storageState: { cookies: [], origins: [] } });
// A whole working session each (sign-in, axe, a form, an upload): longer than one screen's test.
test.describe.configure({ timeout: 180_000 });

/** Signs in as the account and records every 403 the API answers from then on. */
async function entrarComo(page: Page, cuenta: { usuario: string; pass: string }): Promise<string[]> {
  const rechazos: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 403) rechazos.push(`${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  await loginThroughForm(page, cuenta.usuario, cuenta.pass);
  await expect(page).toHaveURL(/\/main\/clases/);
  return rechazos;
}

async function expectMenu(page: Page, visibles: string[]): Promise<void> {
  await openMenu(page);
  for (const nombre of visibles) await expect(menuEntry(page, nombre)).toBeVisible();
  for (const nombre of SECCIONES.filter((s) => !visibles.includes(s))) await expect(menuEntry(page, nombre)).toHaveCount(0);
  await page.keyboard.press('Escape');
}

const boton = (page: Page, nombre: string | RegExp) => page.getByRole('main').getByRole('button', { name: nombre });
const enlace = (page: Page, nombre: string | RegExp) => page.getByRole('main').getByRole('link', { name: nombre });

test('la contable ve el dinero y emite una factura, y del catálogo solo lee', async ({ page }) => {
  const rechazos = await entrarComo(page, CONTABLE);
  // Every section but the email templates, which are the administrador's alone.
  await expectMenu(page, SECCIONES.filter((s) => s !== 'Plantillas de correo'));

  // The catalogue is read, never changed: no «Crear», no selection, no row opens a form.
  await abrir(page, '/main/clases');
  await expect(page.getByRole('main').locator('.RaList-main')).toBeVisible();
  await expect(enlace(page, /^Crear/)).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('checkbox')).toHaveCount(0);
  await revisar(page, 'clases de la contable');
  // A curso's clases are read in their order, with no handle to move them and no «Añadir clase».
  await page.goto('/main/cursos/1/show');
  await expect(page.getByTestId('fila-clase').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Mover/ })).toHaveCount(0);
  await expect(page.getByTestId('fila-clase').getByRole('link')).toHaveCount(0);
  await expect(enlace(page, 'Añadir clase')).toHaveCount(0);

  // A completed pago, invoiced from its page.
  await page.goto('/main/pagos/create');
  await pickFirst(page, 'Usuario');
  await input(page, 'Importe').fill('42,00');
  await choose(page, 'Método', 'Bizum');
  await choose(page, 'Estado', 'Completado');
  await input(page, 'Referencia').fill(`Pago de la contable ${test.info().project.name} ${Date.now().toString(36)}`);
  await save(page, 'pagos');
  await expect(page).toHaveURL(/\/main\/pagos\/\d+\/show$/);

  const facturada = page.waitForResponse((r) => r.request().method() === 'POST' && /^\/pagos\/\d+\/facturar$/.test(new URL(r.url()).pathname));
  await boton(page, 'Emitir factura').click();
  const dialogo = page.getByRole('dialog');
  await expect(dialogo).toContainText('no se puede deshacer');
  await dialogo.getByRole('button', { name: BOTON.confirmar }).click();
  const respuesta = await facturada;
  expect(respuesta.status()).toBe(200);
  const factura = (await respuesta.json()) as { serie: string; numero: number };
  await expect(enlace(page, `${factura.serie}-${factura.numero}`)).toBeVisible();

  expect(rechazos).toEqual([]);
});

const carpeta = mkdtempSync(join(tmpdir(), 'aula-e2e-roles-'));
const VIDEO = join(carpeta, 'leccion.mp4');
test.beforeAll(() => {
  execFileSync('ffmpeg', ['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10:duration=2', '-pix_fmt', 'yuv420p', VIDEO]);
});

test('el editor sube un vídeo y nunca ve un pago, una factura ni un NIF', async ({ page }) => {
  const rechazos = await entrarComo(page, EDITOR);
  await expectMenu(page, ['Clases', 'Cursos', 'Categorías', 'Usuarios', 'Matrículas']);
  await abrir(page, '/main/clases');
  await revisar(page, 'clases del editor');

  // A clase with its video, as an administrador makes one.
  const titulo = `Clase del editor ${test.info().project.name} ${Date.now().toString(36)}`;
  await page.goto('/main/clases/create');
  await input(page, 'Título').fill(titulo);
  await pickFirst(page, 'Curso');
  await page.getByLabel('Elegir vídeo').setInputFiles(VIDEO);
  await expect(page.getByRole('progressbar', { name: /leccion\.mp4/ })).toHaveAttribute('aria-valuenow', '100');
  // The stored path comes once the server has read the file (ffmpeg), slower on a busy machine.
  await expect(input(page, 'Vídeo')).toHaveValue(/^\/videos\/\w+\.mp4$/, { timeout: 30_000 });
  const creada = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/clases');
  await save(page, 'clases');
  expect((await creada).status()).toBe(200);

  // The usuarios: their names and emails, never a NIF or an address, and no pagos of theirs.
  await abrir(page, '/main/usuarios');
  const main = page.getByRole('main');
  await expect(main.getByText(/@/).first()).toBeVisible();
  await expect(main.getByText('NIF', { exact: true })).toHaveCount(0);
  await expect(enlace(page, /^Crear/)).toHaveCount(0);
  await page.goto('/main/usuarios/1/show');
  await expect(main.getByText('Email', { exact: true })).toBeVisible();
  for (const oculto of ['NIF', 'Dirección', 'Teléfono']) await expect(main.getByText(oculto, { exact: true })).toHaveCount(0);
  await expect(main.getByRole('tab', { name: 'Pagos' })).toHaveCount(0);
  await expect(main.getByRole('tab', { name: 'Facturas' })).toHaveCount(0);
  await expect(enlace(page, /^Editar/)).toHaveCount(0);

  expect(rechazos).toEqual([]);

  // Typed by hand, the facturas say in Spanish that this account, an editor's, may not see them.
  await page.goto('/main/facturas');
  await expect(page.getByRole('heading', { level: 1, name: 'Acceso denegado' })).toBeVisible();
  await expect(page.getByText('Tu cuenta (Editor) no tiene acceso a esta página.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Volver al inicio' })).toBeVisible();
  await expect(page.getByRole('main').getByText(/Factura|Total/)).toHaveCount(0);
});
