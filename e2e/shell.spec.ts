// The frame around every section: side menu, user menu, logout (docs/arquitectura.md §5).
import { expect, test } from './support/fixtures';
import { ADMIN, loginThroughForm } from './support/login';
import { isPhone, menuEntry, menuToggle, openMenu } from './support/menu';
import { ENTRADAS_DEL_MENU } from './support/secciones';

const ENTRADAS = [...ENTRADAS_DEL_MENU.map((e) => e.nombre), 'Salir'];

test('el menú lleva el nombre del producto con «Admin» y las secciones en su orden', async ({ page }) => {
  await page.goto('/main/clases');
  await openMenu(page);
  const menu = page.getByRole('menu').filter({ has: menuEntry(page, 'Clases') });
  await expect(menu.getByRole('menuitem')).toHaveText(ENTRADAS);
  await expect(menuEntry(page, 'Facturación')).toHaveAttribute('href', '/main/facturas');
  await expect(page.getByText('Aula', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Admin', { exact: true }).first()).toBeVisible();
});

test('cada entrada del menú abre su sección y queda resaltada', async ({ page }) => {
  await page.goto('/main/clases');
  // Every other entry, then back to the first (Clases, where it started).
  for (const { nombre, ruta } of [...ENTRADAS_DEL_MENU.slice(1), ENTRADAS_DEL_MENU[0]]) {
    await openMenu(page);
    await menuEntry(page, nombre).click();
    await expect(page).toHaveURL(new RegExp(`/main/${ruta}$`));
    if (isPhone(page)) await openMenu(page);
    await expect(menuEntry(page, nombre)).toHaveAttribute('aria-current', 'page');
    if (isPhone(page)) await page.keyboard.press('Escape');
  }
});

test('el menú de usuario lleva a Administradores y a Actividad', async ({ page }) => {
  await page.goto('/main/clases');
  await userMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Administradores' }).click();
  await expect(page).toHaveURL(/\/main\/logins$/);
  await userMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Actividad' }).click();
  await expect(page).toHaveURL(/\/main\/logs$/);
});

test('en el teléfono el menú es un cajón que se abre desde la barra y se cierra al elegir', async ({ page }) => {
  await page.goto('/main/clases');
  if (!isPhone(page)) {
    // From 600 px up there is no drawer: the menu is on screen without opening anything.
    await expect(menuEntry(page, 'Cursos')).toBeVisible();
    return;
  }
  await expect(menuEntry(page, 'Cursos')).toBeHidden();
  await menuToggle(page).click();
  await expect(menuEntry(page, 'Cursos')).toBeVisible();
  await menuEntry(page, 'Cursos').click();
  await expect(page).toHaveURL(/\/main\/cursos$/);
  await expect(menuEntry(page, 'Cursos')).toBeHidden();
});

test('«Salir» cierra la sesión y vuelve a /login', async ({ browser, baseURL }) => {
  // Its own session, from an empty browser: Playwright would hand this context the session the
  // other tests share, and both logging in here (a login ends the session it arrives with) and
  // logging out would end it for every test after this one.
  const context = await browser.newContext({ baseURL, viewport: test.info().project.use.viewport, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await loginThroughForm(page, ADMIN.usuario, ADMIN.pass);
  await expect(page).toHaveURL(/\/main\/clases$/);
  await openMenu(page);
  await menuEntry(page, 'Salir').click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/main/cursos');
  await expect(page).toHaveURL(/\/login$/);
  await context.close();
});

const userMenuButton = (page: import('@playwright/test').Page) => page.getByRole('button', { name: 'Perfil' });
