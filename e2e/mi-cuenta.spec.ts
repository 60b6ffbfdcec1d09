// Mi cuenta in a browser against the real API (issue 23, «Accounts» 1 and 2): an account changes
// its own password and enters with it, sees where it is signed in and closes another session,
// and an account whose password an administrador reset must choose a new one before anything.
// Each test works with an account of its own, made by the administrador through the API.
import type { Browser, Page } from '@playwright/test';
import { crearCuenta } from './support/cuentas';
import { expect, test } from './support/fixtures';
import { API } from './support/list';
import { loginThroughForm } from './support/login';

// Each test signs in several browsers, each login a deliberate scrypt: more than the default minute.
test.describe.configure({ timeout: 180_000 });

const CLAVE = 'Una-clave-de-prueba-2026';
const NUEVA = 'Otra-clave-muy-distinta-77';

/** An editor account of this test's own, created by the administrador, with CLAVE as its own password. */
async function nuevaCuenta(page: Page, nombre: string): Promise<{ id: number; usuario: string }> {
  const usuario = `${nombre}-${test.info().project.name}-${Date.now()}`;
  return { id: await crearCuenta(page.request, { usuario, rol: 'editor', nombre }, CLAVE), usuario };
}

/** A browser of its own (its own cookies), signed in as `usuario`. */
async function entrarEnOtroNavegador(browser: Browser, baseURL: string, usuario: string, pass: string, userAgent?: string) {
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] }, userAgent });
  const page = await context.newPage();
  await loginThroughForm(page, usuario, pass);
  return { context, page };
}

