// Videos and photos uploaded from the forms (docs/arquitectura.md §7): the bar reaches 100 %, the
// server's duration and thumbnail come into the form, the player plays the stored file, and
// what was saved is there on reopening — at every screen size. ffmpeg makes the files.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { input, pickFirst, save } from './support/form';
import { ADMIN, loginThroughForm } from './support/login';

const carpeta = mkdtempSync(join(tmpdir(), 'aula-e2e-medios-'));
const VIDEO = join(carpeta, 'clase.mp4');
const FOTO = join(carpeta, 'portada.png');

test.beforeAll(() => {
  const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-y', '-loglevel', 'error', '-f', 'lavfi', ...args]);
  ffmpeg('-i', 'testsrc=size=320x240:rate=10:duration=3', '-pix_fmt', 'yuv420p', VIDEO);
  ffmpeg('-i', 'testsrc=size=320x240', '-frames:v', '1', FOTO);
});

const unico = (prefijo: string) => `${prefijo} ${test.info().project.name} ${Date.now().toString(36)}`;

/** The id of the record the next save creates. */
const creado = (page: Page, resource: string) =>
  page
    .waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `/${resource}`)
    .then(async (r) => (await r.json()).id as number);

/** Plays as far as the browser can tell: it has read the file's length. */
async function expectPlayable(video: Locator, segundos: number) {
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => ({ listo: v.readyState > 0, duracion: Math.round(v.duration) })))
    .toEqual({ listo: true, duracion: segundos });
}

/** An image that has loaded (from the API, with the session), not a broken one. */
async function expectShown(img: Locator) {
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeGreaterThan(0);
}

test('clase: subir un vídeo trae su duración y su miniatura, y se ve al volver', async ({ page }) => {
  const titulo = unico('Clase con vídeo');
  await page.goto('/main/clases/create');
  await input(page, 'Título').fill(titulo);
  await pickFirst(page, 'Curso');

  await page.getByLabel('Elegir vídeo').setInputFiles(VIDEO);
  const barra = page.getByRole('progressbar', { name: /clase\.mp4/ });
  await expect(barra).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByText('100 %')).toBeVisible();
  await expect(page.getByText('Listo: guarda para conservarlo')).toBeVisible();

  await expect(input(page, 'Vídeo')).toHaveValue(/^\/videos\/\w+\.mp4$/);
  await expect(input(page, 'Duración')).toHaveValue('3');
  await expect(input(page, 'Miniatura')).toHaveValue(/^\/photos\//);
  await expectPlayable(page.locator('video'), 3);
  await expectShown(page.getByRole('img', { name: 'Vista previa' }));

  const id = creado(page, 'clases');
  await save(page, 'clases');
  await page.goto(`/main/clases/${await id}`);
  await expect(input(page, 'Título')).toHaveValue(titulo);
  await expect(input(page, 'Duración')).toHaveValue('3');
  await expectPlayable(page.locator('video'), 3);
  await expectShown(page.getByRole('img', { name: 'Vista previa' }));
});

test('clase: una subida cortada por una recarga sigue donde estaba al elegir el mismo archivo', async ({ page }) => {
  const creaciones: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/subidas') creaciones.push(r.url());
  });
  await page.goto('/main/clases/create');
  // The upload is created, then its bytes never arrive: as if the tab were closed mid-way.
  await page.route('**/subidas/*', (route) => (route.request().method() === 'PATCH' ? undefined : route.continue()));
  const creada = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/subidas');
  await page.getByLabel('Elegir vídeo').setInputFiles(VIDEO);
  const subida = new URL((await creada).headers().location ?? '', 'http://x').pathname.split('/').pop();
  // The reload drops the held request before it is sent, then the connection is normal again.
  await page.reload();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await expect(page.getByText('Quedó sin terminar la subida de «clase.mp4»', { exact: false })).toBeVisible();
  await page.getByLabel('Elegir vídeo').setInputFiles(VIDEO);
  await expect(page.getByText('Listo: guarda para conservarlo')).toBeVisible();
  await expect(input(page, 'Vídeo')).toHaveValue(new RegExp(`^/videos/${subida}\\.mp4$`));
  expect(creaciones).toHaveLength(1);
});

