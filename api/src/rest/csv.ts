// CSV for a Spanish spreadsheet, shared by the reports and the list exports: UTF-8 with a BOM
// (so Excel reads the accents), `;` between fields and a decimal comma in euros (what a Spanish
// locale expects), CRLF line ends.

export const BOM = '\uFEFF';

// What a spreadsheet skips before it reads a formula: spaces (the no-break one too) and
// invisible format characters.
const ANTES_DE_FORMULA = /^[\s\p{Cf}]+/u;

/**
 * Text typed by people: a leading = + - @ would make a spreadsheet run it as a formula, and so
 * would one behind spaces or in a form the spreadsheet folds into it (fullwidth ＝ ＋ － ＠, the
 * small ﹦ ﹢ ﹣ ﹫: NFKC is that folding). A leading tab or carriage return is escaped too.
 */
export const texto = (v: string | null | undefined) => {
  const s = v ?? '';
  const c = s.charCodeAt(0);
  // Most cells start with printable ASCII, which is its own folding and nothing a spreadsheet skips.
  const primero = c > 0x20 && c < 0x7f ? s[0] : s.replace(ANTES_DE_FORMULA, '').charAt(0).normalize('NFKC');
  return c === 0x09 || c === 0x0d || /^[=+\-@]/.test(primero) ? `'${s}` : s;
};

export const entero = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** Céntimos as euros with a decimal comma and no thousands separator: 123456 → "1234,56". */
export function euros(centimos: number | null | undefined): string {
  if (centimos === null || centimos === undefined) return '';
  const abs = Math.abs(centimos);
  return `${centimos < 0 ? '-' : ''}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

const campo = (v: string) => (/[;"\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** One record as a CSV line, its line end included. */
export const lineaCsv = (fila: string[]) => `${fila.map(campo).join(';')}\r\n`;
