// Cupones (issue 33, point 6), at every screen size: the contable creates a 25 % code in the
// admin, the shop redeems it for a student and a curso, and the cupón's page shows that use with
// its discount. Nothing wider than the screen, no English, axe finds no critical, serious or
// moderate violation.
import type { Page } from '@playwright/test';
import { quieta, revisar } from './support/axe';
import { expectSpanish } from './support/espanol';
import { expect, test } from './support/fixtures';
import { loginThroughForm } from './support/login';

const API = `http://localhost:${process.env.E2E_API_PORT ?? 3310}`;
const cabe = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('la contable crea un cupón del 25 % y ve su uso con el descuento', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: test.info().project.use.viewport, isMobile: test.info().project.use.isMobile, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await loginThroughForm(page, 'carmen', 'admin');
  await expect(page).toHaveURL(/\/main\/clases/);
  const codigo = `E2E-${test.info().project.name.slice(0, 3).toUpperCase()}-${Date.now().toString(36).toUpperCase()}`;

  await page.goto('/main/cupones/create');
  await page.getByLabel('Código').fill(codigo.toLowerCase());
  await page.getByLabel('Valor').fill('25');
  await expectSpanish(page);
  expect(await cabe(page)).toBe(true);
  await quieta(page);
  await revisar(page, '/main/cupones/create');
  const creado = page.waitForResponse((r) => r.url().endsWith('/cupones') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Guardar' }).click();
  const respuesta = await creado;
  expect(respuesta.status(), await respuesta.text()).toBe(200);
  const cupon = await respuesta.json();
  expect(cupon.codigo).toBe(codigo);

  // The shop (here, the contable by the API) redeems it for a student and a curso with a price.
  const usuarios = await (await page.request.get(`${API}/usuarios?filter=${encodeURIComponent(JSON.stringify({ limit: 1, order: ['id ASC'] }))}`)).json();
  const [curso] = await (await page.request.get(`${API}/cursos?filter=${encodeURIComponent(JSON.stringify({ where: { precio: { gt: 0 }, moneda: 'EUR' }, limit: 1, order: ['id ASC'] }))}`)).json();
  const canje = await page.request.post(`${API}/cupones/canjear`, { data: { codigo: codigo.toLowerCase(), usuarioId: usuarios[0].id, cursoId: curso.id } });
  expect(canje.status(), await canje.text()).toBe(200);
  const descuento = Math.round(curso.precio * 0.25);
  expect(await canje.json()).toMatchObject({ precio: curso.precio, descuento: expect.any(Number), total: curso.precio - (await canje.json()).descuento });
  expect(Math.abs((await canje.json()).descuento - descuento)).toBeLessThanOrEqual(1);
  const euros = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' }).format((await canje.json()).descuento / 100);

  await page.goto(`/main/cupones/${cupon.id}/show`);
  await expect(page.getByText(codigo).first()).toBeVisible();
  await expect(page.getByText('25 %').first()).toBeVisible();
  await expect(page.getByText(`${usuarios[0].nombre}`).first()).toBeVisible();
  await expect(page.getByText(euros).first()).toBeVisible();
  // The table says which pago spent it (none yet); a phone's row keeps who, what and how much.
  if (!test.info().project.use.isMobile) await expect(page.getByText('Sin pago').first()).toBeVisible();
  await expectSpanish(page);
  expect(await cabe(page)).toBe(true);
  await quieta(page);
  await revisar(page, '/main/cupones/show');
  await context.close();
});
