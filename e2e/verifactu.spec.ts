// The remission as seen in the admin, on the browser suite's server, which runs with
// VERIFACTU=desactivado as any installation outside production does by default: the declaración
// responsable opens for anyone and prints, Facturación › VeriFactu says the remission is off and
// how many records wait, and nothing claims the invoices are verifiable — at every screen size.
import { test as base } from '@playwright/test';
import { expect, test } from './support/fixtures';

const LETRAS = 'abcdefghijkl'.split('');

base('la declaración responsable se abre sin sesión: su título, los apartados a) a l) en orden, y al imprimir no salen los botones', async ({ page }) => {
  await page.goto('/declaracion-responsable');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('DECLARACIÓN RESPONSABLE DEL SISTEMA INFORMÁTICO DE FACTURACIÓN');
  const apartados = page.getByRole('listitem');
  await expect(apartados).toHaveCount(12);
  expect((await apartados.allTextContents()).map((t) => t.slice(0, 2))).toEqual(LETRAS.map((l) => `${l})`));
  await expect(apartados.nth(0)).toContainText('a) Nombre del sistema informático:Aula Admin');
  await expect(apartados.nth(4)).toContainText('Sí: solo puede funcionar como «VERI*FACTU»');
  // Off here, the page says so before anything else.
  await expect(page.getByRole('alert')).toContainText('la remisión a la AEAT está desactivada');
  await expect(page.getByRole('button', { name: 'Imprimir' })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Imprimir' })).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('Facturación › VeriFactu: se llega desde las facturas, dice que la remisión está desactivada y cuántos registros esperan', async ({ page }) => {
  await page.goto('/main/facturas');
  await page.getByRole('link', { name: 'VeriFactu' }).click();
  await expect(page).toHaveURL(/\/main\/verifactu$/);
  const main = page.getByRole('main');
  await expect(main).toContainText('Desactivada (VERIFACTU=desactivado): los registros se guardan, pero no se remiten');
  await expect(main.getByText('Registros pendientes de envío')).toBeVisible();
  await expect(main).toContainText('Ningún registro necesita subsanarse');
  // Outside production, off is no emergency: no banner.
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(main.getByRole('link', { name: 'Declaración responsable del sistema' })).toHaveAttribute('href', '/declaracion-responsable');
  // Facturación stays the current section (in the side menu; on a phone it is a closed drawer).
  if (test.info().project.name === 'escritorio') await expect(page.getByRole('menuitem', { name: 'Facturación' })).toHaveAttribute('aria-current', 'page');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expect(main).not.toContainText('Factura verificable');
});
