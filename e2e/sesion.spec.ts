// An expired session mid-edit, in a browser against the real API: nothing
// typed is lost, and a warning comes before the idle timeout. Each test signs in on its own (not
// the suite's shared session), since it ends its session on the server.
import { expect, type Page, test } from '@playwright/test';
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