// A login is a deliberate scrypt and a page's first visit loads its chunk; a busy machine takes longer than the usual wait.
const PACIENCIA = { timeout: 30_000 };
const dentro = (page: Page) => expect(page).toHaveURL(/\/main\//, PACIENCIA);

async function abrirMiCuenta(page: Page) {
  await page.getByRole('button', { name: 'Perfil' }).click();
  await page.getByRole('menuitem', { name: 'Mi cuenta' }).click();
  await expect(page).toHaveURL(/\/main\/cuenta$/);
  await expect(page.getByRole('heading', { name: 'Contraseña' })).toBeVisible();
}

test('una cuenta cambia su propia contraseña, con los errores junto al campo, y entra con la nueva', async ({ page, browser, baseURL }) => {
  const { usuario } = await nuevaCuenta(page, 'propia');
  const { context, page: suya } = await entrarEnOtroNavegador(browser, baseURL!, usuario, CLAVE);
  await dentro(suya);
  await abrirMiCuenta(suya);

  const seccion = suya.getByRole('region', { name: 'Contraseña' });
  await seccion.getByLabel('Contraseña actual', { exact: true }).fill('no es la suya');
  await seccion.getByLabel('Contraseña nueva', { exact: true }).fill(NUEVA);
  await seccion.getByLabel('Repite la contraseña nueva').fill('otra cosa');
  await seccion.getByRole('button', { name: 'Cambiar la contraseña' }).click();
  await expect(seccion.getByText('Las dos contraseñas nuevas no coinciden')).toBeVisible();

  await seccion.getByLabel('Repite la contraseña nueva').fill(NUEVA);
  await seccion.getByRole('button', { name: 'Cambiar la contraseña' }).click();
  await expect(seccion.getByText('La contraseña actual no es correcta')).toBeVisible(PACIENCIA);

  await seccion.getByLabel('Contraseña actual', { exact: true }).fill(CLAVE);
  await seccion.getByLabel('Contraseña nueva', { exact: true }).fill('password2024!');
  await seccion.getByLabel('Repite la contraseña nueva').fill('password2024!');
  await seccion.getByRole('button', { name: 'Cambiar la contraseña' }).click();
  await expect(seccion.getByText(/de las más usadas/)).toBeVisible(PACIENCIA);

  await seccion.getByLabel('Contraseña nueva', { exact: true }).fill(NUEVA);
  await seccion.getByLabel('Repite la contraseña nueva').fill(NUEVA);
  await seccion.getByRole('button', { name: 'Cambiar la contraseña' }).click();
  await expect(suya.getByText('Contraseña cambiada. Las demás sesiones de tu cuenta se han cerrado.')).toBeVisible(PACIENCIA);
  await context.close();

  const otra = await entrarEnOtroNavegador(browser, baseURL!, usuario, CLAVE);
  await expect(otra.page.getByRole('alert')).toHaveText('login incorrecto', PACIENCIA);
  await otra.context.close();
  const nueva = await entrarEnOtroNavegador(browser, baseURL!, usuario, NUEVA);
  await dentro(nueva.page);
  await nueva.context.close();
});

test('ve sus sesiones abiertas y cierra la del otro navegador', async ({ page, browser, baseURL }) => {
  const { usuario } = await nuevaCuenta(page, 'sesiones');
  const movil = await entrarEnOtroNavegador(
    browser,
    baseURL!,
    usuario,
    CLAVE,
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  );
  await dentro(movil.page);
  const aqui = await entrarEnOtroNavegador(browser, baseURL!, usuario, CLAVE);
  await dentro(aqui.page);
  await abrirMiCuenta(aqui.page);

  const seccion = aqui.page.getByRole('region', { name: 'Sesiones abiertas' });
  const filas = seccion.getByTestId('sesion-abierta');
  await expect(filas).toHaveCount(2);
  const esta = filas.filter({ hasText: 'Esta sesión' });
  await expect(esta).toHaveCount(1);
  const delMovil = filas.filter({ hasText: 'Safari en iPhone' });
  await expect(delMovil).toHaveCount(1);
  // Last activity as people in Spain write it: 26/11/2026, 09:05.
  await expect(delMovil).toContainText(/IP: .+ · Última actividad: \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
  await aqui.page.screenshot({ path: test.info().outputPath(`mi-cuenta-${test.info().project.name}.png`), fullPage: true });

  await delMovil.getByRole('button', { name: 'Cerrar' }).click();
  await expect(aqui.page.getByText('Sesión cerrada')).toBeVisible();
  await expect(filas).toHaveCount(1);
  await expect(seccion.getByText('No hay otras sesiones abiertas.')).toBeVisible();
  // The other browser is signed out on the server.
  expect((await movil.page.request.get(`${API}/logins/me`)).status()).toBe(401);
  expect((await aqui.page.request.get(`${API}/logins/me`)).status()).toBe(200);

  // And «Cerrar las demás» with a new one.
  const otra = await entrarEnOtroNavegador(browser, baseURL!, usuario, CLAVE);
  await dentro(otra.page);
  await aqui.page.reload();
  await expect(filas).toHaveCount(2);
  await seccion.getByRole('button', { name: 'Cerrar las demás' }).click();
  await expect(aqui.page.getByText('Se han cerrado las demás sesiones')).toBeVisible();
  await expect(filas).toHaveCount(1);
  expect((await otra.page.request.get(`${API}/logins/me`)).status()).toBe(401);
  for (const c of [movil, aqui, otra]) await c.context.close();
});

test('el administrador restablece la contraseña de una cuenta, que al entrar debe elegir una nueva', async ({ page, browser, baseURL }) => {
  const { id, usuario } = await nuevaCuenta(page, 'restablecida');
  const abierta = await entrarEnOtroNavegador(browser, baseURL!, usuario, CLAVE);
  await dentro(abierta.page);

  await page.goto(`/main/logins/${id}`);
  await expect(page.getByLabel('Rol')).toContainText('Editor', PACIENCIA);
  await page.getByRole('button', { name: 'Restablecer contraseña' }).click();
  const confirmar = page.getByRole('dialog', { name: `¿Restablecer la contraseña de «${usuario}»?` });
  await expect(confirmar).toBeVisible();
  await confirmar.getByRole('button', { name: 'Restablecer contraseña' }).click();
  const aviso = page.getByRole('dialog', { name: `Contraseña temporal de «${usuario}»` });
  await expect(aviso).toContainText('No se volverá a mostrar');
  const temporal = (await aviso.getByTestId('contrasena-temporal').textContent())!.trim();
  expect(temporal).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
  await aviso.getByRole('button', { name: 'Entendido' }).click();
  await expect(aviso).toBeHidden();
  // Its open session ended at once.
  expect((await abierta.page.request.get(`${API}/logins/me`)).status()).toBe(401);
  await abierta.context.close();

  const { context, page: suya } = await entrarEnOtroNavegador(browser, baseURL!, usuario, temporal);
  await expect(suya.getByRole('heading', { name: 'Elige una contraseña nueva' })).toBeVisible(PACIENCIA);
  // Nothing of the app until it has chosen one.
  await expect(suya.getByRole('button', { name: 'Perfil' })).toHaveCount(0);
  await suya.screenshot({ path: test.info().outputPath(`elegir-${test.info().project.name}.png`), fullPage: true });
  await suya.getByLabel('Contraseña temporal', { exact: true }).fill(temporal);
  await suya.getByLabel('Contraseña nueva', { exact: true }).fill(NUEVA);
  await suya.getByLabel('Repite la contraseña nueva').fill(NUEVA);
  await suya.getByRole('button', { name: 'Guardar y entrar' }).click();
  await expect(suya.getByRole('button', { name: 'Perfil' })).toBeVisible(PACIENCIA);
  await expect(suya.getByRole('heading', { name: 'Elige una contraseña nueva' })).toHaveCount(0);
  await context.close();

  const despues = await entrarEnOtroNavegador(browser, baseURL!, usuario, NUEVA);
  await expect(despues.page.getByRole('button', { name: 'Perfil' })).toBeVisible(PACIENCIA);
  await despues.context.close();
});
