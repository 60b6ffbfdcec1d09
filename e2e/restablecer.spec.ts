// «¿Has olvidado tu contraseña?» from the login screen to a new session (issue 34, point 2), at
// the three sizes: the request answers the same whoever is asked for, the message reaches the
// suite's mailbox (e2e/support/buzon.ts) with a link, the link's page takes the secret out of the
// address bar, says the policy's reason next to the field, saves, and the person then enters.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { MensajeBuzon } from './support/buzon';
import { ADMIN, entrarButton, passwordField, usuarioField } from './support/login';
import { API } from './support/list';

// The port playwright.config.ts gave the mailbox, beside the API's.
const BUZON = `http://127.0.0.1:${process.env.E2E_BUZON_PORT}/mensajes`;
const CONFIRMACION = /Si hay una cuenta activa con ese usuario o email, le hemos enviado un mensaje/;

/** The newest message to `para` whose text has a link to `ruta`, once it arrives: its link. */
async function waitEnlace(request: APIRequestContext, para: string, ruta: string): Promise<string> {
  let enlace = '';
  await expect(async () => {
    const mensajes = (await (await request.get(BUZON)).json()) as MensajeBuzon[];
    const suyos = mensajes.filter((m) => m.para.includes(para) && m.texto.includes(ruta));
    enlace = /https?:\/\/\S+#[\w-]+/.exec(suyos.at(-1)?.texto ?? '')?.[0] ?? '';
    expect(enlace).not.toBe('');
  }).toPass({ timeout: 20_000 });
  return enlace;
}

async function askEnlace(page: Page, usuario: string) {
  await page.goto('/login');
  await page.getByRole('button', { name: '¿Has olvidado tu contraseña?' }).click();
  await page.getByLabel(/^Usuario o email:/).fill(usuario);
  await page.getByRole('button', { name: 'Enviar el enlace' }).click();
  await expect(page.getByRole('status')).toHaveText(CONFIRMACION);
}

test('una contraseña olvidada se restablece desde la pantalla de acceso y se entra con la nueva', async ({ page, request }, info) => {
  const usuario = `olvido-${info.project.name}-${Date.now().toString(36)}`;
  const email = `${usuario}@example.es`;
  // The administrador creates the account with an email and no password: it is invited.
  const admin = await request.post(`${API}/logins/login`, { data: ADMIN });
  expect(admin.status()).toBe(200);
  const alta = await request.post(`${API}/logins`, { data: { usuario, nombre: 'Olga Vidal', email, rol: 'editor' } });
  expect(alta.status(), await alta.text()).toBe(200);
  await request.post(`${API}/logins/logout`, { data: {} });

  // An unknown account gets the very same confirmation.
  await askEnlace(page, `nadie-${usuario}`);
  await askEnlace(page, email);
  const enlace = await waitEnlace(request, email, '/restablecer#');

  await page.goto(enlace.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('heading', { name: 'Elige una contraseña nueva' })).toBeVisible();
  // The secret is read and gone from the address bar.
  await expect(page).toHaveURL(/\/restablecer$/);
  const nueva = page.getByLabel(/^Contraseña nueva:/);
  const repetir = page.getByLabel(/^Repite la contraseña:/);
  await nueva.fill('corta');
  await repetir.fill('corta');
  await page.getByRole('button', { name: 'Guardar la contraseña' }).click();
  await expect(page.getByText('La contraseña debe tener al menos 12 caracteres')).toBeVisible();
  await expect(nueva).toHaveAttribute('aria-invalid', 'true');

  const clave = 'Olas de septiembre en Cadaqués';
  await nueva.fill(clave);
  await repetir.fill(clave);
  const guardar = page.getByRole('button', { name: 'Guardar la contraseña' });
  await guardar.scrollIntoViewIfNeeded();
  await guardar.click();
  await expect(page.getByRole('status')).toHaveText('Contraseña guardada: ya puedes entrar');
  await page.getByRole('button', { name: 'Ir a entrar' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await usuarioField(page).fill(usuario);
  await passwordField(page).fill(clave);
  await entrarButton(page).click();
  await expect(page).toHaveURL(/\/main/);
  await expect(page.getByRole('heading', { name: /¿Has olvidado|Login/ })).toHaveCount(0);

  // The link served once.
  const otra = await request.post(`${API}/logins/restablecer`, { data: { token: enlace.split('#')[1], pass: `${clave} bis`, tipo: 'restablecer' } });
  expect(otra.status()).toBe(410);
});

test('un enlace sin secreto lo dice y no deja guardar', async ({ page }) => {
  await page.goto('/invitacion');
  await expect(page.getByRole('heading', { name: 'Elige tu contraseña' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(/Falta el enlace/);
  await expect(page.getByRole('button', { name: 'Guardar la contraseña' })).toBeDisabled();
});
