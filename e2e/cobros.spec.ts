// Payments that arrive by themselves (issue 32), at every screen size: the contable opens «Cobros»
// and reads what Stripe sent, a refused notification with its reason in Spanish; the
// administrador creates the shop's API token from the accounts page, sees it once, and revokes it.
// Nothing wider than the screen, no English, and axe finds no critical, serious or moderate violation.
import { createCipheriv, createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import Stripe from 'stripe';
import { quieta, revisar } from './support/axe';
import { expectSpanish } from './support/espanol';
import { expect, test } from './support/fixtures';
import { loginThroughForm } from './support/login';
import { menuEntry, openMenu } from './support/menu';

// The same secrets the suite's server is started with (playwright.config.ts).
const SECRETO = 'whsec_e2e_aula_cobros';
const CLAVE_REDSYS = Buffer.from('sq7HjrUOBfKmC576ILgskD5srU870gJ7', 'base64');

/** A Redsys TPV notification, signed as Redsys documents (HMAC_SHA256_V1 with the key diversified by the order). */
function redsys(datos: Record<string, string>): string {
  const parametros = Buffer.from(JSON.stringify(datos)).toString('base64');
  const pedido = Buffer.alloc(Math.ceil(datos.Ds_Order.length / 8) * 8);
  pedido.write(datos.Ds_Order);
  const cifrador = createCipheriv('des-ede3-cbc', CLAVE_REDSYS, Buffer.alloc(8)).setAutoPadding(false);
  const clave = Buffer.concat([cifrador.update(pedido), cifrador.final()]);
  const firma = createHmac('sha256', clave).update(parametros).digest('base64url');
  return new URLSearchParams({ Ds_SignatureVersion: 'HMAC_SHA256_V1', Ds_MerchantParameters: parametros, Ds_Signature: firma }).toString();
}
const API = `http://localhost:${process.env.E2E_API_PORT ?? 3310}`;
const cabe = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('la contable ve en «Cobros» un aviso de Stripe rechazado y por qué', async ({ browser, baseURL, request }) => {
  // A payment Stripe announces with nothing that says whose it is: kept, refused, with its reason.
  const pi = `pi_e2e_${test.info().project.name}_${Date.now().toString(36)}`;
  const payload = JSON.stringify({ id: `evt_${pi}`, object: 'event', type: 'payment_intent.succeeded', created: Math.floor(Date.now() / 1000), data: { object: { id: pi, object: 'payment_intent', amount: 4900, amount_received: 4900, currency: 'eur', metadata: {} } } });
  const res = await request.post(`${API}/pasarelas/stripe`, { data: payload, headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRETO }) } });
  expect(res.status()).toBe(200);

  const context = await browser.newContext({ baseURL, viewport: test.info().project.use.viewport, isMobile: test.info().project.use.isMobile, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await loginThroughForm(page, 'carmen', 'admin');
  await expect(page).toHaveURL(/\/main\/clases/);
  await openMenu(page);
  await menuEntry(page, 'Cobros').click();
  await expect(page).toHaveURL(/\/main\/notificaciones/);
  await expect(page.getByText('Stripe está configurado')).toBeVisible();
  const fila = page.getByText(/no dice de quién es el pago/).first();
  await expect(fila).toBeVisible();
  await expect(page.getByText('Rechazada').first()).toBeVisible();
  await expectSpanish(page);
  expect(await cabe(page)).toBe(true);
  await quieta(page);
  await revisar(page, '/main/notificaciones de la contable');
  await context.close();
});

