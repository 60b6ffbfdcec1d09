// A report as a CSV sheet, written the way every CSV of the API is (rest/csv.ts): the header from
// its columns' labels, each cell by its column's type.
import type { ColumnaInforme, Contexto, Cuerpo, Informe, Tabla } from './definir.js';
import { BOM, entero, euros, lineaCsv, texto } from '../rest/csv.js';
import { fechaHoraEn } from '../base/tiempo.js';

export function aCsv({ cabecera, filas }: Tabla): string {
  return BOM + [cabecera, ...filas].map(lineaCsv).join('');
}

/** A column's header: money and percentages say their unit, as a spreadsheet's reader needs. */
export const cabeceraCsv = (c: Pick<ColumnaInforme, 'etiqueta' | 'tipo'>) =>
  c.tipo === 'dinero' ? `${c.etiqueta} (€)` : c.tipo === 'porcentaje' ? `${c.etiqueta} (%)` : c.etiqueta;

/** A ratio as a percentage with a decimal comma: 0.125 → "12,5". */
const porcentaje = (ratio: number) => String(Math.round(ratio * 1000) / 10).replace('.', ',');

/** One value as a cell of its column's type; an instant reads as wall-clock time in the business's zone. */
export function celdaCsv(c: Pick<ColumnaInforme, 'tipo' | 'vacio'>, valor: unknown, timeZone: string): string {
  if (valor === null || valor === undefined) return c.vacio ?? '';
  switch (c.tipo) {
    case 'entero':
      return entero(Number(valor));
    case 'dinero':
      return euros(Number(valor));
    case 'porcentaje':
      return porcentaje(Number(valor));
    case 'fecha':
      return String(valor).includes('T') ? fechaHoraEn(new Date(String(valor)), timeZone) : String(valor);
    default:
      return texto(String(valor));
  }
}

/** The report's sheet: its own shape if it declares one, else one line per row under its columns. */
export function tablaCsv(informe: Informe, cuerpo: Cuerpo, ctx: Contexto): Tabla {
  if (informe.tablaCsv) return informe.tablaCsv(cuerpo, ctx);
  const filas = (informe.filasCsv ? informe.filasCsv(cuerpo, ctx) : informe.filas ? cuerpo[informe.filas] : []) as Record<string, unknown>[];
  return {
    cabecera: informe.columnas.map(cabeceraCsv),
    filas: filas.map((f) => informe.columnas.map((c) => celdaCsv(c, f[c.clave], ctx.timeZone))),
  };
}
