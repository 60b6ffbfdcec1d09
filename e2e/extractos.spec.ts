// Bank transfers reconciled with the bank's statement (Norma 43), at every screen size: the
// contable imports the file, reads Aula's proposal (the pending transfer whose reference is in
// the concept), confirms it, and the pago is completed «from the statement». Nothing wider than
// the screen, no English, and axe finds no critical, serious or moderate violation.
import type { Page } from '@playwright/test';
import { buildNorma43 } from '../api/test/support/norma43';
import { quieta, revisar } from './support/axe';
import { expectSpanish } from './support/espanol';
import { expect, test } from './support/fixtures';
import { loginThroughForm } from './support/login';
import { menuEntry, openMenu } from './support/menu';

const API = `http://localhost:${process.env.E2E_API_PORT ?? 3310}`;
const cabe = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const aammdd = (d: Date) => d.toISOString().slice(2, 10).replace(/-/g, '');

test('la contable importa un extracto Norma 43, revisa la propuesta, confirma y el pago queda completado', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: test.info().project.use.viewport, isMobile: test.info().project.use.isMobile, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await loginThroughForm(page, 'carmen', 'admin');
  await expect(page).toHaveURL(/\/main\/clases/);

  // A transfer the academy waits for: its reference is what the customer writes in the concept.
  const referencia = `E2E${test.info().project.name.slice(0, 3).toUpperCase()}${Date.now().toString(36).toUpperCase()}`;
  const importe = 1000 + Math.floor(Math.random() * 30000);
  const usuarios = await page.request.get(`${API}/usuarios?filter=${encodeURIComponent(JSON.stringify({ limit: 1, order: ['id ASC'] }))}`);
  expect(usuarios.status()).toBe(200);
  const [usuario] = await usuarios.json();
  const creado = await page.request.post(`${API}/pagos`, { data: { usuarioId: usuario.id, importe, metodo: 'transferencia', referencia, fecha: new Date().toISOString() } });
  expect(creado.status()).toBe(200);
  const pago = await creado.json();

  const hoy = aammdd(new Date());
  const archivo = buildNorma43({
    desde: hoy,
    hasta: hoy,
    movimientos: [
      { fechaOperacion: hoy, importe, conceptos: [`TRANSFERENCIA ${referencia}`, 'ORDENANTE: CLIENTE DE LA ACADEMIA'] },
      { fechaOperacion: hoy, importe: -350, conceptoComun: '17', conceptos: ['COMISIÓN DE MANTENIMIENTO'] },
    ],
  });

  await openMenu(page);
  await menuEntry(page, 'Pagos').click();
  await expect(page).toHaveURL(/\/main\/pagos/);
  await page.getByRole('link', { name: 'Extractos bancarios' }).click();
  await expect(page).toHaveURL(/\/main\/extractos/);
  await page.getByTestId('archivo-extracto').setInputFiles({ name: `extracto-${referencia}.n43`, mimeType: 'application/octet-stream', buffer: archivo });
  await expect(page).toHaveURL(/\/main\/extractos\/\d+\/show/);
  await expect(page.getByText('Extracto importado')).toBeVisible();

  const abono = page.getByTestId('movimiento-2');
  await expect(abono).toContainText(`La referencia ${referencia} aparece en el concepto`);
  await expect(abono).toContainText(referencia);
  await expect(page.getByTestId('movimiento-4')).toContainText('Cargo');
  await expect(page.getByText('Se aplicará un pago')).toBeVisible();
  await expectSpanish(page);
  expect(await cabe(page)).toBe(true);
  await quieta(page);
  await revisar(page, '/main/extractos/show de la contable');

  const respuesta = page.waitForResponse((r) => r.url().includes('/confirmar'));
  await page.getByRole('button', { name: 'Confirmar' }).click();
  const confirmada = await respuesta;
  expect(confirmada.status(), await confirmada.text()).toBe(200);
  await expect(page.getByText('Pagos aplicados: 1')).toBeVisible();
  await expect(page.getByTestId('movimiento-2')).toContainText(`Aplicado al pago ${referencia}`);

  await page.goto(`/main/pagos/${pago.id}/show`);
  await expect(page.getByText('Completado').first()).toBeVisible();
  await expect(page.getByText('Extracto bancario', { exact: true })).toBeVisible();
  expect(await cabe(page)).toBe(true);
  await context.close();
});
