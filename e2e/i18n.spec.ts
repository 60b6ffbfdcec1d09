// Every screen reads in Spanish: no react-admin translation key left untranslated and none of
// react-admin's English defaults showing through (DESIGN §5: one complete Spanish catalogue).
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { BOTON } from './support/form';
import { listedRecords, listResponse } from './support/list';

const CLAVE_SIN_TRADUCIR = /\b(ra|aula|resources)\.[a-z_]+\.[a-z_.]+/i;

// react-admin's English defaults, matched as whole words with their capital, as its buttons,
// menus and messages show them.
const INGLES = [
  'Create', 'Export', 'Rows per page', 'No results found', 'Search', 'Delete', 'Edit', 'Show',
  'Save', 'Filter', 'Add filter', 'Refresh', 'Loading', 'Logout', 'Page not found', 'Go back',
  'Light', 'Dark', 'Sort by', 'Remove all filters', 'Clear value', 'Select all', 'Undo',
  'Cancel', 'Confirm', 'Required', 'Open menu', 'Close menu', 'Profile', 'Toggle theme',
];

/** What the administrator reads, plus what a screen reader reads out (labels, placeholders, tooltips). */
async function textoVisible(page: Page): Promise<string> {
  return page.evaluate(() => {
    const atributos = [...document.querySelectorAll('[aria-label], [placeholder], [title]')].flatMap((el) =>
      ['aria-label', 'placeholder', 'title'].map((a) => el.getAttribute(a) ?? ''),
    );
    return [document.title, document.body.innerText, ...atributos].join('\n');
  });
}

async function expectSpanish(page: Page): Promise<void> {
  const texto = await textoVisible(page);
  expect(texto.match(CLAVE_SIN_TRADUCIR)?.[0], 'clave sin traducir').toBeUndefined();
  const ingles = INGLES.filter((s) => new RegExp(`(^|[^\\p{L}])${s}([^\\p{L}]|$)`, 'u').test(texto));
  expect(ingles, 'textos en inglés').toEqual([]);
}

const LISTAS = ['clases', 'cursos', 'categorias', 'usuarios', 'facturas', 'pagos', 'logins', 'logs'];
const ALTAS = ['clases', 'cursos', 'categorias', 'usuarios', 'facturas', 'pagos', 'logins'];
const FICHAS = ['cursos', 'usuarios', 'pagos', 'facturas', 'logs'];

for (const recurso of LISTAS) {
  test(`lista de ${recurso} en español`, async ({ page }) => {
    const loaded = listResponse(page, recurso);
    await page.goto(`/main/${recurso}?filter=${encodeURIComponent('{}')}`);
    await loaded;
    await expect(listedRecords(page).first()).toBeVisible();
    await expectSpanish(page);
  });
}

test('menú de filtros de pagos en español', async ({ page }) => {
  const loaded = listResponse(page, 'pagos');
  await page.goto('/main/pagos');
  await loaded;
  await page.getByRole('button', { name: 'Añadir filtro' }).click();
  await expect(page.getByRole('menuitemcheckbox', { name: 'Método' })).toBeVisible();
  await expectSpanish(page);
});

for (const recurso of ALTAS) {
  test(`alta de ${recurso} en español`, async ({ page }) => {
    await page.goto(`/main/${recurso}/create`);
    // A form sent with its first field typed in and cleared again shows the validation
    // messages, which must be Spanish too (react-admin keeps Guardar off on an untouched form).
    const primero = page.getByRole('main').getByRole('textbox').first();
    await primero.fill('x');
    await primero.fill('');
    await page.getByRole('button', { name: BOTON.guardar }).click();
    await expect(page.getByText(/obligatorio/i).first()).toBeVisible();
    await expectSpanish(page);
  });
}

for (const recurso of FICHAS) {
  test(`ficha de ${recurso} en español`, async ({ page }) => {
    const loaded = page.waitForResponse((r) => new URL(r.url()).pathname === `/${recurso}/1` && r.ok());
    await page.goto(`/main/${recurso}/1/show`);
    await loaded;
    await expect(page.getByRole('main').getByText(/\S/).first()).toBeVisible();
    await expectSpanish(page);
  });
}

test('edición de un curso en español', async ({ page }) => {
  const loaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/cursos/1' && r.ok());
  await page.goto('/main/cursos/1');
  await loaded;
  await expect(page.getByRole('button', { name: BOTON.borrar })).toBeVisible();
  await expectSpanish(page);
});

test('página no encontrada en español', async ({ page }) => {
  await page.goto('/main/no-existe');
  await expect(page.getByText(/no encontrada/i).first()).toBeVisible();
  await expectSpanish(page);
});
