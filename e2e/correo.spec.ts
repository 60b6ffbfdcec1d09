// Email in the admin (issue 34), at every screen size: the contable sends an issued invoice to
// another address and finds the message in the invoice's «Correos» block and in «Correo»; the
// administrador edits a template's subject beside its live preview, saves it, and restores the
// original. Nothing wider than the screen, no English, axe finds no critical, serious or
// moderate violation.
import type { Page } from '@playwright/test';
import { quieta, revisar } from './support/axe';
import { expectSpanish } from './support/espanol';
import { expect, test } from './support/fixtures';
import { BOTON, input, save } from './support/form';
import { API, listedRecords, openSearched } from './support/list';
import { loginThroughForm } from './support/login';

const cabe = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** What each page must be: Spanish, within the screen, and clean for axe once still. */
async function revisarPagina(page: Page, donde: string) {
  await quieta(page);
  await expectSpanish(page);
  expect(await cabe(page), `${donde} más ancha que la pantalla`).toBe(true);
  await revisar(page, donde);
}

test('la contable envía una factura emitida a otra dirección y la ve en sus correos y en Correo', async ({ browser, baseURL }) => {
  const proyecto = test.info().project;
  const context = await browser.newContext({ baseURL, viewport: proyecto.use.viewport, isMobile: proyecto.use.isMobile, hasTouch: proyecto.use.hasTouch, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await loginThroughForm(page, 'carmen', 'admin');
  await expect(page).toHaveURL(/\/main\/clases/);

  const filtro = encodeURIComponent(JSON.stringify({ where: { estado: 'emitida' }, limit: 1, order: ['id DESC'] }));
  const [factura] = await (await page.request.get(`${API}/facturas?filter=${filtro}`)).json();
  expect(factura, 'ninguna factura emitida en la demo').toBeDefined();
  const direccion = `gestoria-${proyecto.name}-${Date.now().toString(36)}@example.com`;

  await page.goto(`/main/facturas/${factura.id}/show`);
  const boton = page.getByRole('button', { name: /^(Enviar|Reenviar) por email$/ });
  await boton.click();
  const dialogo = page.getByRole('dialog');
  await expect(dialogo).toContainText('con la factura en PDF adjunta');
  // An address the server refuses (one the browser's check lets through) is said under the
  // field, and what was typed stays.
  await dialogo.getByLabel('Otra dirección').fill('gestoría@example.com');
  await dialogo.getByRole('button', { name: /por email$/ }).click();
  await expect(dialogo.getByText('Escribe una sola dirección de correo válida (sin nombre, sin comas ni saltos de línea)')).toBeVisible();
  await expect(dialogo.getByLabel('Otra dirección')).toHaveValue('gestoría@example.com');
  await revisarPagina(page, 'diálogo «Enviar por email»');

  await dialogo.getByLabel('Otra dirección').fill(direccion);
  const enviada = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `/facturas/${factura.id}/enviar`);
  await dialogo.getByRole('button', { name: /por email$/ }).click();
  const respuesta = await enviada;
  expect(respuesta.status(), await respuesta.text()).toBe(200);
  const correo = await respuesta.json();
  await expect(page.getByText(`Factura puesta en cola para enviarse a ${direccion}`)).toBeVisible();
  await expect(dialogo).toHaveCount(0);

  // The invoice's «Correos» block lists it, and opens it.
  const bloque = page.getByRole('main').getByText(direccion);
  await expect(bloque.first()).toBeVisible();
  await revisarPagina(page, 'ficha de la factura con sus correos');

  // «Correo», searched by the address: the message, which opens on its page.
  await openSearched(page, 'correos', direccion);
  await expect(listedRecords(page)).toHaveCount(1);
  await expect(listedRecords(page).first()).toContainText(direccion);
  await revisarPagina(page, 'lista de Correo');
  await listedRecords(page).first().getByText(direccion).click();
  await expect(page).toHaveURL(new RegExp(`/main/correos/${correo.id}/show$`));
  await expect(page.getByRole('main').getByText(direccion).first()).toBeVisible();
  const marco = page.locator('iframe[sandbox=""]');
  await expect(marco).toHaveAttribute('title', /^Mensaje «.+» en HTML$/);
  await expect(page.frameLocator('iframe[sandbox=""]').getByText(factura.clienteNombre ?? /Hola/).first()).toBeVisible();
  await revisarPagina(page, 'página de un correo');
  await context.close();
});

test('el administrador edita el asunto de una plantilla con la vista previa, la guarda y restablece el original', async ({ page }) => {
  const proyecto = test.info().project.name;
  await page.goto('/main/plantillas');
  await expect(listedRecords(page)).toHaveCount(7);
  await revisarPagina(page, 'lista de plantillas');
  await listedRecords(page).filter({ hasText: 'Factura emitida' }).first().click();
  await expect(page).toHaveURL(/\/main\/plantillas\/\d+$/);
  const abierta = page.url();

  const asunto = input(page, 'Asunto');
  await expect(asunto).toHaveValue(/\{\{numero\}\}/);
  const vistaAsunto = page.getByTestId('vista-asunto');
  await expect(vistaAsunto).toContainText('Tu factura A-128');
  await expect(page.getByText('{{cliente}}').first()).toBeVisible();
  await revisarPagina(page, 'editor de plantilla');

  // A variable of another kind is refused under the field, as saving would refuse it.
  await asunto.fill('Tu recibo {{precio}}');
  await expect(page.getByText(/\{\{precio\}\} no es una variable de esta plantilla/)).toBeVisible();
  await expect(asunto).toHaveValue('Tu recibo {{precio}}');

  await asunto.fill(`Tu factura {{numero}} (${proyecto})`);
  await expect(vistaAsunto).toContainText(`Tu factura A-128 (${proyecto})`);
  await expect(page.getByText(/no es una variable/)).toHaveCount(0);
  await save(page, 'plantillas');
  await expect(page.getByText(/actualizado/i).first()).toBeVisible();

  await page.goto(abierta);
  await expect(input(page, 'Asunto')).toHaveValue(`Tu factura {{numero}} (${proyecto})`);
  const restablecida = page.waitForResponse((r) => r.request().method() === 'POST' && /\/plantillas\/\d+\/original$/.test(new URL(r.url()).pathname));
  await page.getByRole('button', { name: 'Restablecer el original' }).click();
  const pregunta = page.getByRole('dialog');
  await expect(pregunta).toContainText('Factura emitida');
  await pregunta.getByRole('button', { name: BOTON.confirmar }).click();
  expect((await restablecida).status()).toBe(200);
  await expect(input(page, 'Asunto')).toHaveValue('Tu factura {{numero}} de {{academia}}');
  await expect(vistaAsunto).toContainText('Tu factura A-128 de');
  await expect(page.getByText('Plantilla restablecida')).toBeVisible();
});
