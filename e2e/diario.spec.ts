// What an administrator does every day, with fewer clicks: a period for the
// pagos in one click, sorting on a phone, a factura's customer filled from its usuario, a search
// for «Nuria Cort», «Mes pasado» against the month before, the dark theme kept after «Salir», and
// one name per section.
import type { Page } from '@playwright/test';
import { expectSpanish } from './support/espanol';
import { expect, test } from './support/fixtures';
import { API, listedRecords, listResponse, openUnfiltered, search } from './support/list';
import { ADMIN, loginThroughForm } from './support/login';
import { isPhone, menuEntry, openMenu } from './support/menu';

/** Today's calendar day in Madrid, whatever zone the machine running the tests is in. */
const hoyEnMadrid = () => {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date()).split('-').map(Number);
  return { y, m, d };
};

/** Month `m` (1–12, may run past the year's ends) of year `y` as its first and last day, dd/mm/aaaa. */
const mes = (y: number, m: number) => {
  const primero = new Date(Date.UTC(y, m - 1, 1));
  const ultimo = new Date(Date.UTC(y, m, 0));
  const texto = (d: Date) => `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  return { desde: texto(primero), hasta: texto(ultimo), desdeIso: iso(primero), hastaIso: iso(ultimo) };
};

/** An instant as Madrid's wall clock, «yyyy-mm-dd hh:mm:ss». */
const enMadrid = (iso: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Madrid', dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso));

/** The bounds a list request puts on `fecha`, wherever in its `where` they sit. */
const fechaDe = (url: string): { gte?: string; lte?: string } => {
  const where = JSON.parse(new URL(url).searchParams.get('filter') ?? '{}').where ?? {};
  const condiciones: Record<string, { gte?: string; lte?: string }>[] = where.and ?? [where];
  return Object.assign({}, ...condiciones.map((c) => c.fecha ?? {}));
};

/** Calls the API from inside the admin's page (open already), with its session and origin. */
const api = <T,>(page: Page, path: string, init?: { method: string; body?: unknown }) =>
  page.evaluate(
    async ({ url, init }) => {
      const r = await fetch(url, {
        method: init?.method ?? 'GET',
        credentials: 'include',
        headers: init?.body !== undefined ? { 'Content-Type': 'application/json' } : {},
        body: init?.body !== undefined ? JSON.stringify(init.body) : undefined,
      });
      return (r.status === 204 ? null : await r.json()) as T;
    },
    { url: `${API}${path}`, init },
  );

/** Fully on screen, not pushed past the right edge. */
async function expectOnScreen(page: Page, locator: ReturnType<Page['getByRole']>) {
  const caja = (await locator.boundingBox())!;
  expect(caja.x).toBeGreaterThanOrEqual(0);
  expect(caja.x + caja.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test('Pagos: «Periodo» → «Mes pasado» filtra el mes anterior, con los días de Madrid', async ({ page }) => {
  await openUnfiltered(page, 'pagos');
  const periodo = page.getByRole('combobox', { name: 'Periodo' });
  await expectOnScreen(page, periodo);
  await periodo.click();
  const filtrada = page.waitForResponse((r) => new URL(r.url()).pathname === '/pagos' && r.url().includes('fecha') && r.ok());
  await page.getByRole('option', { name: 'Mes pasado' }).click();
  const { gte, lte } = fechaDe((await filtrada).url());

  const { y, m } = hoyEnMadrid();
  const pasado = mes(y, m - 1);
  expect(enMadrid(gte!)).toBe(`${pasado.desdeIso} 00:00:00`);
  expect(enMadrid(lte!)).toBe(`${pasado.hastaIso} 23:59:59`);
  // The period stays visible as days the administrator can adjust.
  await expect(page.getByRole('textbox', { name: 'Desde' })).toHaveValue(pasado.desde);
  await expect(page.getByRole('textbox', { name: 'Hasta' })).toHaveValue(pasado.hasta);
  await expect(periodo).toHaveText('Mes pasado');
  await expect(listedRecords(page).first()).toContainText(pasado.desde.slice(2));
  await expectSpanish(page);
});

test('Facturación también ofrece «Periodo»', async ({ page }) => {
  await openUnfiltered(page, 'facturas');
  await page.getByRole('combobox', { name: 'Periodo' }).click();
  const filtrada = page.waitForResponse((r) => new URL(r.url()).pathname === '/facturas' && r.url().includes('fecha') && r.ok());
  await page.getByRole('option', { name: 'Este año' }).click();
  expect(enMadrid(fechaDe((await filtrada).url()).gte!)).toBe(`${hoyEnMadrid().y}-01-01 00:00:00`);
});

test('la lista de pagos se ordena por importe, también en un móvil', async ({ page }) => {
  await openUnfiltered(page, 'pagos');
  const ordenada = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/pagos' && JSON.parse(new URL(r.url()).searchParams.get('filter') ?? '{}').order === 'importe ASC',
  );
  if (isPhone(page)) {
    // No column headers on a phone: a sort menu, in Spanish, inside the screen.
    const ordenar = page.getByRole('button', { name: 'Ordenar por fecha descendente' });
    await expectOnScreen(page, ordenar);
    await ordenar.click();
    await page.getByRole('menuitem', { name: 'Importe ascendente' }).click();
    await expect(page.getByRole('button', { name: 'Ordenar por importe ascendente' })).toBeVisible();
  } else {
    await page.getByRole('columnheader', { name: 'Importe' }).getByText('Importe').click();
  }
  // The rows come in the order the API sorted them, cheapest first.
  const importes = ((await (await ordenada).json()) as { importe: number }[]).map((p) => p.importe);
  expect(importes).toEqual([...importes].sort((a, b) => a - b));
  const primero = new Intl.NumberFormat('es-ES', { minimumFractionDigits: 2 }).format(importes[0] / 100);
  await expect(listedRecords(page).first()).toContainText(new RegExp(`${primero}\\s€`));
  await expectSpanish(page);
});

test('el buscador de usuarios encuentra «Nuria Cort»', async ({ page }) => {
  await openUnfiltered(page, 'usuarios');
  await search(page, 'usuarios', 'Nuria Cort');
  await expect(listedRecords(page)).toHaveCount(1);
  await expect(listedRecords(page).first()).toContainText('Cortés');
});

test('una factura nueva toma el nombre, el NIF y la dirección del usuario elegido', async ({ page }) => {
  await page.goto('/main/facturas/create');
  const where = { nombre: 'Nuria', apellidos: { like: 'Cort%' } };
  const [nuria] = await api<{ nombre: string; apellidos: string; nif: string; direccion: string }[]>(
    page,
    `/usuarios?filter=${encodeURIComponent(JSON.stringify({ where }))}`,
  );
  const usuarios = listResponse(page, 'usuarios');
  await page.getByRole('combobox', { name: 'Usuario' }).fill('Nuria Cort');
  await usuarios;
  await page.getByRole('option', { name: `${nuria.nombre} ${nuria.apellidos}` }).click();
  await expect(page.getByRole('textbox', { name: 'Nombre del cliente' })).toHaveValue(`${nuria.nombre} ${nuria.apellidos}`);
  await expect(page.getByRole('textbox', { name: 'NIF del cliente' })).toHaveValue(nuria.nif);
  await expect(page.getByRole('textbox', { name: 'Dirección del cliente' })).toHaveValue(new RegExp(`^${nuria.direccion}, \\d{5} `));
});

test('«Mes pasado» en Informes se compara con el mes anterior entero', async ({ page }) => {
  const { y, m } = hoyEnMadrid();
  const [pasado, antes] = [mes(y, m - 1), mes(y, m - 2)];
  const inicial = page.waitForResponse((r) => new URL(r.url()).pathname === '/informes/resumen' && r.ok());
  await page.goto('/main/informes');
  await inicial;
  const resumen = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/informes/resumen' && new URL(r.url()).searchParams.get('desde') === pasado.desdeIso,
  );
  await page.getByRole('button', { name: 'Mes pasado', exact: true }).click();
  expect((await (await resumen).json()).anterior).toEqual({ desde: antes.desdeIso, hasta: antes.hastaIso });
  await expect(page.getByText(`Comparado con ${antes.desde} – ${antes.hasta}`)).toBeVisible();
});

test('el tema oscuro sigue tras «Salir» y volver a entrar', async ({ browser, baseURL }) => {
  // Its own session, from an empty browser: Playwright would hand this context the session the
  // other tests share, and logging in here would end it (a login ends the session it arrives with).
  const sinSesion = { cookies: [], origins: [] };
  const context = await browser.newContext({ baseURL, viewport: test.info().project.use.viewport, storageState: sinSesion });
  const page = await context.newPage();
  await loginThroughForm(page, ADMIN.usuario, ADMIN.pass);
  await expect(page).toHaveURL(/\/main\/clases$/);
  const fondo = () => page.locator('body').evaluate((b) => getComputedStyle(b).backgroundColor);
  const claro = await fondo();
  await page.getByRole('button', { name: 'Cambiar entre tema claro y oscuro' }).click();
  await expect.poll(fondo).not.toBe(claro);
  const oscuro = await fondo();

  await openMenu(page);
  await menuEntry(page, 'Salir').click();
  await expect(page).toHaveURL(/\/login$/);
  await loginThroughForm(page, ADMIN.usuario, ADMIN.pass);
  await expect(page).toHaveURL(/\/main\/clases$/);
  await expect(page.getByRole('main')).toBeVisible();
  expect(await fondo()).toBe(oscuro);
  await context.close();
});

test('cada sección se llama igual en el menú y en su página; Actividad nombra los recursos con tilde', async ({ page }) => {
  // A categoría created and deleted leaves two entries about it.
  await page.goto('/main/logs');
  const nombre = `Diario ${test.info().project.name} ${Date.now().toString(36)}`;
  const categoria = await api<{ id: number }>(page, '/categorias', { method: 'POST', body: { nombre } });
  await api(page, `/categorias/${categoria.id}`, { method: 'DELETE' });
  const filtro = { recurso: 'categorias', recursoId: categoria.id };
  await page.goto(`/main/logs?filter=${encodeURIComponent(JSON.stringify(filtro))}`);
  await expect(listedRecords(page)).toHaveCount(2);
  await expect(page.getByRole('main')).toContainText('Categoría');
  await expect(page.getByRole('main')).not.toContainText('categorias');

  await page.goto('/main/facturas');
  await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText('Facturación');
  await openMenu(page);
  await expect(menuEntry(page, 'Facturación')).toBeVisible();
});
