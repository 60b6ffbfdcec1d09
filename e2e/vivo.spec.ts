// Two administrators at once (issue 24, «Live»): A saves a curso; B, in another browser, sees it
// within two seconds on the list it has open («1 cambio — actualizar», which refreshes the list
// where it stands) and in the form it has open on that curso («Otra persona acaba de guardar
// este registro») before saving anything. At the three sizes.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { BOTON, input } from './support/form';
import { API } from './support/list';
import { ADMIN, loginThroughForm } from './support/login';

/** The demo's second administrator: B must be another account, or A's saves would be B's own. */
const LUCIA = { usuario: 'lucia', pass: 'lucia' };

/** Opening a page on a machine the other suites share: the live part itself gets its 2 s. */
const CARGA_MS = 30_000;

/** The first curso of the list as it opens (by título), so B sees it without scrolling or paging. */
const cursoCualquiera = (page: Page) =>
  page.evaluate(async (url) => {
    const r = await fetch(url, { credentials: 'include' });
    return ((await r.json()) as { id: number; titulo: string }[])[0];
  }, `${API}/cursos?filter=${encodeURIComponent(JSON.stringify({ order: ['titulo ASC'], limit: 1, fields: ['id', 'titulo'] }))}`);

test('B ve en vivo el curso que A acaba de guardar: en su lista y en su formulario', async ({ browser, baseURL }, testInfo) => {
  // Two browsers, one login through the form with production's hashing: more than one test's minute.
  test.setTimeout(120_000);
  // Two browsers of their own, each signed in through the form: B is Lucía, A the administrador.
  // Without cookies: a context made in a test inherits the project's storageState, the worker's
  // shared session, and a login ends the session its cookie names (fixation), so every spec after
  // this one in the worker got a 401.
  const { viewport, isMobile, hasTouch } = testInfo.project.use;
  const sinSesion = { cookies: [], origins: [] };
  const contextoB = await browser.newContext({ baseURL, viewport, isMobile, hasTouch, storageState: sinSesion });
  const contextoA = await browser.newContext({ baseURL, viewport, isMobile, hasTouch, storageState: sinSesion });
  const page = await contextoA.newPage();
  let curso: { id: number; titulo: string } | undefined;
  try {
    const listaB = await contextoB.newPage();
    await loginThroughForm(listaB, LUCIA.usuario, LUCIA.pass);
    // Lucía's password is hashed with production's parameters: her login takes its time.
    await expect(listaB).toHaveURL(/\/main\/clases/, { timeout: 30_000 });
    const flujoLista = listaB.waitForResponse((r) => r.url() === `${API}/eventos`, { timeout: CARGA_MS });
    await loginThroughForm(page, ADMIN.usuario, ADMIN.pass);
    await expect(page).toHaveURL(/\/main\/clases/, { timeout: 30_000 });
    curso = await cursoCualquiera(page);
    await listaB.goto('/main/cursos');
    await expect(listaB.getByText(curso.titulo).first()).toBeVisible({ timeout: CARGA_MS });
    const formB = await contextoB.newPage();
    const flujoForm = formB.waitForResponse((r) => r.url() === `${API}/eventos`, { timeout: CARGA_MS });
    await formB.goto(`/main/cursos/${curso.id}`);
    await expect(input(formB, 'Título')).toHaveValue(curso.titulo, { timeout: CARGA_MS });
    // Both tabs' streams are open before A saves.
    for (const r of await Promise.all([flujoLista, flujoForm])) expect(r.status()).toBe(200);

    await page.goto(`/main/cursos/${curso.id}`);
    await expect(input(page, 'Título')).toHaveValue(curso.titulo, { timeout: CARGA_MS });
    const nuevo = `${curso.titulo} (revisado)`;
    await input(page, 'Título').fill(nuevo);
    const guardado = page.waitForResponse((r) => r.url().startsWith(`${API}/cursos/${curso!.id}`) && ['PUT', 'PATCH'].includes(r.request().method()));
    await page.getByRole('button', { name: BOTON.guardar }).click();
    expect((await guardado).ok()).toBe(true);

    // Within two seconds of A's save, in both of B's tabs.
    const chip = listaB.getByRole('button', { name: '1 cambio — actualizar' });
    const aviso = formB.getByRole('alert').filter({ hasText: 'Otra persona acaba de guardar este registro' });
    await Promise.all([expect(chip).toBeVisible({ timeout: 2000 }), expect(aviso).toBeVisible({ timeout: 2000 })]);
    // Nothing of B's typing was touched: the form still holds what B had.
    await expect(input(formB, 'Título')).toHaveValue(curso.titulo, { timeout: CARGA_MS });
    // On screen at every size.
    for (const [p, l] of [[listaB, chip], [formB, aviso]] as const) {
      const caja = (await l.boundingBox())!;
      expect(caja.x).toBeGreaterThanOrEqual(0);
      expect(caja.x + caja.width).toBeLessThanOrEqual(p.viewportSize()!.width);
    }
    await listaB.screenshot({ path: testInfo.outputPath('lista-b.png') });
    await formB.screenshot({ path: testInfo.outputPath('formulario-b.png') });

    // Refreshing shows A's title where the list stood, and the chip goes.
    await chip.click();
    await expect(listaB.getByText(nuevo).first()).toBeVisible();
    await expect(chip).toBeHidden();
    await expect(listaB).toHaveURL(/\/main\/cursos/);

    // A's own tab heard nothing of its own save.
    await page.goto('/main/cursos');
    await expect(page.getByText(nuevo).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /cambios? — actualizar/ })).toHaveCount(0);
  } finally {
    await contextoB.close();
    // The curso as it was, for the specs after this one.
    if (curso)
      await page.evaluate(
        async ({ url, titulo }) => {
          await fetch(url, { method: 'PATCH', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ titulo }) });
        },
        { url: `${API}/cursos/${curso.id}`, titulo: curso.titulo },
      );
    await contextoA.close();
  }
});
