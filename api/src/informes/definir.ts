// A report declared once (docs/arquitectura.md §6): its name, Spanish title, the parameters it
// takes, how it is computed and its labelled columns. From that one declaration come its JSON
// route and its CSV (index.ts, csv.ts), its entry in /openapi.json (openapi.ts) and, through the
// public part embedded at build time, its table in the admin.
import type { Knex } from 'knex';
import type { ColumnaInforme, InformePublico } from '../../../contrato/catalogoInformes.js';
import type { Query } from './parametros.js';

export type { ColumnaInforme, InformePublico, NombreParametro, TipoColumna } from '../../../contrato/catalogoInformes.js';

/** What a report is computed from: the database, the business's zone, the query string and «now». */
export interface Contexto {
  db: Knex;
  timeZone: string;
  query: Query;
  ahora: Date;
}

export type Cuerpo = Record<string, unknown>;

export interface Resultado {
  /** The JSON answer. */
  cuerpo: Cuerpo;
  /** The days it covers, for the CSV's file name. */
  periodo: { desde: string | null; hasta: string };
}

/** A sheet: its header and its lines, already written as CSV cells. */
export interface Tabla {
  cabecera: string[];
  filas: string[][];
}

export interface Informe extends InformePublico {
  compute(ctx: Contexto): Promise<Resultado>;
  /** The CSV's rows, keyed by the columns, when they are not the answer's `filas` (several lists in one sheet). */
  filasCsv?: (cuerpo: Cuerpo, ctx: Contexto) => object[];
  /** A sheet shaped otherwise than one line per row (indicators against two periods). */
  tablaCsv?: (cuerpo: Cuerpo, ctx: Contexto) => Tabla;
  /** The answer's properties besides `periodo`, given the schema of one row: by default, `filas` as a list of rows. */
  respuesta?: (fila: object) => Record<string, object>;
}

/**
 * A report. `F` is the shape of one row: the columns can only name its fields, so a renamed
 * field of the query breaks the typecheck instead of the CSV.
 */
export function defineInforme<F extends object>(informe: Informe & { columnas: readonly (ColumnaInforme & { clave: Extract<keyof F, string> })[] }): Informe {
  return informe;
}

/** The part the admin sees: plain data, no SQL. */
export function informePublico({ nombre, titulo, descripcion, parametros, filas, columnas }: Informe): InformePublico {
  return { nombre, titulo, descripcion, parametros, ...(filas === undefined ? {} : { filas }), columnas };
}
