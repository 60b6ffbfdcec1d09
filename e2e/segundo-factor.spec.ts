// The second factor from the browser (docs/arquitectura.md §4): an account of its own enrols
// from Mi cuenta (the code computed here from the secret of the QR's URI, as a phone would, and
// its password), then logs in with a code of the app and with a recovery code, on the login
// page's second step; at last the administrador removes it, as for a lost phone.
import type { Browser, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { crearCuenta } from './support/cuentas';
import { expect, test } from './support/fixtures';
import { expectSpanish } from './support/espanol';
import { entrarButton, loginThroughForm, passwordField, usuarioField } from './support/login';
import { menuEntry, openMenu } from './support/menu';

const CLAVE = 'Clave-de-prueba-2026';
const PASO = 30_000;

/** The code an authenticator app shows `pasos` time steps from now. */
const codigo = (uri: string, pasos = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(new URL(uri).searchParams.get('secret')!), timestamp: Date.now() + pasos * PASO });

/** A browser of its own, with nobody signed in: logging in here must not end the admin's shared session. */
async function navegador(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, viewport: test.info().project.use.viewport, storageState: { cookies: [], origins: [] } });
  return { context, page: await context.newPage() };
}

async function salir(page: Page) {
  // On a phone the app bar hides while the page scrolls down (the enrolment's form is long):
  // back at the top it shows again, as for a person scrolling up to it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await openMenu(page);
  await menuEntry(page, 'Salir').click();
  await expect(page).toHaveURL(/\/login$/);
}

async function captura(page: Page, nombre: string) {
  await page.screenshot({ path: test.info().outputPath(`${nombre}-${test.info().project.name}.png`), fullPage: true });
}

test('un editor activa la verificación en dos pasos en Mi cuenta y entra con un código y con uno de recuperación', async ({ page: admin, browser, baseURL }) => {
  // Three logins and an enrolment in one story.
  test.setTimeout(180_000);
  const usuario = `mfa-${test.info().project.name}-${Date.now().toString(36)}`;
  const id = await crearCuenta(admin.request, { usuario, nombre: 'Editora MFA', rol: 'editor' }, CLAVE);

  const { context, page } = await navegador(browser, baseURL);
  await loginThroughForm(page, usuario, CLAVE);
  await expect(page).toHaveURL(/\/main\//);

  // Enrolment: the QR, its key, a code, and the recovery codes shown once.
  await page.goto('/main/cuenta');
  const seccion = page.getByRole('region', { name: 'Verificación en dos pasos' });
  await expect(seccion.getByText('Desactivada: al entrar solo se pide la contraseña.')).toBeVisible();
  await seccion.getByRole('button', { name: 'Activar' }).click();
  await expect(seccion.getByRole('img', { name: 'Código QR para tu aplicación de autenticación' })).toBeVisible();
  const uri = (await seccion.locator('[data-uri]').getAttribute('data-uri'))!;
  expect(new URL(uri).searchParams.get('issuer')).toBe('Aula');
  await expectSpanish(page);
  await captura(page, 'alta');
  await seccion.getByLabel('Código:').fill(codigo(uri));
  // Binding the phone asks for the password: a wrong one is said under its field.
  const contrasena = seccion.getByLabel('Contraseña', { exact: true });
  await contrasena.fill('no es la suya');
  await seccion.getByRole('button', { name: 'Verificar' }).click();
  await expect(seccion.getByText('La contraseña no es correcta')).toBeVisible();
  await seccion.getByLabel('Código:').fill(codigo(uri));
  await contrasena.fill(CLAVE);
  await seccion.getByRole('button', { name: 'Verificar' }).click();
  const lista = seccion.getByRole('list', { name: 'Códigos de recuperación' });
  await expect(lista.getByRole('listitem')).toHaveCount(10);
  const recuperacion = (await lista.getByRole('listitem').first().textContent())!.trim();
  await captura(page, 'codigos');
  await seccion.getByRole('button', { name: 'Los he guardado' }).click();
  await expect(seccion.getByText('Activada: al entrar se pide un código de tu aplicación.')).toBeVisible();
  await expect(seccion.getByText('Códigos de recuperación sin usar: 10')).toBeVisible();
  await expect(lista).toHaveCount(0);
  await expectSpanish(page);

  // Next login: the password, then «Código de verificación» (a later step's code: the one of the
  // enrolment is spent).
  await salir(page);
  await usuarioField(page).fill(usuario);
  await passwordField(page).fill(CLAVE);
  await entrarButton(page).click();
  await expect(page.getByRole('heading', { name: 'Código de verificación' })).toBeVisible();
  const campo = page.getByLabel('Código:');
  await expect(campo).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(campo).toHaveAttribute('inputmode', 'numeric');
  await captura(page, 'codigo');
  await campo.fill('000000' === codigo(uri, 1) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByRole('alert')).toHaveText(/El código no es correcto/);
  await campo.fill(codigo(uri, 1));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/main\//);
  await expect(page.getByRole('main')).toBeVisible();

  // And with a recovery code, once.
  await salir(page);
  await loginThroughForm(page, usuario, CLAVE);
  await page.getByRole('button', { name: 'Usar un código de recuperación' }).click();
  await page.getByLabel('Código de recuperación:').fill(recuperacion);
  await captura(page, 'recuperacion');
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/main\//);
  await expect(page.getByRole('main')).toBeVisible();
  await page.goto('/main/cuenta');
  await expect(page.getByText('Códigos de recuperación sin usar: 9')).toBeVisible();

  await salir(page);
  await loginThroughForm(page, usuario, CLAVE);
  await page.getByRole('button', { name: 'Usar un código de recuperación' }).click();
  await page.getByLabel('Código de recuperación:').fill(recuperacion);
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByRole('alert')).toHaveText(/El código no es correcto o ya se ha usado/);

  // The phone is lost: the administrador removes the factor from the account's page, and the
  // account enters again with its password alone.
  await admin.goto(`/main/logins/${id}`);
  await admin.getByRole('button', { name: 'Quitar segundo factor' }).click();
  const confirmar = admin.getByRole('dialog', { name: `¿Quitar la verificación en dos pasos de «${usuario}»?` });
  await expect(confirmar).toContainText('Se cerrarán sus sesiones abiertas');
  await expectSpanish(admin);
  await captura(admin, 'quitar');
  await confirmar.getByRole('button', { name: 'Confirmar' }).click();
  await expect(admin.getByText(`Verificación en dos pasos quitada a «${usuario}»; sus sesiones se han cerrado`)).toBeVisible();
  await loginThroughForm(page, usuario, CLAVE);
  await expect(page).toHaveURL(/\/main\//);
  await expect(page.getByRole('main')).toBeVisible();
  await context.close();
});
