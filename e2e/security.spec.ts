// The admin and the API's explorer under their Content-Security-Policy. A policy that is too
// tight does not fail loudly: a style or a request is silently refused and only the console
// says so. So these open real pages, log in, move around, and listen for any violation.
import { expect, test, type Page, type Response } from '@playwright/test';
import { API, listedRecords } from './support/list';
import { ADMIN, loginThroughForm } from './support/login';
import { menuEntry, openMenu } from './support/menu';

/** Every CSP violation the page reports: Chromium's console line and the DOM event. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) seen.push(msg.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`Content Security Policy: ${e.violatedDirective} refused ${e.blockedURI}`),
    );
  });
  return seen;
}

const policy = (response: Response | null) => response?.headers()['content-security-policy'] ?? '';

test('el admin, su configuración y sus scripts llegan con la política de seguridad', async ({ page }) => {
  const answers: Response[] = [];
  page.on('response', (r) => answers.push(r));
  const doc = await page.goto('/login');
  const csp = policy(doc);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(/script-src 'self'(;|$)/);
  expect(doc?.headers()['x-content-type-options']).toBe('nosniff');

  // The policy lets the page reach the API exactly where /config.js sends it.
  const apiUrl = await page.evaluate(() => (window as { AULA_CONFIG?: { apiUrl: string } }).AULA_CONFIG!.apiUrl);
  expect(csp).toMatch(new RegExp(`connect-src 'self' ${new URL(apiUrl).origin}(;|$)`));

  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  const own = answers.filter((r) => /\/config\.js$|\/assets\/.+\.js$/.test(new URL(r.url()).pathname));
  expect(own.length).toBeGreaterThanOrEqual(2);
  for (const r of own) {
    expect(policy(r), r.url()).toContain("frame-ancestors 'none'");
    expect(r.headers()['x-content-type-options'], r.url()).toBe('nosniff');
  }
});

test('entrar y recorrer las secciones no infringe la política', async ({ page }) => {
  const violations = await watchViolations(page);
  const apiAnswers: Response[] = [];
  page.on('response', (r) => {
    if (r.url().startsWith(API)) apiAnswers.push(r);
  });

  await loginThroughForm(page, ADMIN.usuario, ADMIN.pass);
  await expect(page).toHaveURL(/\/main\/clases$/);
  await expect(listedRecords(page).first()).toBeVisible();
  // MUI's styles are injected at run time as <style> elements: if they were refused, the app
  // bar would have no colour.
  const fondo = await page.getByRole('banner').evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(fondo).not.toBe('rgba(0, 0, 0, 0)');

  for (const [nombre, ruta] of [
    ['Cursos', 'cursos'],
    ['Usuarios', 'usuarios'],
    ['Facturación', 'facturas'],
    ['Pagos', 'pagos'],
  ]) {
    await openMenu(page);
    await menuEntry(page, nombre).click();
    await expect(page).toHaveURL(new RegExp(`/main/${ruta}$`));
    await expect(listedRecords(page).first()).toBeVisible();
  }
  await openMenu(page);
  await menuEntry(page, 'Informes').click();
  await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();

  await page.goto('/main/cursos/create');
  await expect(page.getByLabel(/^Título/)).toBeVisible();

  expect(violations).toEqual([]);
  // The API's own answers, as the browser received them, carry its strict policy.
  expect(apiAnswers.length).toBeGreaterThan(5);
  for (const r of apiAnswers) {
    expect(policy(r), r.url()).toMatch(/default-src 'none'/);
    expect(r.headers()['x-content-type-options'], r.url()).toBe('nosniff');
  }
});

test('el explorador de la API funciona con su política', async ({ page }) => {
  const violations = await watchViolations(page);
  // A tall window: the document grows with each entity (matrículas, lotes, cupones…), and
  // scrolling it a short screen at a time no longer reaches /ping in 30 s. Each step scrolls less
  // than the window, so no operation is skipped over.
  await page.setViewportSize({ width: 1280, height: 2400 });
  const doc = await page.goto(`${API}/explorer`);
  expect(policy(doc)).toContain("frame-ancestors 'none'");
  expect(policy(doc)).toMatch(/script-src 'self'(;|$)/);

  await expect(page.locator('.swagger-ui .info .title')).toBeVisible();
  const ping = page.locator('.opblock', { has: page.locator('.opblock-summary-path[data-path="/ping"]') });
  // The explorer renders only the operations near the viewport (swagger-ui's virtual list), and
  // /ping comes after the login and account routes: scroll down as a reader would until it is drawn.
  await expect(async () => {
    if ((await ping.count()) === 0) await page.mouse.wheel(0, 2200);
    await expect(ping).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 30_000 });
  await ping.scrollIntoViewIfNeeded();
  await ping.locator('.opblock-summary').click();
  await ping.getByRole('button', { name: 'Try it out' }).click();
  await ping.getByRole('button', { name: 'Execute' }).click();
  // «Try it out» is a fetch from the page to the API: connect-src lets it through.
  await expect(ping.locator('.live-responses-table tbody .response-col_status')).toHaveText(/200/);

  expect(violations).toEqual([]);
});
