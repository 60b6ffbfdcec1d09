// Matrículas by hand and in bulk (issue 33), at every screen size: on a usuario's «Cursos» the
// administrador gives access to a curso, changes until when it lasts («Ampliar») and revokes it
// with a reason; then, from the usuarios list, enrols two usuarios at once in a curso and follows
// the lote to its summary. Nothing wider than the screen, no English, and axe finds no critical or
// serious violation. Checked through the API, not just the screen.
import type { APIRequestContext, Page } from '@playwright/test';
import { quieta, revisar } from './support/axe';
import { expectSpanish } from './support/espanol';
import { expect, test } from './support/fixtures';
import { API, listedRecords, openSearched } from './support/list';

const cabe = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));

async function post(request: APIRequestContext, path: string, data: Record<string, unknown>) {
  const res = await request.post(`${API}${path}`, { data });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/** The usuario's matrículas in the curso, as the API has them. */
async function matriculasDe(page: Page, usuarioId: number, cursoId: number) {
  const res = await page.request.get(`${API}/matriculas?filter=${q({ where: { usuarioId, cursoId }, order: ['id ASC'] })}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as { id: number; estado: string; hasta: string | null; motivoRevocacion: string | null }[];
}

/** Types the curso's title into the dialog's «Curso» (its one combobox) and takes it from the suggestions. */
async function chooseCurso(page: Page, dialogo: ReturnType<Page['getByRole']>, titulo: string) {
  await dialogo.getByRole('combobox').fill(titulo);
  await page.getByRole('option', { name: titulo, exact: true }).click();
}

test('da acceso a un curso, lo amplía y lo revoca con un motivo; luego matricula a dos usuarios en lote y ve el resumen', async ({ page }) => {
  const sufijo = `${test.info().project.name}${Date.now().toString(36)}`;
  const curso = await post(page.request, '/cursos', { titulo: `Curso de matrículas ${sufijo}`, precio: 1000 });
  const ana = await post(page.request, '/usuarios', { nombre: 'Ana', apellidos: `Lote ${sufijo}`, email: `ana.${sufijo}@example.com` });
  const beto = await post(page.request, '/usuarios', { nombre: 'Beto', apellidos: `Lote ${sufijo}`, email: `beto.${sufijo}@example.com` });

  // «Dar acceso» on Ana's «Cursos»: the curso, no end (for ever).
  await page.goto(`/main/usuarios/${ana.id}/show`);
  await page.getByRole('tab', { name: 'Cursos' }).click();
  await expect(page).toHaveURL(/\/show\/cursos$/);
  await expect(page.getByText('Este usuario no tiene matrículas')).toBeVisible();
  await page.getByRole('button', { name: 'Dar acceso' }).click();
  const dar = page.getByRole('dialog', { name: 'Dar acceso a un curso' });
  await chooseCurso(page, dar, curso.titulo);
  await expectSpanish(page);
  expect(await cabe(page)).toBe(true);
  await quieta(page);
  await revisar(page, 'diálogo «Dar acceso»', '[role="dialog"]');
  const dado = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/matriculas');
  await dar.getByRole('button', { name: 'Dar acceso' }).click();
  expect((await dado).status()).toBe(200);
  await expect(page.getByText('Acceso dado')).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText(curso.titulo)).toBeVisible();
  await expect(main.getByText('Sin fin')).toBeVisible();
  await expect(main.getByText('Activa')).toBeVisible();
  expect((await matriculasDe(page, ana.id, curso.id)).map((m) => [m.estado, m.hasta])).toEqual([['activa', null]]);

  // «Ampliar»: until the last day of next year, included.
  const anio = new Date().getFullYear() + 1;
  await main.getByRole('button', { name: 'Ampliar' }).click();
  const ampliar = page.getByRole('dialog', { name: 'Cambiar hasta cuándo dura el acceso' });
  await ampliar.getByLabel(/Hasta/).fill(`31/12/${anio}`);
  const ampliada = page.waitForResponse((r) => r.request().method() === 'PATCH' && new URL(r.url()).pathname.startsWith('/matriculas/'));
  await ampliar.getByRole('button', { name: 'Ampliar' }).click();
  expect((await ampliada).status()).toBe(204);
  await expect(main.getByText(`31/12/${anio}`)).toBeVisible();
  expect(await cabe(page)).toBe(true);

  // «Revocar», with the reason.
  await main.getByRole('button', { name: 'Revocar' }).click();
  const revocar = page.getByRole('dialog', { name: 'Revocar la matrícula' });
  await revocar.getByLabel(/^Motivo/).fill('Se cambia a otro curso');
  const revocada = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/revocar'));
  await revocar.getByRole('button', { name: 'Revocar' }).click();
  expect((await revocada).status()).toBe(200);
  await expect(page.getByText('Matrícula revocada')).toBeVisible();
  await expect(main.getByText('Revocada')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Ampliar' })).toHaveCount(0);
  const [revocadaApi] = await matriculasDe(page, ana.id, curso.id);
  expect([revocadaApi.estado, revocadaApi.motivoRevocacion]).toEqual(['revocada', 'Se cambia a otro curso']);
  await expectSpanish(page);
  await quieta(page);
  await revisar(page, `/main/usuarios/${ana.id}/show/cursos`);

  // From the usuarios list: both selected, enrolled in the curso as a lote.
  await openSearched(page, 'usuarios', `Lote ${sufijo}`);
  await expect(listedRecords(page)).toHaveCount(2);
  for (const u of [ana, beto]) await listedRecords(page).filter({ hasText: u.nombre }).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Matricular en un curso' }).click();
  const lote = page.getByRole('dialog', { name: 'Matricular a 2 usuarios en un curso' });
  await expect(lote.getByText(/vacío para dar el acceso que da el curso/)).toBeVisible();
  await chooseCurso(page, lote, curso.titulo);
  await expectSpanish(page);
  expect(await cabe(page)).toBe(true);
  await quieta(page);
  await revisar(page, 'diálogo «Matricular en un curso»', '[role="dialog"]');
  const lanzado = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/matriculas/lote');
  await lote.getByRole('button', { name: 'Matricular en un curso' }).click();
  const respuesta = await lanzado;
  expect(respuesta.status(), await respuesta.text()).toBe(202);
  const { id: loteId } = await respuesta.json();

  // Followed until the server is done: Ana's was revoked, so both get one.
  const seguimiento = page.getByRole('dialog', { name: `Lote de matrículas #${loteId}` });
  await expect(seguimiento.getByTestId('resumen-lote')).toHaveText('Hechas 2 · Sin cambios 0 (ya matriculados) · Rechazadas 0', { timeout: 30_000 });
  await expect(seguimiento.getByText(/Puedes cerrar esta ventana/)).toHaveCount(0);
  await expectSpanish(page);
  expect(await cabe(page)).toBe(true);
  await quieta(page);
  await revisar(page, 'resumen del lote', '[role="dialog"]');
  for (const u of [ana, beto]) expect((await matriculasDe(page, u.id, curso.id)).filter((m) => m.estado === 'activa')).toHaveLength(1);

  // «Ver el lote»: its page in «Lotes de matrículas», with the same summary.
  await seguimiento.getByRole('link', { name: 'Ver el lote' }).click();
  await expect(page).toHaveURL(new RegExp(`/main/lotes/${loteId}/show$`));
  await expect(page.getByTestId('resumen-lote')).toHaveText('Hechas 2 · Sin cambios 0 (ya matriculados) · Rechazadas 0');
  await expect(page.getByRole('main').getByText(curso.titulo)).toBeVisible();
  await expectSpanish(page);
  expect(await cabe(page)).toBe(true);
  await quieta(page);
  await revisar(page, `/main/lotes/${loteId}/show`);
});
