// Every screen reads in Spanish: no react-admin translation key left untranslated and none of
// react-admin's English defaults showing through (docs/arquitectura.md §5: one complete Spanish catalogue).
import { expect, test } from './support/fixtures';
import { expectSpanish } from './support/espanol';
import { BOTON } from './support/form';
import { listedRecords, listResponse } from './support/list';
import { LISTAS } from './support/secciones';

for (const { recurso } of LISTAS) {
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
  await page.getByRole('button', { name: 'Añadir filtro' }).press('Enter');
  await expect(page.getByRole('menuitemcheckbox', { name: 'Método' })).toBeVisible();
  await expectSpanish(page);
});

for (const { recurso } of LISTAS.filter((l) => l.crear)) {
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

for (const { recurso } of LISTAS.filter((l) => l.ficha)) {
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
