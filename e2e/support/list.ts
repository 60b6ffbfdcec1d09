// Reaching a record through a section's list as an administrator does: the search box, then a
// click on the record's text. The same calls work on the table (≥ 600 px) and on the phone's
// simple list, because both show the record's name as text that opens it.
import { expect, type Page, type Response } from '@playwright/test';
import { isPhone } from './menu';

export const API = `http://localhost:${process.env.E2E_API_PORT ?? 3310}`;

/** The answer to the list's next GET /<resource>?filter=… (not a count or a single record). */
export const listResponse = (page: Page, resource: string): Promise<Response> =>
  page.waitForResponse(
    (r) => r.request().method() === 'GET' && new URL(r.url()).pathname === `/${resource}` && r.ok(),
  );

export const searchBox = (page: Page) => page.getByPlaceholder('Buscar');

/**
 * Types into the list's search box and waits for the list the API answered for that text (each
 * word of it is searched for on its own, so the request holds the words, not the whole text).
 */
export async function search(page: Page, resource: string, text: string): Promise<void> {
  const words = text.split(/\s+/).filter(Boolean);
  const answered = page.waitForResponse((r) => {
    const url = new URL(r.url());
    const query = [...url.searchParams.values()].join(' ');
    return r.request().method() === 'GET' && url.pathname === `/${resource}` && words.every((w) => query.includes(w));
  });
  await searchBox(page).fill(text);
  expect((await answered).ok()).toBe(true);
}

/**
 * Opens the list with no search nor filter: react-admin otherwise restores the last ones used,
 * and typing the same text again would not ask the API anything.
 */
export async function openUnfiltered(page: Page, resource: string): Promise<void> {
  const answered = listResponse(page, resource);
  await page.goto(`/main/${resource}?filter=${encodeURIComponent('{}')}`);
  await answered;
  await expect(searchBox(page)).toHaveValue('');
}

/** Opens the list with the search box already holding `text`, as a bookmarked search would. */
export async function openSearched(page: Page, resource: string, text: string): Promise<void> {
  const answered = listResponse(page, resource);
  await page.goto(`/main/${resource}?filter=${encodeURIComponent(JSON.stringify({ q: text }))}`);
  await answered;
  await expect(searchBox(page)).toHaveValue(text);
}

/**
 * The records the list shows: the table's data rows, or the phone list's entries (a phone list
 * whose rows can be selected for bulk actions is a one-column table).
 */
export const listedRecords = (page: Page) => {
  const main = page.getByRole('main');
  const rows = main.getByRole('row').filter({ has: page.getByRole('cell') });
  return isPhone(page) ? main.getByRole('listitem').or(rows) : rows;
};
