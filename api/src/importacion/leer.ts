// Reading a students' file (docs/arquitectura.md §24): a CSV (papaparse) or an XLSX (exceljs),
// told apart by its first bytes (an XLSX is a zip: `PK\x03\x04`), into a header and rows of text.
// No effects. Whatever makes the file as a whole unreadable is an `ArchivoNoValido` (a 422 with
// its reason, nothing written): not UTF-8, an unclosed quote, a formula cell, no rows, a missing
// required column. What is wrong with one row is not judged here (alumnos.ts).
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { Readable } from 'node:stream';
import { mensajes } from '../mensajes.js';

export type Campo = 'email' | 'nombre' | 'apellidos' | 'telefono' | 'nif' | 'curso' | 'hasta';

export const OBLIGATORIAS: readonly Campo[] = ['email', 'nombre', 'apellidos'];

/** The header's names each field is known by, written without accents, case or signs. */
const NOMBRES: Record<string, Campo> = {
  email: 'email',
  mail: 'email',
  correo: 'email',
  correoelectronico: 'email',
  nombre: 'nombre',
  apellidos: 'apellidos',
  apellido: 'apellidos',
  telefono: 'telefono',
  tel: 'telefono',
  movil: 'telefono',
  nif: 'nif',
  dni: 'nif',
  nie: 'nif',
  curso: 'curso',
  cursoid: 'curso',
  hasta: 'hasta',
  fechafin: 'hasta',
};

/** At most this many rows in one file (issue 33: fifty thousand students at once). */
export const MAX_FILAS = 50_000;

export class ArchivoNoValido extends Error {
  constructor(
    message: string,
    readonly codigo: string,
  ) {
    super(message);
  }
}

export interface FilaLeida {
  /** Its row as a spreadsheet shows it: the header is row 1. */
  fila: number;
  /** Each cell as written in the file (trimmed), in the header's order. */
  celdas: string[];
}

export interface Leido {
  formato: 'csv' | 'xlsx';
  /** The header as written. */
  cabecera: string[];
  /** Which column (index in the header) holds each field the file has. */
  columnas: Partial<Record<Campo, number>>;
  /** Header names not understood: left out. */
  ignoradas: string[];
  filas: FilaLeida[];
}

const sinAcentos = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
export const normalizeCabecera = (s: string) => sinAcentos(s).toLowerCase().replace(/[^a-z0-9]/g, '');

const esXlsx = (b: Buffer) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
const esXlsAntiguo = (b: Buffer) => b.length >= 4 && b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0;

export async function parseImportacion(bytes: Buffer): Promise<Leido> {
  if (bytes.length === 0) throw new ArchivoNoValido(mensajes.importacion.vacio, 'VACIO');
  if (esXlsAntiguo(bytes)) throw new ArchivoNoValido(mensajes.importacion.xlsAntiguo, 'XLS');
  const formato = esXlsx(bytes) ? 'xlsx' : 'csv';
  const tabla = formato === 'xlsx' ? await readXlsx(bytes) : readCsv(bytes);
  // Rows with every cell empty (a blank line, the last newline, a spreadsheet's formatted void) are no rows.
  const conDatos = tabla.filter((t) => t.celdas.some((c) => c !== ''));
  if (conDatos.length === 0) throw new ArchivoNoValido(mensajes.importacion.vacio, 'VACIO');
  const [cabeceraFila, ...filas] = conDatos;
  const cabecera = cabeceraFila.celdas;
  const columnas: Partial<Record<Campo, number>> = {};
  const ignoradas: string[] = [];
  cabecera.forEach((nombre, i) => {
    const campo = NOMBRES[normalizeCabecera(nombre)];
    if (!campo) {
      if (nombre !== '') ignoradas.push(nombre);
      return;
    }
    if (columnas[campo] !== undefined) throw new ArchivoNoValido(mensajes.importacion.columnaRepetida(nombre), 'COLUMNA_REPETIDA');
    columnas[campo] = i;
  });
  const faltan = OBLIGATORIAS.filter((c) => columnas[c] === undefined);
  if (faltan.length) throw new ArchivoNoValido(mensajes.importacion.faltanColumnas(faltan), 'FALTAN_COLUMNAS');
  if (filas.length === 0) throw new ArchivoNoValido(mensajes.importacion.sinFilas, 'SIN_FILAS');
  if (filas.length > MAX_FILAS) throw new ArchivoNoValido(mensajes.importacion.demasiadasFilas(MAX_FILAS), 'DEMASIADAS_FILAS');
  return { formato, cabecera, columnas, ignoradas, filas };
}

// ---- CSV ----------------------------------------------------------------------------------

