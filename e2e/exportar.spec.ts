// «Exportar» as the accountant receives it (docs/arquitectura.md §5): the Pagos list filtered by a
// método, downloaded by the browser from the API, and opened as a Spanish Excel would read it.
import { readFile } from 'node:fs/promises';
import { expectSpanish } from './support/espanol';
import { expect, test } from './support/fixtures';
import { listedRecords, listResponse } from './support/list';

test('Pagos filtrados por método se exportan en un CSV para Excel, con nombres y euros', async ({ page }) => {
  const lista = listResponse(page, 'pagos');
  const cuenta = page.waitForResponse((r) => new URL(r.url()).pathname === '/pagos/count' && r.ok());
  await page.goto(`/main/pagos?filter=${encodeURIComponent(JSON.stringify({ metodo: 'bizum' }))}`);
  await lista;
  const total: number = (await (await cuenta).json()).count;
  expect(total).toBeGreaterThan(0);
  // The list shows the filter the export must keep.
  await expect(page.getByRole('main').getByText('Bizum').first()).toBeVisible();
  await expect(listedRecords(page).first()).toBeVisible();
  await expectSpanish(page);

  const exportar = page.getByRole('link', { name: 'Exportar' });
  await expect(exportar).toBeInViewport();
  const descarga = page.waitForEvent('download');
  await exportar.click();
  const archivo = await descarga;
  expect(archivo.suggestedFilename()).toMatch(/^pagos-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await archivo.path())!);

  // UTF-8 with a BOM, so Excel reads the accents; «;» between fields and CRLF line ends.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lineas = bytes.toString('utf8').slice(1).split('\r\n').filter(Boolean);
  const cabecera = lineas[0].split(';');
  expect(cabecera).toEqual(expect.arrayContaining(['Usuario', 'Curso', 'Importe', 'Método', 'Estado', 'Fecha']));
  const col = (nombre: string) => cabecera.indexOf(nombre);

  // Every pago the filter selects, on every page of the list, and only those.
  const filas = lineas.slice(1).map((l) => l.split(';'));
  expect(filas).toHaveLength(total);
  for (const fila of filas) {
    expect(fila[col('Método')]).toBe('Bizum');
    expect(fila[col('Importe')]).toMatch(/^\d+,\d{2}$/);
    expect(fila[col('Fecha')]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(fila[col('Estado')]).toMatch(/^(Pendiente|Completado|Fallido|Reembolsado)$/);
    // A name, never the usuario's id.
    expect(fila[col('Usuario')]).toMatch(/\p{L}/u);
  }
  // In the list's order: the first pago is the one the list shows first, named the same.
  await expect(listedRecords(page).first()).toContainText(filas[0][col('Usuario')]);
});
