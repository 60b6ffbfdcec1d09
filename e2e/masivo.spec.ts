// Bulk work and order: several clases published at once from the list, a
// curso's clases reordered by dragging (or from the keyboard) and saved, a new clase added
// from a curso landing last. At every screen size; checked through the API, not just the screen.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { BOTON, input, save } from './support/form';
import { isPhone } from './support/menu';
import { API, listedRecords, openSearched } from './support/list';

const unico = (prefijo: string) => `${prefijo} ${test.info().project.name} ${Date.now().toString(36)}`;
const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));

async function post(request: APIRequestContext, path: string, data: Record<string, unknown>) {
  const res = await request.post(`${API}${path}`, { data });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/** A curso with clases «<nombre> 1…n», in that order, through the API. */
async function cursoConClases(page: Page, nombre: string, n: number) {
  const curso = await post(page.request, '/cursos', { titulo: nombre, precio: 1000 });
  const clases = [];
  for (let i = 1; i <= n; i++) clases.push(await post(page.request, `/cursos/${curso.id}/clases`, { titulo: `${nombre} ${i}` }));
  return { curso, clases };
}

/** The curso's clases as the API orders them. */
async function titulosEnOrden(page: Page, cursoId: number): Promise<string[]> {
  const res = await page.request.get(`${API}/cursos/${cursoId}/clases?filter=${q({ order: 'orden ASC' })}`);
  return (await res.json()).map((c: { titulo: string }) => c.titulo);
}

const filas = (page: Page) => page.getByTestId('fila-clase');

/** A new curso with `n` clases, opened on its page; its clases' títulos in their order. */
async function cursoAbierto(page: Page, prefijo: string, n: number) {
  const nombre = unico(prefijo);
  const { curso } = await cursoConClases(page, nombre, n);
  const titulos = Array.from({ length: n }, (_, i) => `${nombre} ${i + 1}`);
  await page.goto(`/main/cursos/${curso.id}/show`);
  await expectFilas(page, titulos);
  return { curso, nombre, titulos };
}

/** The rows read «1. título» then the clase's estado; `(?!\d)` so «… 1» is not «… 12». */
async function expectFilas(page: Page, titulos: string[]) {
  await expect(filas(page)).toHaveText(titulos.map((t, i) => new RegExp(`^${i + 1}\\. ${t}(?!\\d)`)));
}

/**
 * Moves clase `titulo` up `pasos` places, onto `sobre`: by keyboard on a phone (Space lifts,
 * arrows move, Space drops, as a keyboard or switch user does), elsewhere by a real pointer drag
 * of its handle.
 */
async function moverAlPrincipio(page: Page, titulo: string, sobre: string, pasos: number) {
  const asa = page.getByRole('button', { name: `Mover «${titulo}»` });
  if (isPhone(page)) {
    const total = await page.getByTestId('fila-clase').count();
    const desde = (await page.getByTestId('fila-clase').allTextContents()).findIndex((t) => t.includes(`. ${titulo}`)) + 1;
    await asa.focus();
    await page.keyboard.press('Space');
    // Each step as a screen reader user hears it, before the next key.
    await expect(page.getByText(`Clase «${titulo}» levantada, en la posición ${desde} de ${total}.`)).toBeAttached();
    for (let i = 1; i <= pasos; i++) {
      await page.keyboard.press('ArrowUp');
      await expect(page.getByText(`Clase «${titulo}» en la posición ${desde - i} de ${total}.`)).toBeAttached();
    }
    await page.keyboard.press('Space');
    return;
  }
  const desde = (await asa.boundingBox())!;
  const hasta = (await page.getByRole('button', { name: `Mover «${sobre}»` }).boundingBox())!;
  const x = desde.x + desde.width / 2;
  await page.mouse.move(x, desde.y + desde.height / 2);
  await page.mouse.down();
  await page.mouse.move(x, desde.y + desde.height / 2 - 10, { steps: 3 });
  await page.mouse.move(x, hasta.y + hasta.height / 2 - 5, { steps: 12 });
  await page.mouse.up();
}

test('clases: publicar dos a la vez desde la lista', async ({ page }) => {
  const nombre = unico('Masivo');
  const { clases } = await cursoConClases(page, nombre, 3);
  await openSearched(page, 'clases', nombre);
  await expect(listedRecords(page)).toHaveCount(3);

  for (const clase of clases.slice(0, 2)) {
    await listedRecords(page).filter({ hasText: clase.titulo }).getByRole('checkbox').check();
  }
  await expect(page.getByText('2 elementos seleccionados')).toBeVisible();
  await page.getByRole('button', { name: 'Publicar', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Publicar 2 clases')).toBeVisible();
  await expect(dialog.getByText('¿Publicar las 2 clases seleccionadas?', { exact: false })).toBeVisible();
  const patched = page.waitForResponse((r) => r.request().method() === 'PATCH' && new URL(r.url()).pathname === '/clases');
  await dialog.getByRole('button', { name: BOTON.confirmar }).click();
  const response = await patched;
  expect(await response.json()).toEqual({ count: 2 });
  // One request for both, each on the version the list read (a row changed since would be left alone).
  const where = JSON.parse(new URL(response.url()).searchParams.get('where')!) as { or: { id: number; version: number }[] };
  expect(where.or.map(({ id }) => id)).toEqual(clases.slice(0, 2).map((c) => c.id));
  for (const { version } of where.or) expect(version).toEqual(expect.any(Number));
  await expect(page.getByText('2 elementos actualizados')).toBeVisible();

  const res = await page.request.get(`${API}/clases?filter=${q({ where: { id: { inq: clases.map((c) => c.id) } }, order: 'id ASC' })}`);
  expect((await res.json()).map((c: { estado: string }) => c.estado)).toEqual(['publicada', 'publicada', 'borrador']);
});

test('clases: mover dos a otro curso eligiéndolo en un diálogo', async ({ page }) => {
  const nombre = unico('Mudanza');
  const { clases } = await cursoConClases(page, nombre, 3);
  const destino = await post(page.request, '/cursos', { titulo: `${nombre} destino`, precio: 0 });
  await openSearched(page, 'clases', nombre);
  await expect(listedRecords(page)).toHaveCount(3);
  for (const clase of clases.slice(1)) {
    await listedRecords(page).filter({ hasText: clase.titulo }).getByRole('checkbox').check();
  }
  await page.getByRole('button', { name: 'Mover a curso…' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Mover 2 clases a otro curso')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Curso' }).fill(`${nombre} destino`);
  await page.getByRole('option', { name: `${nombre} destino` }).click();
  const patched = page.waitForResponse((r) => r.request().method() === 'PATCH' && new URL(r.url()).pathname === '/clases');
  await dialog.getByRole('button', { name: BOTON.confirmar }).click();
  expect(await (await patched).json()).toEqual({ count: 2 });
  await expect(dialog).toBeHidden();
  await expect(page.getByText('2 elementos actualizados')).toBeVisible();
  expect(await titulosEnOrden(page, destino.id)).toEqual(clases.slice(1).map((c) => c.titulo));
});

test('curso: reordenar sus clases arrastrando (con el teclado en el móvil) sobrevive a recargar', async ({ page }) => {
  const { curso, titulos } = await cursoAbierto(page, 'Orden', 3);
  const [a, b, c] = titulos;

  const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === `/cursos/${curso.id}/clases/orden`);
  await moverAlPrincipio(page, c, a, 2);
  const response = await saved;
  expect(response.status()).toBe(204);
  expect(JSON.parse(response.request().postData()!).clases).toHaveLength(3);
  await expect(page.getByText('Orden guardado')).toBeVisible();
  await expectFilas(page, [c, a, b]);

  await page.reload();
  await expectFilas(page, [c, a, b]);
  expect(await titulosEnOrden(page, curso.id)).toEqual([c, a, b]);
});

test('curso: un orden que el servidor rechaza se dice y vuelve al del servidor', async ({ page }) => {
  const { curso, nombre, titulos } = await cursoAbierto(page, 'Rechazo', 3);
  const [a, b, c] = titulos;
  // Someone else adds a clase meanwhile: the order this page sends lacks it.
  const d = `${nombre} 4`;
  const nueva = await post(page.request, `/cursos/${curso.id}/clases`, { titulo: d });

  const refused = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === `/cursos/${curso.id}/clases/orden`);
  await moverAlPrincipio(page, c, a, 2);
  expect((await refused).status()).toBe(422);
  await expect(page.getByText(`Falta la clase ${nueva.id} del curso`, { exact: false })).toBeVisible();
  await expectFilas(page, [a, b, c, d]);
  expect(await titulosEnOrden(page, curso.id)).toEqual([a, b, c, d]);
});

test('curso: una clase añadida desde su página va la última', async ({ page }) => {
  const { curso, nombre, titulos } = await cursoAbierto(page, 'Añadir', 2);

  await page.getByRole('link', { name: 'Añadir clase' }).press('Enter');
  await expect(page).toHaveURL(/\/main\/clases\/create/);
  // Nothing prefilled: left empty, the server puts it last.
  await expect(input(page, 'Orden')).toHaveValue('');
  const titulo = `${nombre} nueva`;
  await input(page, 'Título').fill(titulo);
  await save(page, 'clases');

  await expect(page).toHaveURL(new RegExp(`/main/cursos/${curso.id}/show$`));
  await expectFilas(page, [...titulos, titulo]);
  expect(await titulosEnOrden(page, curso.id)).toEqual([...titulos, titulo]);
});