test('el administrador crea el token de la tienda desde las cuentas, lo ve una vez y lo revoca', async ({ page }) => {
  const nombre = `Tienda web ${test.info().project.name} ${Date.now().toString(36)}`;
  await page.goto('/main/logins');
  await page.getByRole('link', { name: 'Tokens de API' }).click();
  await expect(page).toHaveURL(/\/main\/tokens$/);
  await page.goto('/main/tokens/create');
  await page.getByLabel(/^Nombre/).fill(nombre);
  await page.getByLabel(/^Rol/).click();
  await page.getByRole('option', { name: 'Tienda' }).click();
  expect(await cabe(page)).toBe(true);
  await page.getByRole('button', { name: 'Guardar' }).click();

  const dialogo = page.getByRole('dialog', { name: `Token «${nombre}»` });
  await expect(dialogo).toBeVisible();
  await expect(dialogo).toContainText('no se volverá a mostrar');
  await expect(dialogo).toContainText('«Tienda»');
  const token = (await dialogo.getByTestId('token-creado').textContent())!.trim();
  expect(token).toMatch(/^aula_[A-Za-z0-9_-]{43}$/);
  await expectSpanish(page);
  await dialogo.getByRole('button', { name: 'Ya lo he guardado' }).click();

  // It works as the shop, until revoked.
  const comoTienda = (url: string) => page.request.get(`${API}${url}`, { headers: { authorization: `Bearer ${token}`, cookie: '' } });
  expect((await comoTienda('/cursos')).status()).toBe(200);
  await expect(page).toHaveURL(/\/main\/tokens$/);
  const fila = page.getByText(nombre).first();
  await expect(fila).toBeVisible();
  expect(await cabe(page)).toBe(true);
  await expect(page.getByText(token)).toHaveCount(0);
  await quieta(page);
  await revisar(page, '/main/tokens');

  // Its page: «Revocar», asked first; then the shop is refused at once.
  await fila.click();
  await expect(page).toHaveURL(/\/main\/tokens\/\d+$/);
  await page.getByRole('button', { name: 'Revocar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Token revocado', { exact: true })).toBeVisible();
  expect((await comoTienda('/cursos')).status()).toBe(401);
  await expect(page.getByRole('button', { name: 'Revocar' })).toHaveCount(0);
  await expectSpanish(page);
  expect(await cabe(page)).toBe(true);
});

test('la contable corrige el pago de un aviso de Redsys rechazado y lo reprocesa', async ({ page }) => {
  // The shop opened its pago at the wrong price; Redsys charged the right one: refused, kept.
  const pedido = `E2E${Date.now().toString(36).toUpperCase()}`.slice(0, 12);
  const u = await page.request.post(`${API}/usuarios`, { data: { nombre: 'Rocío', apellidos: 'Vidal', email: `${pedido.toLowerCase()}@example.es` } });
  const pago = await page.request.post(`${API}/pagos`, { data: { usuarioId: (await u.json()).id, importe: 5900, metodo: 'tarjeta', referencia: pedido, fecha: new Date().toISOString() } });
  const pagoId = (await pago.json()).id;
  const aviso = { Ds_Amount: '4900', Ds_Currency: '978', Ds_Order: pedido, Ds_MerchantCode: '999008881', Ds_Terminal: '1', Ds_Response: '0000', Ds_TransactionType: '0', Ds_AuthorisationCode: '123456', Ds_ProcessedPayMethod: '68' };
  const res = await page.request.post(`${API}/pasarelas/redsys`, { data: redsys(aviso), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  expect((await res.json()).estado).toBe('rechazada');

  // Searched by its order (the notification's id carries it): the other sizes' runs add theirs.
  await page.goto(`/main/notificaciones?filter=${encodeURIComponent(JSON.stringify({ q: pedido }))}`);
  await expect(page.getByText(/Redsys \(tarjeta y Bizum\) está configurado/)).toBeVisible();
  await expect(page.getByText(/Redsys cobró 49,00\s€ y el pago es de 59,00\s€/).first()).toBeVisible();
  expect(await cabe(page)).toBe(true);
  await expectSpanish(page);

  // The price was the shop's mistake: the pago still pending is corrected, and the notification processed again.
  expect((await page.request.patch(`${API}/pagos/${pagoId}`, { data: { importe: 4900 } })).status()).toBe(204);
  await page.getByRole('button', { name: 'Reprocesar' }).click();
  await expect(page.getByText('Pago con Bizum completado y facturado').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reprocesar' })).toHaveCount(0);
  const completado = await (await page.request.get(`${API}/pagos/${pagoId}`)).json();
  expect(completado).toMatchObject({ estado: 'completado', metodo: 'bizum', pasarela: 'redsys' });
  await quieta(page);
  await revisar(page, '/main/notificaciones con un aviso reprocesado');
});
