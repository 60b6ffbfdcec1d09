// The side menu (docs/arquitectura.md §5): always on screen from 600 px up, a drawer behind the app bar's
// menu button on a phone, as react-admin's Sidebar does below its `sm` breakpoint.
import type { Page } from '@playwright/test';

export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 600;

export const menuEntry = (page: Page, name: string) => page.getByRole('menuitem', { name, exact: true });

export const menuToggle = (page: Page) => page.getByRole('button', { name: /abrir.*men[uú]/i });

/** Makes the side menu reachable: on a phone, opens the drawer. */
export async function openMenu(page: Page): Promise<void> {
  if (isPhone(page)) await menuToggle(page).click();
}
