// CSV for a Spanish spreadsheet, shared by the reports and the list exports: UTF-8 with a BOM
// (so Excel reads the accents), `;` between fields and a decimal comma in euros (what a Spanish
// locale expects), CRLF line ends.

export const BOM = '\uFEFF';

/** Text typed by people: a leading = + - @ would make a spreadsheet run it as a formula. */
export const texto = (v: string | null | undefined) => {
  const s = v ?? '';
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
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
