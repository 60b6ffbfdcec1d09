// An expired session mid-edit, in a browser against the real API: nothing
// typed is lost, and a warning comes before the idle timeout. Each test signs in on its own (not
// the suite's shared session), since it ends its session on the server.
import { expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { crearCuenta } from './support/cuentas';
import { input, liftFinger } from './support/form';
import { API } from './support/list';
import { ADMIN, loginThroughForm } from './support/login';

/** A categoría of this test's own, so no other test finds its name changed. */
async function nuevaCategoria(page: Page, nombre: string): Promise<number> {
  const respuesta = await page.request.post(`${API}/categorias`, { data: { nombre } });
  expect(respuesta.status(), await respuesta.text()).toBe(200);
  return (await respuesta.json()).id;
}

test('con la sesión terminada en el servidor, «Guardar» pide la contraseña ahí mismo y guarda lo escrito', async ({ page, playwright }, testInfo) => {
  await loginThroughForm(page, ADMIN.usuario, ADMIN.pass);
  await expect(page).toHaveURL(/\/main\/clases/);
  const id = await nuevaCategoria(page, `Caducidad ${testInfo.project.name} ${Date.now()}`);
  await page.goto(`/main/categorias/${id}`);
  const escrito = `Escrita antes de caducar (${testInfo.project.name})`;
  await input(page, 'Nombre').fill(escrito);
  await input(page, 'Descripción').fill('Y esto también');

  // Another process ends the session: a logout with the page's cookie, which the browser keeps.
  const cookie = (await page.context().cookies()).find((c) => c.name === 'aula_sesion')!;
  const otroProceso = await playwright.request.newContext();
  const fin = await otroProceso.post(`${API}/logins/logout`, { headers: { cookie: `aula_sesion=${cookie.value}` }, data: {} });
  expect(fin.status()).toBe(204);
  await otroProceso.dispose();
  expect((await page.request.get(`${API}/logins/me`)).status()).toBe(401);

  await page.getByRole('button', { name: 'Guardar' }).click();
  await liftFinger(page);
  const dialogo = page.getByRole('dialog', { name: 'Tu sesión ha caducado' });
  await expect(dialogo).toBeVisible();
  await expect(dialogo).toContainText('se guardarán tal como los has escrito');
  await expect(dialogo.getByLabel('Usuario')).toHaveValue(ADMIN.usuario);
  await expect(dialogo.getByLabel('Contraseña')).toBeFocused();
  // The page is still the form, with what was typed, the dialog within the screen.
  await expect(page).toHaveURL(new RegExp(`/main/categorias/${id}$`));
  await expect(input(page, 'Nombre')).toHaveValue(escrito);
  const caja = (await dialogo.getByRole('button', { name: 'Entrar' }).boundingBox())!;
  expect(caja.x + caja.width).toBeLessThanOrEqual(page.viewportSize()!.width);

  await dialogo.getByLabel('Contraseña').fill('no-es-la-clave');
  await dialogo.getByRole('button', { name: 'Entrar' }).click();
  await expect(dialogo.getByRole('alert')).toHaveText('login incorrecto');

  const guardado = page.waitForResponse((r) => r.request().method() === 'PATCH' && new URL(r.url()).pathname === `/categorias/${id}`);
  await dialogo.getByLabel('Contraseña').fill(ADMIN.pass);
  await dialogo.getByRole('button', { name: 'Entrar' }).click();
  expect((await guardado).status()).toBe(204);
  await expect(dialogo).toBeHidden();
  await expect(page.getByText('Elemento actualizado')).toBeVisible();

  // Saved as typed, under the new session the browser now holds.
  const categoria = await (await page.request.get(`${API}/categorias/${id}`)).json();
  expect(categoria).toMatchObject({ nombre: escrito, descripcion: 'Y esto también' });
  // The new session is as out of reach of scripts as the first.
  expect(await page.evaluate(() => document.cookie)).not.toContain('aula_sesion');
});

test('en un formulario con cambios, avisa antes de caducar por inactividad y «Seguir conectado» la prolonga', async ({ page }, testInfo) => {
  // The page's clock only: the server's session is fresh, so «Seguir conectado» answers for real.
  await page.clock.install();
  await loginThroughForm(page, ADMIN.usuario, ADMIN.pass);
  await expect(page).toHaveURL(/\/main\/clases/);
  const id = await nuevaCategoria(page, `Aviso ${testInfo.project.name} ${Date.now()}`);
  await page.goto(`/main/categorias/${id}`);
  const sesion = page.waitForResponse((r) => new URL(r.url()).pathname === '/logins/sesion');
  await input(page, 'Nombre').fill('Cambiada sin guardar');
  await sesion;

  const aviso = page.getByRole('alert').filter({ hasText: 'Por inactividad, tu sesión caducará a las' });
  await page.clock.fastForward('01:50:00');
  await expect(aviso).toHaveCount(0);
  await page.clock.fastForward('05:00');
  await expect(aviso).toBeVisible();
  // Not in the way: the field keeps the focus and what was typed.
  await expect(input(page, 'Nombre')).toBeFocused();
  await expect(input(page, 'Nombre')).toHaveValue('Cambiada sin guardar');

  const prolongada = page.waitForResponse((r) => new URL(r.url()).pathname === '/logins/sesion' && r.status() === 200);
  await aviso.getByRole('button', { name: 'Seguir conectado' }).click();
  await prolongada;
  await expect(aviso).toHaveCount(0);
});

/** The code an authenticator app shows `pasos` time steps (30 s) from now, for the secret in its URI. */
const codigoDe = (uri: string, pasos: number) =>
  TOTP.generate({ secret: Secret.fromBase32(new URL(uri).searchParams.get('secret')!), timestamp: Date.now() + pasos * 30_000 });

test('con verificación en dos pasos, el diálogo de sesión caducada pide también el código y guarda lo escrito', async ({ page, playwright }, testInfo) => {
  // An account of its own with the second factor, as every administrador has it in production.
  const usuario = `caduca-mfa-${testInfo.project.name}-${Date.now().toString(36)}`;
  const clave = 'Clave-de-prueba-2026';
  const admin = await playwright.request.newContext();
  expect((await admin.post(`${API}/logins/login`, { data: ADMIN })).status()).toBe(200);
  await crearCuenta(admin, { usuario, nombre: 'Editora con código', rol: 'editor' }, clave);
  await admin.dispose();
  const cuenta = await playwright.request.newContext();
  expect((await cuenta.post(`${API}/logins/login`, { data: { usuario, pass: clave } })).status()).toBe(200);
  const { uri } = await (await cuenta.post(`${API}/cuenta/segundo-factor`, { data: {} })).json();
  // Each step's code is spent once: the enrolment takes the previous step's, the login this
  // step's, the dialog the next one's (all within the API's window of one step).
  // The previous step is at the window's edge: not in the last seconds of a step, where it would slip out.
  if (Date.now() % 30_000 > 27_000) await new Promise((r) => setTimeout(r, 30_000 - (Date.now() % 30_000) + 100));
  // Binding the phone from a whole session asks for the password too.
  expect((await cuenta.post(`${API}/cuenta/segundo-factor/confirmar`, { data: { codigo: codigoDe(uri, -1), pass: clave } })).status()).toBe(200);
  await cuenta.dispose();

  await loginThroughForm(page, usuario, clave);
  await page.getByLabel('Código:').fill(codigoDe(uri, 0));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/main\/clases/);
  const id = await nuevaCategoria(page, `Caducidad con código ${testInfo.project.name} ${Date.now()}`);
  await page.goto(`/main/categorias/${id}`);
  const escrito = `Escrita antes de caducar, con código (${testInfo.project.name})`;
  await input(page, 'Nombre').fill(escrito);

  const cookie = (await page.context().cookies()).find((c) => c.name === 'aula_sesion')!;
  const otroProceso = await playwright.request.newContext();
  expect((await otroProceso.post(`${API}/logins/logout`, { headers: { cookie: `aula_sesion=${cookie.value}` }, data: {} })).status()).toBe(204);
  await otroProceso.dispose();

  await page.getByRole('button', { name: 'Guardar' }).click();
  await liftFinger(page);
  const dialogo = page.getByRole('dialog', { name: 'Tu sesión ha caducado' });
  await dialogo.getByLabel('Contraseña').fill(clave);
  await dialogo.getByRole('button', { name: 'Entrar' }).click();
  // The password was right: it leaves the dialog, and the code is asked in its place.
  const campo = dialogo.getByLabel('Código', { exact: true });
  await expect(campo).toBeFocused();
  await expect(dialogo.getByLabel('Contraseña')).toHaveCount(0);
  await expect(dialogo).toContainText('Escribe el código de 6 cifras');
  await campo.fill('000000');
  await dialogo.getByRole('button', { name: 'Entrar' }).click();
  await expect(dialogo.getByRole('alert')).toContainText('El código no es correcto');
  await expect(input(page, 'Nombre')).toHaveValue(escrito);
  await page.screenshot({ path: testInfo.outputPath(`caducada-codigo-${testInfo.project.name}.png`) });

  const guardado = page.waitForResponse((r) => r.request().method() === 'PATCH' && new URL(r.url()).pathname === `/categorias/${id}`);
  await campo.fill(codigoDe(uri, 1));
  await dialogo.getByRole('button', { name: 'Entrar' }).click();
  expect((await guardado).status()).toBe(204);
  await expect(dialogo).toBeHidden();
  expect(await (await page.request.get(`${API}/categorias/${id}`)).json()).toMatchObject({ nombre: escrito });
});
