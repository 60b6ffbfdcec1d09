// No lost work between administrators (issue 24): A and B open the same curso; A saves a new
// description; B, still on the old one, saves too and is told who saved, when, and what differs,
// and chooses knowingly. The Historial tab reads what happened; a clase is restored to a version.
// Checked through the API, not only on the screen.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { BOTON, input, liftFinger, save } from './support/form';
import { API } from './support/list';

const unico = (prefijo: string) => `${prefijo} ${test.info().project.name} ${Date.now().toString(36)}`;

async function post(page: Page, path: string, data: Record<string, unknown>) {
  const res = await page.request.post(`${API}${path}`, { data });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}
const leer = async (page: Page, path: string) => (await page.request.get(`${API}${path}`)).json();

test('two administrators on one curso: B is shown A’s save and chooses; the Historial tab tells it', async ({ page, browser, adminState }) => {
  const { viewport, isMobile, hasTouch, baseURL } = test.info().project.use;
  const curso = await post(page, '/cursos', { titulo: unico('Concurrencia'), precio: 1000, descripcion: 'Texto original' });

  const otro = await browser.newContext({ storageState: adminState, viewport, isMobile, hasTouch, baseURL });
  const b = await otro.newPage();
  await page.goto(`/main/cursos/${curso.id}`);
  await b.goto(`/main/cursos/${curso.id}`);
  // The curso's section loads on first use: slower than an assertion's usual wait on a busy machine.
  await expect(input(page, 'Descripción')).toHaveValue('Texto original', { timeout: 30_000 });
  await expect(input(b, 'Descripción')).toHaveValue('Texto original', { timeout: 30_000 });

  // A saves first.
  await input(page, 'Descripción').fill('Texto de A');
  await save(page, 'cursos');
  await expect.poll(async () => (await leer(page, `/cursos/${curso.id}`)).descripcion).toBe('Texto de A');

  // B, on the version it opened, fixes the old text: the API refuses, the form keeps what B typed.
  await input(b, 'Descripción').fill('Texto original, corregido');
  const rechazo = b.waitForResponse((r) => r.request().method() === 'PATCH' && new URL(r.url()).pathname === `/cursos/${curso.id}`);
  await b.getByRole('button', { name: BOTON.guardar }).click();
  await liftFinger(b);
  expect((await rechazo).status()).toBe(412);
  const dialogo = b.getByRole('dialog', { name: 'Alguien guardó este registro mientras lo editabas' });
  await expect(dialogo).toBeVisible();
  await expect(dialogo).toContainText(/Administrador lo guardó el \d{2}\/\d{2}\/\d{4}/);
  await expect(dialogo).toContainText('Texto de A');
  await expect(dialogo).toContainText('Texto original, corregido');
  await b.screenshot({ path: test.info().outputPath('conflicto.png') });
  expect(await b.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // B keeps its own, knowing it replaces A's.
  const guardado = b.waitForResponse((r) => r.request().method() === 'PATCH' && new URL(r.url()).pathname === `/cursos/${curso.id}`);
  await dialogo.getByRole('button', { name: 'Quedarme con lo mío' }).click();
  expect((await guardado).status()).toBe(204);
  await expect.poll(async () => (await leer(page, `/cursos/${curso.id}`)).descripcion).toBe('Texto original, corregido');
  await otro.close();

  // The Historial tab: who, what, before → after.
  await page.goto(`/main/cursos/${curso.id}/historial`);
  const historial = page.getByRole('list', { name: 'Historial' });
  await expect(historial.getByRole('listitem')).toHaveCount(3);
  const ultima = historial.getByRole('listitem').first();
  await expect(ultima).toContainText('Modificación');
  await expect(ultima).toContainText('Administrador');
  await expect(ultima).toContainText('Descripción:');
  await expect(ultima).toContainText('Texto de A → Texto original, corregido');
  await expect(historial.getByRole('listitem').last()).toContainText('Precio:');
  await expect(historial.getByRole('listitem').last()).toContainText('— → 10,00');
  await page.screenshot({ path: test.info().outputPath('historial.png') });
});

test('restoring a clase: back to its first version, itself in the history', async ({ page }) => {
  const titulo = unico('Clase buena');
  const clase = await post(page, '/clases', { titulo, descripcion: 'Bien escrita' });
  const res = await page.request.patch(`${API}/clases/${clase.id}`, { data: { titulo: 'Estropeada', descripcion: 'Mal' } });
  expect(res.status()).toBe(204);

  await page.goto(`/main/clases/${clase.id}`);
  const historial = page.getByRole('list', { name: 'Historial' });
  // The section loads on first use: slower than an assertion's usual wait on a busy machine.
  await expect(historial.getByRole('listitem')).toHaveCount(2, { timeout: 30_000 });
  // The latest is the record as it is: only the older version offers a restore.
  await expect(historial.getByRole('listitem').first().getByRole('button', { name: 'Restaurar esta versión' })).toHaveCount(0);
  await historial.getByRole('listitem').last().getByRole('button', { name: 'Restaurar esta versión' }).click();
  const confirmar = page.getByRole('dialog', { name: '¿Restaurar la versión 1?' });
  await confirmar.getByRole('button', { name: BOTON.confirmar }).click();
  await expect(page.getByText('Restaurada la versión 1')).toBeVisible();
  await expect.poll(async () => (await leer(page, `/clases/${clase.id}`)).titulo).toBe(titulo);
  await expect(historial.getByRole('listitem')).toHaveCount(3);
  await expect(historial.getByRole('listitem').first()).toContainText('Restauración');
  await expect(input(page, 'Título')).toHaveValue(titulo);
  await page.screenshot({ path: test.info().outputPath('restaurar.png') });
});

test('a pago’s history reads on its page, money as money, with nothing to restore', async ({ page }) => {
  const [usuario] = await leer(page, `/usuarios?filter=${encodeURIComponent(JSON.stringify({ limit: 1, fields: ['id'] }))}`);
  const referencia = unico('Historial pago');
  const pago = await post(page, '/pagos', { usuarioId: usuario.id, importe: 4900, metodo: 'bizum', fecha: new Date().toISOString(), referencia });
  const res = await page.request.patch(`${API}/pagos/${pago.id}`, { data: { importe: 5900, notas: 'Importe corregido' } });
  expect(res.status()).toBe(204);

  await page.goto(`/main/pagos/${pago.id}/show`);
  const historial = page.getByRole('list', { name: 'Historial' });
  // The section loads on first use: slower than an assertion's usual wait on a busy machine.
  await expect(historial.getByRole('listitem')).toHaveCount(2, { timeout: 30_000 });
  const cambio = historial.getByRole('listitem').first();
  await expect(cambio).toContainText('Modificación');
  await expect(cambio).toContainText('Importe:');
  await expect(cambio).toContainText(/49,00\s€ → 59,00\s€/);
  await expect(cambio).toContainText('Notas:');
  await expect(historial.getByRole('listitem').last()).toContainText('Alta');
  await expect(page.getByRole('button', { name: 'Restaurar esta versión' })).toHaveCount(0);
  await cambio.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/historial-pago-${test.info().project.name}.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
