// What the admin learns of each report from its one declaration (api/src/informes/definiciones/):
// its name, title, parameters and labelled columns, embedded in the admin at build time as
// `virtual:aula-informes` (admin/entidades.vite.ts). Plain data only: the SQL stays in the API.

/** How a column's values read: in the CSV (rest/csv.ts) and in the admin's table alike. */
export type TipoColumna = 'texto' | 'entero' | 'dinero' | 'fecha' | 'porcentaje';

/** The query parameters a report may take (their schema and parsing: api/src/informes/parametros.ts). */
export type NombreParametro = 'desde' | 'hasta' | 'agrupacion' | 'dias';

export interface ColumnaInforme {
  /** The field of each row in the JSON answer. */
  clave: string;
  /** Spanish header, in the CSV (with «(€)» or «(%)» after money and percentages) and on screen. */
  etiqueta: string;
  tipo: TipoColumna;
  /** What an empty value reads as («(sin curso)»); nothing when absent. */
  vacio?: string;
  /** The row's record, when the value names one: the admin links it (`id`: the field holding its id). */
  enlace?: { recurso: string; id: string };
}

export interface InformePublico {
  /** Its path: GET /informes/<nombre>. */
  nombre: string;
  titulo: string;
  descripcion: string;
  parametros: readonly NombreParametro[];
  /** The key of the JSON answer holding the rows, one per line of the table; none for a report shaped otherwise. */
  filas?: string;
  columnas: readonly ColumnaInforme[];
}
