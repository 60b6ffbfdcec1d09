// Each section's round trip through the UI: create a record, find it with the search box, edit
// it, delete it, and see it gone — at every screen size (docs/arquitectura.md §5).
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { BOTON, choose, input, pickFirst, save, select } from './support/form';
import { isPhone, menuEntry, openMenu } from './support/menu';
import { listedRecords, listResponse, openSearched, openUnfiltered, search } from './support/list';

// The three sizes share one database in a run: names carry the size so they never collide.
const unico = (prefijo: string) => `${prefijo} ${test.info().project.name} ${Date.now().toString(36)}`;

async function startCreate(page: Page, resource: string): Promise<void> {
  await page.goto(`/main/${resource}`);
  // From the keyboard: below 900 px «Crear» is a floating button, and an emulated touch screen
  // sometimes reports the content under it as the click's target.
  await page.getByRole('link', { name: BOTON.crear }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`/main/${resource}/create$`));
}

/** Searches the list for `buscado` and opens the one record it finds, by the text `visible`. */
async function findAndOpen(page: Page, resource: string, buscado: string, visible: string | RegExp = buscado): Promise<void> {
  await openUnfiltered(page, resource);
  await search(page, resource, buscado);
  await expect(listedRecords(page)).toHaveCount(1);
  // The phone list is one tap target per record (a link, or a button where the list chooses
  // between form and page), its texts run together; the table opens on a click on the record's text.
  if (isPhone(page)) await listedRecords(page).filter({ hasText: visible }).click();
  else await listedRecords(page).getByText(visible, { exact: true }).first().click();
  // The record opens on its form or its page; the list's own buttons must not be used meanwhile.
  await expect(page).toHaveURL(new RegExp(`/main/${resource}/\\d+(/show)?$`));
}

/** From a show page, to the same record's form. */
async function toEdit(page: Page, resource: string): Promise<void> {
  if (!/\/edit$|\/\d+$/.test(new URL(page.url()).pathname)) {
    await page.getByRole('link', { name: BOTON.editar }).click();
  }
  await expect(page).toHaveURL(new RegExp(`/main/${resource}/\\d+$`));
}

/** Deletes the record whose form is open: every delete asks first, and waits for the server. */
async function deleteOpen(page: Page, resource: string): Promise<void> {
  const deleted = page.waitForResponse(
    (r) => r.request().method() === 'DELETE' && new URL(r.url()).pathname.startsWith(`/${resource}/`),
  );
  await page.getByRole('button', { name: BOTON.borrar, exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: BOTON.confirmar }).click();
  expect((await deleted).status()).toBe(204);
}

async function expectGone(page: Page, resource: string, buscado: string): Promise<void> {
  await openSearched(page, resource, buscado);
  await expect(listedRecords(page)).toHaveCount(0);
}

test('categorías: alta, búsqueda, edición y borrado', async ({ page }) => {
  const nombre = unico('Categoría e2e');
  await startCreate(page, 'categorias');
  await input(page, 'Nombre').fill(nombre);
  await input(page, 'Descripción').fill('Creada por la prueba de extremo a extremo');
  await save(page, 'categorias');
  await expect(page).toHaveURL(/\/main\/categorias$/);

  await findAndOpen(page, 'categorias', nombre);
  await input(page, 'Nombre').fill(`${nombre} editada`);
  await save(page, 'categorias');
  await findAndOpen(page, 'categorias', `${nombre} editada`);
  await deleteOpen(page, 'categorias');
  await expectGone(page, 'categorias', nombre);
});

test('cursos: alta, búsqueda, edición y borrado', async ({ page }) => {
  const titulo = unico('Curso e2e');
  await startCreate(page, 'cursos');
  await input(page, 'Título').fill(titulo);
  // Typed the Spanish way: the comma is the decimal separator, never dropped.
  await input(page, 'Precio').fill('49,90');
  const created = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/cursos');
  await save(page, 'cursos');
  expect(await (await created).json()).toMatchObject({ precio: 4990 });
  await expect(page).toHaveURL(/\/main\/cursos\/\d+\/show$/);
  await expect(page.getByRole('main')).toContainText(/49,90\s€/);

  await findAndOpen(page, 'cursos', titulo);
  await toEdit(page, 'cursos');
  await input(page, 'Título').fill(`${titulo} editado`);
  await input(page, 'Precio').fill('1.234,5');
  await save(page, 'cursos');
  // Back after a save shows what was saved, not the form as it was before.
  await expect(page).not.toHaveURL(/\/main\/cursos\/\d+$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/main\/cursos\/\d+$/);
  await expect(input(page, 'Título')).toHaveValue(`${titulo} editado`);
  await expect(input(page, 'Precio')).toHaveValue('1234,50');
  await findAndOpen(page, 'cursos', `${titulo} editado`);
  await toEdit(page, 'cursos');
  await deleteOpen(page, 'cursos');
  await expectGone(page, 'cursos', titulo);
});

