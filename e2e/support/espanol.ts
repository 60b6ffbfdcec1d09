// Every screen reads in Spanish: no react-admin translation key left untranslated and none of
// react-admin's English defaults showing through (docs/arquitectura.md §5: one complete Spanish catalogue).
import { expect, type Page } from '@playwright/test';

const CLAVE_SIN_TRADUCIR = /\b(ra|aula|resources)\.[a-z_]+\.[a-z_.]+/i;

// react-admin's English defaults, matched as whole words with their capital, as its buttons,
// menus and messages show them.
const INGLES = [
  'Create', 'Export', 'Rows per page', 'No results found', 'Search', 'Delete', 'Edit', 'Show',
  'Save', 'Filter', 'Add filter', 'Refresh', 'Loading', 'Logout', 'Page not found', 'Go back',
  'Light', 'Dark', 'Sort by', 'Remove all filters', 'Clear value', 'Select all', 'Undo',
  'Cancel', 'Confirm', 'Required', 'Open menu', 'Close menu', 'Profile', 'Toggle theme',
  'Go to previous page', 'Go to next page', 'Open', 'Close', 'No options',
];

/** What the administrator reads, plus what a screen reader reads out (labels, placeholders, tooltips). */
async function textoVisible(page: Page): Promise<string> {
  return page.evaluate(() => {
    const atributos = [...document.querySelectorAll('[aria-label], [placeholder], [title]')].flatMap((el) =>
      ['aria-label', 'placeholder', 'title'].map((a) => el.getAttribute(a) ?? ''),
    );
    return [document.title, document.body.innerText, ...atributos].join('\n');
  });
}

export async function expectSpanish(page: Page): Promise<void> {
  const texto = await textoVisible(page);
  expect(texto.match(CLAVE_SIN_TRADUCIR)?.[0], 'clave sin traducir').toBeUndefined();
  const ingles = INGLES.filter((s) => new RegExp(`(^|[^\\p{L}])${s}([^\\p{L}]|$)`, 'u').test(texto));
  expect(ingles, 'textos en inglés').toEqual([]);
}
