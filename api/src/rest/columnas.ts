// What a list's CSV export holds, derived from the registry: every readable field in the
// registry's order, under its Spanish header, as a person reads it (euros, Sí/No, labels, local
// time); a reference as the name of the row it points to, joined in the same SELECT so the rows
// stream straight from the database with nothing to look up afterwards.
import { fechaHoraCorta } from '../base/tiempo.js';
import { mensajes } from '../mensajes.js';
import type { Field, Resource } from '../base/types.js';
import { entero, euros, texto } from './csv.js';
import type { OrderTerm, WhereNode } from './filter.js';
import { afterFrom } from './select.js';
import type { Dialect } from '../base/values.js';
import { quote, type SqlFragment } from './where.js';

const m = mensajes.exportar;
const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** How a row people refer to is named, as SQL over its table's alias; the admin names them alike. */
const nombres: Record<string, (t: string) => string> = {
  usuarios: (t) => `TRIM(${t}."nombre" || ' ' || COALESCE(${t}."apellidos", ''))`,
  cursos: (t) => `${t}."titulo"`,
  clases: (t) => `${t}."titulo"`,
  categorias: (t) => `${t}."nombre"`,
  facturas: (t) =>
    `COALESCE(${t}."serie" || '-' || CAST(${t}."numero" AS TEXT), ${literal(`${m.borrador} #`)} || CAST(${t}."id" AS TEXT))`,
  logins: (t) => `${t}."usuario"`,
  registros: (t) => `${t}."numSerieFactura" || ' (' || ${t}."tipo" || ')'`,
  // As the admin names a pago: its reference, or its number.
  pagos: (t) => `COALESCE(NULLIF(${t}."referencia", ''), '#' || CAST(${t}."id" AS TEXT))`,
};

export interface Columna {
  campo: string;
  cabecera: string;
  /** The SQL that reads it, over the resource's table and its joins. */
  sql: string;
  /** The value as the spreadsheet shows it. */
  celda: (v: unknown) => string;
}

const vacio = (v: unknown) => v === null || v === undefined;

function celda(field: Field, timeZone: string): (v: unknown) => string {
  const etiquetas = field.enumLabels;
  if (field.references) return (v) => texto(v as string | null);
  if (field.money) return (v) => euros(vacio(v) ? null : Number(v));
  if (etiquetas) return (v) => (vacio(v) ? '' : (etiquetas[String(v)] ?? texto(String(v))));
  switch (field.type) {
    case 'boolean':
      // SQLite keeps booleans as 0/1.
      return (v) => (vacio(v) ? '' : v === true || Number(v) === 1 ? m.si : m.no);
    case 'date-time':
      return (v) => (vacio(v) ? '' : fechaHoraCorta(new Date(v as string), timeZone));
    case 'integer':
      return (v) => entero(vacio(v) ? null : Number(v));
    case 'string':
      return (v) => texto(v as string | null);
  }
}

const alias = (campo: string) => quote(`r_${campo}`);

/** The export's columns: all readable fields, or those `fields` names, in the registry's order. */
export function columnas(resource: Resource, fields: string[] | undefined, timeZone: string): Columna[] {
  const table = quote(resource.name);
  return Object.entries(resource.fields)
    .filter(([campo, field]) => !field.writeOnly && (!fields || fields.includes(campo)))
    .map(([campo, field]) => ({
      campo,
      cabecera: field.label ?? campo,
      sql: field.references ? nombres[field.references](alias(campo)) : `${table}.${quote(campo)}`,
      celda: celda(field, timeZone),
    }));
}

/** One SELECT for the whole export: the columns as c0, c1…, the referenced rows LEFT JOINed. */
export function exportSql(
  resource: Resource,
  cols: Columna[],
  spec: { where?: WhereNode; order: OrderTerm[]; limit?: number; skip: number },
  dialect: Dialect,
): SqlFragment {
  const table = quote(resource.name);
  const joins = cols
    .filter((c) => resource.fields[c.campo].references)
    .map((c) => ` LEFT JOIN ${quote(resource.fields[c.campo].references!)} AS ${alias(c.campo)} ON ${alias(c.campo)}."id" = ${table}.${quote(c.campo)}`);
  const head = `SELECT ${cols.map((c, i) => `${c.sql} AS "c${i}"`).join(', ')} FROM ${table}${joins.join('')}`;
  return afterFrom(head, resource, spec, dialect);
}
