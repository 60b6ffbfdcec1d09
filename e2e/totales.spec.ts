// A big list opens without counting every row (docs/arquitectura.md §12): the admin asks the total
// with `Prefer: count=estimated`. Past the cap (1 000 on SQLite, the suite's database) the API
// counts on while counting costs little (COUNT_BUDGET_MS): the demo's 4 000
// pagos read their exact total, not «de más de 1000» as they did; a small filtered list reads
// its exact total, as it always has. A million rows' «más de» is the API's and Paginacion's tests.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

const cuenta = (page: Page) => page.waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname === '/pagos/count' && r.ok());
const pagos = (filtro: object) => `/main/pagos?filter=${encodeURIComponent(JSON.stringify(filtro))}&page=1`;
const etiqueta = (page: Page) => page.locator('.MuiTablePagination-displayedRows');

test('la lista de todos los pagos dice su total exacto, pasado el tope, y pasa de página', async ({ page }) => {
  const respuesta = cuenta(page);
  await page.goto(pagos({}));
  const total = await respuesta;
  expect(await total.request().headerValue('prefer')).toBe('count=estimated');
  const { count, approximate } = await total.json();
  expect(approximate).toBeUndefined();
  expect(count).toBeGreaterThan(1000);
  expect(await total.headerValue('preference-applied')).toBe('count=estimated');

  await expect(etiqueta(page)).toHaveText(new RegExp(`^1-\\d+ de ${count}$`));
  const porPagina = Number((await etiqueta(page).textContent())!.match(/^1-(\d+)/)![1]);
  await page.getByRole('button', { name: 'Ir a la página siguiente' }).click();
  await expect(etiqueta(page)).toHaveText(`${porPagina + 1}-${2 * porPagina} de ${count}`);
});

test('una lista filtrada pequeña muestra su total exacto, como siempre', async ({ page }) => {
  const respuesta = cuenta(page);
  await page.goto(pagos({ metodo: 'efectivo' }));
  const { count, approximate } = await (await respuesta).json();
  expect(approximate).toBeUndefined();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThan(1000);
  await expect(etiqueta(page)).toHaveText(new RegExp(`^1-\\d+ de ${count}$`));
});
