// «Informes» as the owner uses it on Monday morning (docs/arquitectura.md §6): the figures of a period, a preset
// that changes them, and each block's CSV.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expectSpanish } from './support/espanol';
import { expect, test } from './support/fixtures';

const informe = (page: Page, nombre: string, desde?: string) =>
  page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname === `/informes/${nombre}` && r.ok() && (!desde || url.searchParams.get('desde') === desde);
  });

/** A KPI card reads: its name, its figure, its change. */
const kpi = (page: Page, clave: string) => page.getByTestId(`kpi-${clave}`).getByRole('paragraph').nth(1);
const bloque = (page: Page, titulo: string) => page.getByRole('region', { name: titulo, exact: true });

async function abrir(page: Page): Promise<void> {
  const resumen = informe(page, 'resumen');
  await page.goto('/main/informes');
  await resumen;
  await expect(kpi(page, 'ingresosNetos')).toHaveText(/\d.*€/);
}

test('muestra las cifras del periodo y los gráficos, en español', async ({ page }) => {
  await abrir(page);
  for (const clave of ['ingresosNetos', 'pagos', 'ticketMedio', 'reembolsos', 'usuariosNuevos', 'cursosVendidos']) {
    await expect(page.getByTestId(`kpi-${clave}`)).toBeVisible();
  }
  // The demo data has sales every week: the charts draw bars, not an empty frame.
  for (const titulo of ['Ingresos', 'Usuarios nuevos', 'Pagos por método', 'Pagos por estado', 'Ventas por curso']) {
    await expect(bloque(page, titulo).locator('.recharts-bar-rectangle').first()).toBeVisible();
  }
  await expect(bloque(page, 'Dinero pendiente')).toContainText(/Pagos pendientes desde hace más de \d+ días/);
  // Nothing overflows sideways on a phone: the page is as wide as the screen.
  const ancho = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(ancho).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expectSpanish(page);
});

test('un periodo predefinido cambia las cifras', async ({ page }) => {
  await abrir(page);
  const treintaDias = await kpi(page, 'pagos').textContent();
  const desde = `${new Date().getFullYear()}-01-01`;
  const esteAnio = informe(page, 'resumen', desde);
  await page.getByRole('button', { name: 'Este año', exact: true }).click();
  await esteAnio;
  await expect(page.getByRole('button', { name: 'Este año', exact: true })).toHaveAttribute('aria-pressed', 'true');
  // Shown the Spanish way, whatever the browser's language.
  await expect(page.getByRole('textbox', { name: 'Desde', exact: true })).toHaveValue(`01/01/${new Date().getFullYear()}`);
  // Months of demo sales against 30 days of them.
  await expect(kpi(page, 'pagos')).not.toHaveText(treintaDias!);
});

test('cada bloque se descarga en CSV para Excel', async ({ page }) => {
  await abrir(page);
  const descarga = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar Ventas por curso en CSV' }).click();
  const archivo = await descarga;
  expect(archivo.suggestedFilename()).toMatch(/\.csv$/);
  const texto = await readFile((await archivo.path())!, 'utf8');
  // A BOM and «;» so that a Spanish Excel opens it with its accents and columns.
  expect(texto.charCodeAt(0)).toBe(0xfeff);
  expect(texto.split(/\r?\n/)[0]).toContain(';');
  expect(texto.split(/\r?\n/).filter(Boolean).length).toBeGreaterThan(1);
});

test('lo pendiente enlaza con el registro', async ({ page }) => {
  await abrir(page);
  const pendientes = bloque(page, 'Dinero pendiente');
  const enlace = pendientes.getByRole('link').first();
  await expect(enlace).toBeVisible();
  await enlace.click();
  await expect(page).toHaveURL(/\/main\/(pagos|facturas)\/\d+(\/show)?$/);
});

test('las etiquetas de los ejes no se pisan y la tabla de cursos no ensancha la página', async ({ page }) => {
  await abrir(page);
  for (const titulo of ['Ingresos', 'Usuarios nuevos', 'Pagos por método', 'Pagos por estado', 'Ventas por curso']) {
    await expect(bloque(page, titulo).locator('.recharts-bar-rectangle').first()).toBeVisible();
    // Within each axis, every two labels' boxes, pairwise: none may overlap another.
    const pisadas = await bloque(page, titulo).evaluate((region) =>
      [...region.querySelectorAll('.recharts-cartesian-axis-tick-labels')].flatMap((eje) => {
        const etiquetas = [...eje.querySelectorAll('.recharts-cartesian-axis-tick-value')].map((t) => ({
          texto: t.textContent,
          caja: t.getBoundingClientRect(),
        }));
        return etiquetas.flatMap((a, i) =>
          etiquetas
            .slice(i + 1)
            .filter(({ caja: b }) => a.caja.left < b.right && b.left < a.caja.right && a.caja.top < b.bottom && b.top < a.caja.bottom)
            .map((b) => `«${a.texto}» pisa «${b.texto}»`),
        );
      }),
    );
    expect(pisadas, titulo).toEqual([]);
  }
  // The table of every curso keeps to its card and scrolls inside it if it must.
  const ancho = page.viewportSize()!.width;
  const caja = (await bloque(page, 'Ventas por curso').getByRole('table').locator('..').boundingBox())!;
  expect(caja.x + caja.width).toBeLessThanOrEqual(ancho);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(ancho);
});
