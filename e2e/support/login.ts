// The login screen as an administrator uses it (docs/arquitectura.md §5).
import type { Page } from '@playwright/test';

/** The demo administrator the seeded database always has. */
export const ADMIN = { usuario: 'admin', pass: 'admin' };

export const usuarioField = (page: Page) => page.getByLabel(/^Usuario:/);
export const passwordField = (page: Page) => page.getByLabel(/^Contraseña:/);
export const entrarButton = (page: Page) => page.getByRole('button', { name: 'Entrar' });

export async function loginThroughForm(page: Page, usuario: string, pass: string): Promise<void> {
  await page.goto('/login');
  await usuarioField(page).fill(usuario);
  await passwordField(page).fill(pass);
  await entrarButton(page).click();
}
