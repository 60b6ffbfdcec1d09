// Publishing a curso whose clases are all borradores: its students would find
// it empty, so the admin asks, in plain words, whether to publish the clases too — from the
// curso's form and from the list's «Cambiar estado…». Checked through the API, not just the screen.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { BOTON, choose, input, liftFinger, save } from './support/form';
import { API, listedRecords, openSearched } from './support/list';

const unico = (prefijo: string) => `${prefijo} ${test.info().project.name} ${Date.now().toString(36)}`;
const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));

async function post(page: Page, path: string, data: Record<string, unknown>) {
  const res = await page.request.post(`${API}${path}`, { data });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/** A borrador curso with `n` clases, `publicadas` of them published, through the API. */
async function curso(page: Page, titulo: string, n: number, publicadas = 0) {
  const curso = await post(page, '/cursos', { titulo, precio: 1000 });
  for (let i = 1; i <= n; i++) {
    await post(page, `/cursos/${curso.id}/clases`, { titulo: `${titulo} ${i}`, estado: i <= publicadas ? 'publicada' : 'borrador' });
  }
  return curso.id as number;
}

const estadoDe = async (page: Page, id: number) => (await (await page.request.get(`${API}/cursos/${id}`)).json()).estado;
const estadosDeSusClases = async (page: Page, cursoId: number) =>
  (await (await page.request.get(`${API}/cursos/${cursoId}/clases?filter=${q({ order: 'orden ASC' })}`)).json()).map(
    (c: { estado: string }) => c.estado,
  );

/** Sets «Estado» to Publicado on the curso's form and saves: the warning opens instead. */
async function publicarDesdeElFormulario(page: Page, id: number) {
  await page.goto(`/main/cursos/${id}`);
  await expect(input(page, 'Título')).not.toHaveValue('');
  await choose(page, 'Estado', 'Publicado');
  await page.getByRole('button', { name: BOTON.guardar }).click();
  await liftFinger(page);
  const aviso = page.getByRole('dialog', { name: '¿Publicar también sus clases?' });
  await expect(aviso).toBeVisible();
  return aviso;
}

test('el formulario de un curso con todas sus clases en borrador ofrece publicarlas también', async ({ page }) => {
  const id = await curso(page, unico('Publicar todo'), 2);
  const aviso = await publicarDesdeElFormulario(page, id);
  await expect(aviso).toContainText('Las 2 clases de este curso están en borrador: si solo se publica el curso, sus alumnos no verán ninguna.');
  // Like every confirmation, it opens on «Cancelar».
  await expect(aviso.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await expect(aviso.getByRole('button', { name: 'Publicar solo el curso' })).toBeInViewport();

  const clases = page.waitForResponse((r) => r.request().method() === 'PATCH' && new URL(r.url()).pathname === '/clases');
  const guardado = page.waitForResponse((r) => r.request().method() === 'PATCH' && new URL(r.url()).pathname === `/cursos/${id}`);
  await aviso.getByRole('button', { name: 'Publicar también sus 2 clases' }).click();
  // One request for the curso's clases, by cursoId, then the curso's own save.
  const publicadas = await clases;
  expect(await publicadas.json()).toEqual({ count: 2 });
  expect(JSON.parse(new URL(publicadas.url()).searchParams.get('where')!)).toEqual({ cursoId: { inq: [id] }, estado: 'borrador' });
  expect((await guardado).ok()).toBe(true);
  await expect(page).toHaveURL(/\/main\/cursos$/);
  expect(await estadoDe(page, id)).toBe('publicado');
  expect(await estadosDeSusClases(page, id)).toEqual(['publicada', 'publicada']);
});

test('«Publicar solo el curso» deja sus clases en borrador; «Cancelar» no guarda nada', async ({ page }) => {
  const id = await curso(page, unico('Publicar solo'), 1);
  let aviso = await publicarDesdeElFormulario(page, id);
  await expect(aviso).toContainText('La única clase de este curso está en borrador');
  await aviso.getByRole('button', { name: 'Cancelar' }).click();
  await expect(aviso).toBeHidden();
  // Still on the form, with the change not saved.
  await expect(page).toHaveURL(new RegExp(`/main/cursos/${id}$`));
  expect(await estadoDe(page, id)).toBe('borrador');

  await page.getByRole('button', { name: BOTON.guardar }).click();
  aviso = page.getByRole('dialog', { name: '¿Publicar también sus clases?' });
  const guardado = page.waitForResponse((r) => r.request().method() === 'PATCH' && new URL(r.url()).pathname === `/cursos/${id}`);
  await aviso.getByRole('button', { name: 'Publicar solo el curso' }).click();
  expect((await guardado).ok()).toBe(true);
  await expect(page).toHaveURL(/\/main\/cursos$/);
  expect(await estadoDe(page, id)).toBe('publicado');
  expect(await estadosDeSusClases(page, id)).toEqual(['borrador']);
});

test('un curso sin clases, o con alguna publicada, se publica sin preguntar', async ({ page }) => {
  for (const [clases, publicadas] of [[0, 0], [2, 1]]) {
    const id = await curso(page, unico('Sin aviso'), clases, publicadas);
    await page.goto(`/main/cursos/${id}`);
    await expect(input(page, 'Título')).not.toHaveValue('');
    await choose(page, 'Estado', 'Publicado');
    await save(page, 'cursos');
    await expect(page).toHaveURL(/\/main\/cursos$/);
    expect(await estadoDe(page, id)).toBe('publicado');
  }
});

test('«Cambiar estado…» a Publicado de varios cursos pregunta una vez por todos los que solo tienen borradores', async ({ page }) => {
  const nombre = unico('Publicar varios');
  const vacios = [await curso(page, `${nombre} A`, 2), await curso(page, `${nombre} B`, 1)];
  const conUnaPublicada = await curso(page, `${nombre} C`, 2, 1);
  await openSearched(page, 'cursos', nombre);
  await expect(listedRecords(page)).toHaveCount(3);
  await page.getByRole('main').getByRole('checkbox', { name: 'Seleccionar todo' }).check();
  await page.getByRole('button', { name: 'Cambiar estado…' }).click();
  const formulario = page.getByRole('dialog', { name: 'Cambiar el estado de 3 cursos' });
  await formulario.getByRole('combobox', { name: /^Estado/ }).click();
  await page.getByRole('option', { name: 'Publicado', exact: true }).click();
  await formulario.getByRole('button', { name: BOTON.confirmar }).click();

  const aviso = page.getByRole('dialog', { name: '¿Publicar también sus clases?' });
  await expect(aviso).toContainText('Cursos elegidos que solo tienen clases en borrador: 2, con 3 clases en total.');
  await expect(aviso.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  const clases = page.waitForResponse((r) => r.request().method() === 'PATCH' && new URL(r.url()).pathname === '/clases');
  const cursos = page.waitForResponse((r) => r.request().method() === 'PATCH' && new URL(r.url()).pathname === '/cursos');
  await aviso.getByRole('button', { name: 'Publicar también sus 3 clases' }).click();
  expect(await (await clases).json()).toEqual({ count: 3 });
  expect(await (await cursos).json()).toEqual({ count: 3 });
  await expect(page.getByText('3 elementos actualizados')).toBeVisible();

  for (const id of [...vacios, conUnaPublicada]) expect(await estadoDe(page, id)).toBe('publicado');
  expect(await estadosDeSusClases(page, vacios[0])).toEqual(['publicada', 'publicada']);
  expect(await estadosDeSusClases(page, vacios[1])).toEqual(['publicada']);
  // A curso that already showed a clase is left as its administrator arranged it.
  expect(await estadosDeSusClases(page, conUnaPublicada)).toEqual(['publicada', 'borrador']);
});