test('clases: alta, búsqueda, edición y borrado', async ({ page }) => {
  const titulo = unico('Clase e2e');
  await startCreate(page, 'clases');
  await input(page, 'Título').fill(titulo);
  await input(page, 'Duración').fill('754');
  await save(page, 'clases');
  await expect(page).toHaveURL(/\/main\/clases$/);

  await findAndOpen(page, 'clases', titulo);
  await input(page, 'Título').fill(`${titulo} editada`);
  await save(page, 'clases');
  await findAndOpen(page, 'clases', `${titulo} editada`);
  await expect(input(page, 'Duración')).toHaveValue('754');
  await deleteOpen(page, 'clases');
  await expectGone(page, 'clases', titulo);
});

test('usuarios: alta, búsqueda, edición y borrado', async ({ page }) => {
  const nombre = unico('Usuaria e2e');
  const email = `${nombre.replace(/\W+/g, '.').toLowerCase()}@example.com`;
  await startCreate(page, 'usuarios');
  await input(page, 'Nombre').fill(nombre);
  await input(page, 'Apellidos').fill('Prueba');
  await input(page, 'Email').fill(email);
  await save(page, 'usuarios');
  await expect(page).toHaveURL(/\/main\/usuarios\/\d+\/show$/);
  await expect(page.getByRole('main')).toContainText(email);

  // The email in the table is a mailto: link; the name opens the usuario.
  // The table shows nombre and apellidos apart; the phone list, together.
  const porNombre = new RegExp(`^${nombre}`);
  await findAndOpen(page, 'usuarios', email, porNombre);
  await toEdit(page, 'usuarios');
  await input(page, 'Apellidos').fill('Editada');
  await save(page, 'usuarios');
  await expect(page.getByRole('main')).toContainText('Editada');
  await findAndOpen(page, 'usuarios', email, porNombre);
  await toEdit(page, 'usuarios');
  await expect(input(page, 'Apellidos')).toHaveValue('Editada');
  await deleteOpen(page, 'usuarios');
  await expectGone(page, 'usuarios', email);
});

test('pagos: alta, búsqueda por referencia, edición y borrado', async ({ page }) => {
  const referencia = unico('REF-E2E').replace(/\s+/g, '-');
  await startCreate(page, 'pagos');
  await pickFirst(page, 'Usuario');
  await input(page, 'Importe').fill('37.45');
  await choose(page, 'Método', 'Bizum');
  await input(page, 'Referencia').fill(referencia);
  await save(page, 'pagos');
  await expect(page).toHaveURL(/\/main\/pagos\/\d+\/show$/);
  await expect(page.getByRole('main')).toContainText(/37,45\s€/);
  await expect(page.getByRole('main')).toContainText('Bizum');

  // A pago is named by its usuario in the phone list; its importe is what tells it apart there.
  await findAndOpen(page, 'pagos', referencia, '37,45\u00a0€');
  await toEdit(page, 'pagos');
  await input(page, 'Importe').fill('40');
  await save(page, 'pagos');
  await expect(page.getByRole('main')).toContainText(/40,00\s€/);
  await findAndOpen(page, 'pagos', referencia, '40,00\u00a0€');
  await toEdit(page, 'pagos');
  await deleteOpen(page, 'pagos');
  await expectGone(page, 'pagos', referencia);
});

