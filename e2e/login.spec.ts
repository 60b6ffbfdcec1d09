// The login screen and the top-level routes around it (docs/arquitectura.md §5), from a browser with no session.
import { expect, test } from '@playwright/test';
import { ADMIN, entrarButton, loginThroughForm, passwordField, usuarioField } from './support/login';
import { menuEntry, openMenu } from './support/menu';
import { ATAJOS } from './support/secciones';

test('la pantalla de acceso tiene título, usuario, contraseña y botón Entrar', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByText('Login', { exact: true })).toBeVisible();
  await expect(usuarioField(page)).toBeVisible();
  await expect(usuarioField(page)).toHaveValue('');
  await expect(passwordField(page)).toHaveAttribute('type', 'password');
  await expect(passwordField(page)).toHaveValue('');
  await expect(entrarButton(page)).toBeVisible();
});

test('una contraseña equivocada deja en /login con «login incorrecto» bajo el botón', async ({ page }) => {
  await loginThroughForm(page, ADMIN.usuario, 'no-es-la-clave');
  await expect(page.getByText('login incorrecto')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  // «Under the button»: the error line is laid out below Entrar, not somewhere else on the page.
  const boton = await entrarButton(page).boundingBox();
  const error = await page.getByText('login incorrecto').boundingBox();
  expect(boton && error && error.y >= boton.y + boton.height).toBe(true);
});

test('Intro envía el formulario y entra en Clases, resaltada en el menú', async ({ page }) => {
  await page.goto('/login');
  await usuarioField(page).fill(ADMIN.usuario);
  await passwordField(page).fill(ADMIN.pass);
  await passwordField(page).press('Enter');
  await expect(page).toHaveURL(/\/main\/clases$/);
  await openMenu(page);
  await expect(menuEntry(page, 'Clases')).toHaveAttribute('aria-current', 'page');
  await expect(menuEntry(page, 'Cursos')).not.toHaveAttribute('aria-current', 'page');
});

test('los campos están vacíos al volver a /login, tras salir y con el botón atrás', async ({ page }) => {
  await loginThroughForm(page, ADMIN.usuario, ADMIN.pass);
  await expect(page).toHaveURL(/\/main\/clases$/);

  await page.goBack();
  await expect(page).toHaveURL(/\/login$/);
  await expect(usuarioField(page)).toHaveValue('');
  await expect(passwordField(page)).toHaveValue('');

  await page.goto('/main/clases');
  await openMenu(page);
  await menuEntry(page, 'Salir').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(usuarioField(page)).toHaveValue('');
  await expect(passwordField(page)).toHaveValue('');
});

test('/ lleva a /login sin sesión y a /main/clases con ella', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await loginThroughForm(page, ADMIN.usuario, ADMIN.pass);
  await expect(page).toHaveURL(/\/main\/clases$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/main\/clases$/);
});

test('/main/pagos sin sesión pide entrar y después abre Pagos', async ({ page }) => {
  await page.goto('/main/pagos');
  await expect(page).toHaveURL(/\/login$/);
  await usuarioField(page).fill(ADMIN.usuario);
  await passwordField(page).fill(ADMIN.pass);
  await entrarButton(page).click();
  await expect(page).toHaveURL(/\/main\/pagos$/);
});

test('cada atajo /<sección> lleva a /main/<sección>', async ({ page }) => {
  await loginThroughForm(page, ADMIN.usuario, ADMIN.pass);
  await expect(page).toHaveURL(/\/main\/clases$/);
  for (const seccion of ATAJOS) {
    await page.goto(`/${seccion}`);
    await expect(page).toHaveURL(new RegExp(`/main/${seccion}$`));
  }
});

test('una dirección desconocida muestra «no encontrada» en español con un camino de vuelta', async ({ page }) => {
  await loginThroughForm(page, ADMIN.usuario, ADMIN.pass);
  await expect(page).toHaveURL(/\/main\/clases$/);
  for (const ruta of ['/esto-no-existe', '/main/esto-no-existe']) {
    await page.goto(ruta);
    await expect(page.getByText(/no encontrada/i).first()).toBeVisible();
    const volver = page.getByRole('link', { name: /volver|inicio/i }).or(page.getByRole('button', { name: /volver|inicio/i }));
    await volver.first().click();
    await expect(page).not.toHaveURL(/esto-no-existe/);
  }
});
