// Students brought in from another platform (issue 33, point 5), at every screen size: the
// contable uploads a CSV with two bad rows, sees each error with its row, column and reason and
// nothing written; uploads the corrected file, reads the preview and imports it, and the new
// student has her curso. Nothing wider than the screen, no English, axe finds no critical,
// serious or moderate violation.
import type { Page } from '@playwright/test';
import { quieta, revisar } from './support/axe';
import { expectSpanish } from './support/espanol';
import { expect, test } from './support/fixtures';
import { loginThroughForm } from './support/login';

const API = `http://localhost:${process.env.E2E_API_PORT ?? 3310}`;
const cabe = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('la contable previsualiza un CSV con dos filas malas, lo corrige e importa los alumnos con su curso', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: test.info().project.use.viewport, isMobile: test.info().project.use.isMobile, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await loginThroughForm(page, 'carmen', 'admin');
  await expect(page).toHaveURL(/\/main\/clases/);

  const cursos = await page.request.get(`${API}/cursos?filter=${encodeURIComponent(JSON.stringify({ limit: 1, order: ['id ASC'] }))}`);
  const [curso] = await cursos.json();
  const marca = `${test.info().project.name}${Date.now().toString(36)}`;
  const email = `importada.${marca}@example.com`;
  const fila = (e: string, nombre: string, apellidos: string, hasta = '') => `${e};${nombre};${apellidos};${curso.id};${hasta}`;
  const cabecera = 'Email;Nombre;Apellidos;Curso;Hasta';
  const conErrores = [cabecera, fila(email, 'Ana', `Importada ${marca}`, '31/12/2099'), fila('no-es-un-email', 'Luis', 'Mal'), fila(`sin.nombre.${marca}@example.com`, '', 'Sin nombre')].join('\r\n');
  const corregido = [cabecera, fila(email, 'Ana', `Importada ${marca}`, '31/12/2099'), fila(`luis.${marca}@example.com`, 'Luis', 'Bien'), fila(`sin.nombre.${marca}@example.com`, 'Marta', 'Con nombre')].join('\r\n');

  await page.goto('/main/usuarios');
  await page.getByRole('button', { name: 'Importar alumnos' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Importar alumnos' });
  await dialogo.getByTestId('archivo-alumnos').setInputFiles({ name: 'alumnos.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${conErrores}`, 'utf8') });
  await expect(dialogo.getByText('Hay 2 errores: corrígelos en tu fichero y vuelve a subirlo.')).toBeVisible();
  const errores = dialogo.getByRole('table', { name: 'Errores' });
  await expect(errores.getByRole('row')).toHaveCount(3);
  await expect(errores).toContainText('3');
  await expect(errores).toContainText(/email/i);
  await expect(errores).toContainText('4');
  await expect(dialogo.getByRole('button', { name: 'Importar', exact: true })).toBeDisabled();
  await expect(dialogo.getByRole('button', { name: 'Descargar filas rechazadas' })).toBeVisible();
  await expectSpanish(page);
  expect(await cabe(page)).toBe(true);
  await quieta(page);
  await revisar(page, '/main/usuarios importar alumnos con errores');
  // Nothing was written by the preview.
  const antes = await page.request.get(`${API}/usuarios?filter=${encodeURIComponent(JSON.stringify({ where: { email } }))}`);
  expect(await antes.json()).toEqual([]);

  await dialogo.getByTestId('archivo-alumnos').setInputFiles({ name: 'alumnos-bien.csv', mimeType: 'text/csv', buffer: Buffer.from(corregido, 'utf8') });
  await expect(dialogo.getByTestId('cifra-crear')).toHaveText('3');
  await expect(dialogo.getByTestId('cifra-matriculas')).toHaveText('3');
  const importar = page.waitForResponse((r) => r.url().includes('/usuarios/importar') && r.url().includes('confirmar'));
  await dialogo.getByRole('button', { name: 'Importar', exact: true }).click();
  expect((await importar).status()).toBe(201);
  await expect(dialogo.getByText(/Importación hecha: 3 alumnos nuevos/)).toBeVisible();
  expect(await cabe(page)).toBe(true);

  const creada = await (await page.request.get(`${API}/usuarios?filter=${encodeURIComponent(JSON.stringify({ where: { email } }))}`)).json();
  expect(creada).toHaveLength(1);
  const acceso = await (await page.request.get(`${API}/usuarios/${creada[0].id}/acceso/${curso.id}`)).json();
  expect(acceso).toMatchObject({ acceso: true, hasta: expect.stringMatching(/^2099-12-31T/) });
  await context.close();
});
