// Filling and saving react-admin forms by what the administrator reads: labels and button names.
import { expect, type Page } from '@playwright/test';

export const BOTON = {
  crear: 'Crear',
  guardar: 'Guardar',
  editar: 'Editar',
  borrar: 'Borrar',
  confirmar: 'Confirmar',
};

/** A text, number or password input by its label (the required mark is not part of the name). */
export const input = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${escapeRegExp(label)}(\\s*\\*)?$`));

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Opens a reference's suggestions and takes the first: any existing record will do. */
export async function pickFirst(page: Page, label: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option').first().click();
}

/** A select's accessible name is its label followed by the chosen option, if any. */
export const select = (page: Page, label: string) => page.getByRole('combobox', { name: new RegExp(`^${escapeRegExp(label)}\\b`) });

/**
 * Opens the select and taps the option, until the select shows it: under load, a tap on the
 * tablet once landed while the menu was still opening and left it open, the option only focused.
 */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  const combo = select(page, label);
  const opcion = page.getByRole('option', { name: option, exact: true });
  await combo.click();
  await expect(async () => {
    if (await opcion.isVisible()) await opcion.click({ timeout: 2_000 });
    await expect(combo).toHaveText(option, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/** Clicks Guardar and waits for the API to accept the write. */
/**
 * An undoable save or delete reaches the API when its «undo» notice closes. A lifted finger does
 * not hover over that notice; the emulated mouse stays there (on a phone the form's buttons sit
 * where the notice opens) and it would never close.
 */
export const liftFinger = (page: Page) => page.mouse.move(0, 0);

export async function save(page: Page, resource: string): Promise<void> {
  const written = page.waitForResponse(
    (r) => ['POST', 'PATCH', 'PUT'].includes(r.request().method()) && new URL(r.url()).pathname.startsWith(`/${resource}`),
  );
  await page.getByRole('button', { name: BOTON.guardar }).click();
  await liftFinger(page);
  const response = await written;
  // The body explains a refusal; after a success react-admin navigates and it is gone.
  if (response.status() >= 300) expect(response.status(), await response.text()).toBeLessThan(300);
}