test('clase: sin conexión la subida espera, y sigue sola cuando vuelve', async ({ page, context }) => {
  await page.goto('/main/clases/create');
  await page.getByLabel('Elegir vídeo').waitFor({ state: 'attached' });
  await context.setOffline(true);
  await page.getByLabel('Elegir vídeo').setInputFiles(VIDEO);
  await expect(page.getByText('Sin conexión: la subida seguirá cuando vuelva')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('Listo: guarda para conservarlo')).toBeVisible();
  await expect(input(page, 'Duración')).toHaveValue('3');
});

test('clase: un archivo que no es un vídeo se rechaza en español junto al campo', async ({ page }) => {
  await page.goto('/main/clases/create');
  await page.getByLabel('Elegir vídeo').setInputFiles({
    name: 'falso.mp4',
    mimeType: 'video/mp4',
    buffer: Buffer.from('esto no es un vídeo, solo texto\n'.repeat(200)),
  });
  await expect(page.getByText(/El fichero no es un vídeo admitido/)).toBeVisible();
  await expect(input(page, 'Vídeo')).toHaveValue('');
  await expect(page.locator('video')).toHaveCount(0);
});

test('curso: subir una foto la muestra en el formulario, en su página y en la lista', async ({ page }) => {
  const titulo = unico('Curso con foto');
  await page.goto('/main/cursos/create');
  await input(page, 'Título').fill(titulo);
  await input(page, 'Precio').fill('10,00');

  await page.getByLabel('Elegir foto').setInputFiles(FOTO);
  await expect(page.getByRole('progressbar', { name: /portada\.png/ })).toHaveAttribute('aria-valuenow', '100');
  await expect(input(page, 'Foto')).toHaveValue(/^\/photos\/\w+\.png$/);
  await expectShown(page.getByRole('img', { name: 'Vista previa' }));

  const id = creado(page, 'cursos');
  await save(page, 'cursos');
  await page.goto(`/main/cursos/${await id}/show`);
  await expect(page.getByText(titulo).first()).toBeVisible();
  await expectShown(page.getByRole('img', { name: 'Vista previa' }));

  await page.goto(`/main/cursos?filter=${encodeURIComponent(JSON.stringify({ q: titulo }))}`);
  const fila = page.locator('.MuiTableRow-root, .MuiListItem-root').filter({ hasText: titulo });
  await expectShown(fila.locator('img'));
});

test('las fotos se ven con el admin abierto en 127.0.0.1, que para el navegador es otro sitio que el de la API', async ({ browser, baseURL }) => {
  // Another origin the README's CORS_ORIGINS allows; Chromium does not count two ports of an IP as one site.
  const contexto = await browser.newContext({ baseURL: baseURL!.replace('localhost', '127.0.0.1'), locale: 'es-ES' });
  try {
    const page = await contexto.newPage();
    await loginThroughForm(page, ADMIN.usuario, ADMIN.pass);
    await page.waitForURL(/\/main/);
    await page.goto('/main/cursos');
    await expectShown(page.locator('img[src*="/photos/"]').first());
  } finally {
    await contexto.close();
  }
});

test('«Elegir vídeo» y «Elegir foto» abren el selector con el teclado, con Intro y con espacio', async ({ page }) => {
  for (const [ruta, nombre, tecla] of [['/main/clases/create', 'Elegir vídeo', 'Enter'], ['/main/cursos/create', 'Elegir foto', ' ']]) {
    await page.goto(ruta);
    const boton = page.getByRole('button', { name: nombre });
    await boton.focus();
    const [selector] = await Promise.all([page.waitForEvent('filechooser', { timeout: 5000 }), boton.press(tecla)]);
    expect(selector.isMultiple(), nombre).toBe(false);
  }
});