test('facturas: un borrador con sus totales calculados, búsqueda, edición y borrado', async ({ page }) => {
  const concepto = unico('Factura e2e');
  await startCreate(page, 'facturas');
  await input(page, 'Serie').fill('E2E');
  await pickFirst(page, 'Usuario');
  await input(page, 'Concepto').fill(concepto);
  await input(page, 'Base imponible').fill('100');
  await expect(select(page, 'Tipo de IVA')).toHaveText('21 %');
  await save(page, 'facturas');
  await expect(page).toHaveURL(/\/main\/facturas\/\d+\/show$/);
  const main = page.getByRole('main');
  await expect(main).toContainText(/Base imponible\s*100,00\s€/);
  await expect(main).toContainText(/Cuota de IVA\s*21,00\s€/);
  await expect(main).toContainText(/Total\s*121,00\s€/);

  // A draft opens on its form straight from the list.
  await findAndOpen(page, 'facturas', concepto, '121,00\u00a0€');
  await expect(page).toHaveURL(/\/main\/facturas\/\d+$/);
  await input(page, 'Base imponible').fill('200');
  await save(page, 'facturas');
  await expect(main).toContainText(/Total\s*242,00\s€/);
  await findAndOpen(page, 'facturas', concepto, '242,00\u00a0€');
  await deleteOpen(page, 'facturas');
  await expectGone(page, 'facturas', concepto);
});

test('administradores: alta, búsqueda, edición y borrado', async ({ page }) => {
  // No «_» or «%»: the search box sends those escaped, as literal characters.
  const usuario = unico('e2e').replace(/\s+/g, '-').toLowerCase();
  await startCreate(page, 'logins');
  await input(page, 'Usuario').fill(usuario);
  await input(page, 'Nombre').fill('Admin de prueba');
  await input(page, 'Contraseña').fill('una clave de prueba');
  await save(page, 'logins');
  await expect(page).toHaveURL(/\/main\/logins$/);

  await findAndOpen(page, 'logins', usuario);
  await input(page, 'Nombre').fill('Admin editado');
  await save(page, 'logins');
  await findAndOpen(page, 'logins', usuario);
  await expect(input(page, 'Nombre')).toHaveValue('Admin editado');
  await deleteOpen(page, 'logins');
  await expectGone(page, 'logins', usuario);
});

test('actividad: se lee, no se crea', async ({ page }) => {
  const loaded = listResponse(page, 'logs');
  await page.goto('/main/logs');
  await loaded;
  await expect(listedRecords(page).first()).toBeVisible();
  // Logging in and every change write an entry, named in Spanish.
  await expect(listedRecords(page).filter({ hasText: /Inicio de sesión|Alta|Modificación|Borrado/ }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: BOTON.crear })).toHaveCount(0);
  await expect(page.getByRole('button', { name: BOTON.crear })).toHaveCount(0);
});

test('un borrado pide confirmación nombrando el registro, y si el servidor lo rechaza lo dice al momento', async ({ page }) => {
  // Curso 1 of the demo data has clases: the API refuses to delete it (409).
  await page.goto('/main/cursos/1');
  const titulo = await input(page, 'Título').inputValue();
  expect(titulo).not.toBe('');
  await page.getByRole('button', { name: BOTON.borrar, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(titulo);
  const refused = page.waitForResponse((r) => r.request().method() === 'DELETE' && new URL(r.url()).pathname === '/cursos/1');
  await dialog.getByRole('button', { name: BOTON.confirmar }).click();
  expect((await refused).status()).toBe(409);
  await expect(page.getByText(/No se puede borrar: el curso tiene \d+ clases?/)).toBeVisible();
  await expect(page).toHaveURL(/\/main\/cursos\/1$/);
  await expect(input(page, 'Título')).toHaveValue(titulo);
});

test('salir de un formulario con cambios sin guardar pregunta antes', async ({ page }) => {
  await page.goto('/main/categorias/1');
  const nombre = input(page, 'Nombre');
  const original = await nombre.inputValue();
  expect(original).not.toBe('');
  await nombre.fill(`${original} sin guardar`);
  const asked: string[] = [];
  page.once('dialog', (d) => {
    asked.push(d.message());
    return d.dismiss();
  });
  // Leaving within the admin: the side menu's «Clases».
  await openMenu(page);
  await menuEntry(page, 'Clases').click();
  await expect.poll(() => asked.length).toBe(1);
  expect(asked[0]).toMatch(/cambios sin guardar/);
  await expect(page).toHaveURL(/\/main\/categorias\/1$/);
  if (isPhone(page)) await page.keyboard.press('Escape');
  await expect(nombre).toHaveValue(`${original} sin guardar`);
});
