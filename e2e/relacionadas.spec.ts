// Every list inside a record's page is complete: a usuario's Pagos and
// Facturas tabs said nothing past their first 25 rows. Now ten at a time, with the total, and
// the way to the rest, at every size.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { API } from './support/list';

const etiqueta = (page: Page) => page.locator('.MuiTablePagination-displayedRows');

/** The usuario with the most rows of `recurso`, and how many: the demo has some with dozens. */
async function elQueMasTiene(page: Page, recurso: string): Promise<{ id: number; total: number }> {
  const respuesta = await page.request.get(`${API}/${recurso}?filter=${encodeURIComponent(JSON.stringify({ fields: ['usuarioId'], limit: 1000 }))}`);
  const cuentas = new Map<number, number>();
  for (const { usuarioId } of await respuesta.json()) cuentas.set(usuarioId, (cuentas.get(usuarioId) ?? 0) + 1);
  const [id] = [...cuentas].sort((a, b) => b[1] - a[1])[0];
  const where = encodeURIComponent(JSON.stringify({ usuarioId: id }));
  return { id, total: (await (await page.request.get(`${API}/${recurso}/count?where=${where}`)).json()).count };
}

for (const recurso of ['pagos', 'facturas']) {
  test(`la pestaña «${recurso}» de un usuario dice cuántos son y lleva a los demás`, async ({ page }) => {
    const { id, total } = await elQueMasTiene(page, recurso);
    expect(total).toBeGreaterThan(25);
    await page.goto(`/main/usuarios/${id}/show/${recurso}`);
    await expect(etiqueta(page)).toHaveText(`1-10 de ${total}`);
    await page.getByRole('button', { name: 'Ir a la página siguiente' }).click();
    await expect(etiqueta(page)).toHaveText(`11-20 de ${total}`);
  });
}