/**
 * The separator is the one the header line uses most, outside quotes: Spanish Excel writes `;`,
 * most other tools `,`; a tab is a «texto delimitado por tabulaciones».
 */
function detectSeparador(texto: string): string {
  const cuenta: Record<string, number> = { ';': 0, ',': 0, '\t': 0 };
  let entreComillas = false;
  for (const ch of texto) {
    if (ch === '"') entreComillas = !entreComillas;
    else if (!entreComillas && (ch === '\n' || ch === '\r')) break;
    else if (!entreComillas && ch in cuenta) cuenta[ch]++;
  }
  const [mejor, n] = Object.entries(cuenta).sort((a, b) => b[1] - a[1])[0];
  return n > 0 ? mejor : ',';
}

function readCsv(bytes: Buffer): FilaLeida[] {
  let texto: string;
  try {
    // Fatal: a byte sequence that is not UTF-8 (a Latin-1 «ñ») is refused, never read as «�».
    // The decoder drops a leading BOM (Excel's «CSV UTF-8» writes one).
    texto = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ArchivoNoValido(mensajes.importacion.noUtf8, 'NO_UTF8');
  }
  if (texto.charCodeAt(0) === 0xfeff) texto = texto.slice(1);
  if (texto.trim() === '') throw new ArchivoNoValido(mensajes.importacion.vacio, 'VACIO');
  const leido = Papa.parse<string[]>(texto, { delimiter: detectSeparador(texto), skipEmptyLines: false });
  const error = leido.errors[0];
  if (error) {
    const fila = (error.row ?? 0) + 1;
    if (error.code === 'MissingQuotes') throw new ArchivoNoValido(mensajes.importacion.comillas(fila), 'CSV_MAL_FORMADO');
    throw new ArchivoNoValido(mensajes.importacion.csvMalFormado(fila, error.message), 'CSV_MAL_FORMADO');
  }
  return leido.data.map((celdas, i) => ({ fila: i + 1, celdas: celdas.map((c) => c.trim()) }));
}

// ---- XLSX ---------------------------------------------------------------------------------

const dosCifras = (n: number) => String(n).padStart(2, '0');

/** A cell's value as text: what the spreadsheet shows, for a person to recognise. */
function textOf(value: ExcelJS.CellValue): string {
  if (value == null) return '';
  if (value instanceof Date) {
    // Excel keeps a date as a day count; exceljs hands it as that day at 00:00 UTC.
    return `${value.getUTCFullYear()}-${dosCifras(value.getUTCMonth() + 1)}-${dosCifras(value.getUTCDate())}`;
  }
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return typeof value.text === 'string' ? value.text : textOf(value.text as ExcelJS.CellValue);
    if ('error' in value) return String(value.error);
    return '';
  }
  return String(value);
}

const esFormula = (cell: ExcelJS.Cell) =>
  cell.type === ExcelJS.ValueType.Formula || !!cell.formula || (!!cell.value && typeof cell.value === 'object' && ('formula' in cell.value || 'sharedFormula' in cell.value));

/**
 * The first sheet, read as a stream (exceljs's WorkbookReader): rows are taken one at a time and
 * the reading stops past MAX_FILAS, so a huge or hostile workbook never sits whole in memory.
 */
async function readXlsx(bytes: Buffer): Promise<FilaLeida[]> {
  const filas: FilaLeida[] = [];
  let formula: string | undefined;
  let demasiadas = false;
  try {
    // Styles are read to know which numbers are dates; hyperlinks' text is the cell's own value.
    const libro = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(bytes), { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
    for await (const hoja of libro) {
      for await (const row of hoja as AsyncIterable<ExcelJS.Row>) {
        const celdas: string[] = [];
        row.eachCell({ includeEmpty: true }, (cell, col) => {
          if (formula) return;
          // A formula's cached value may be stale or absent: the person pastes the values.
          if (esFormula(cell)) formula = cell.address;
          else celdas[col - 1] = textOf(cell.value).trim();
        });
        if (formula) break;
        for (let i = 0; i < celdas.length; i++) celdas[i] ??= '';
        if (celdas.some((c) => c !== '')) filas.push({ fila: row.number, celdas });
        // The header and one more than allowed: enough to say it is too long.
        if (filas.length > MAX_FILAS + 1) {
          demasiadas = true;
          break;
        }
      }
      break;
    }
  } catch {
    throw new ArchivoNoValido(mensajes.importacion.noXlsx, 'XLSX_MAL_FORMADO');
  }
  if (formula) throw new ArchivoNoValido(mensajes.importacion.formula(formula), 'FORMULA');
  if (demasiadas) throw new ArchivoNoValido(mensajes.importacion.demasiadasFilas(MAX_FILAS), 'DEMASIADAS_FILAS');
  return filas;
}
