// What a list's CSV export holds, derived from the registry: every readable field in the
// registry's order, under its Spanish header, as a person reads it (euros, Sí/No, labels, local
// time); a reference as the name of the row it points to, joined in the same SELECT so the rows
// stream straight from the database with nothing to look up afterwards.
import { piezas, plantillas } from '../../../contrato/nombre.js';
import { fechaHoraCorta } from '../base/tiempo.js';
import { mensajes } from '../mensajes.js';
import type { Field, Resource } from '../base/types.js';
import { entero, euros, texto } from './csv.js';
import type { OrderTerm, WhereNode } from './filter.js';
import { afterFrom } from './select.js';
import type { Dialect } from '../base/values.js';
import { registryOf } from './registry.js';
import { literal, quote, type SqlFragment } from './where.js';

const m = mensajes.exportar;

export interface Columna {
  campo: string;
  cabecera: string;
  /** The SQL that reads it, over the resource's table and its joins. */
  sql: string;
  /** For a reference named by its row: the LEFT JOIN that brings that row. */
  join?: string;
  /** The value as the spreadsheet shows it. */
  celda: (v: unknown) => string;
}

const vacio = (v: unknown) => v === null || v === undefined;

function celda(field: Field, timeZone: string): (v: unknown) => string {
  const etiquetas = field.enumLabels;
  if (field.references ?? field.apuntaA) return (v) => texto(v as string | null);
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

const IMPLICITOS = new Set(['id', 'createdAt', 'updatedAt', 'version']);

/**
 * An entity's nombre (contrato/nombre.ts) as SQL over `t`, the alias of its row: the first template
 * whose fields all have a value, the same choice `formatNombre` makes on a record; NULL when none has.
 */
export function nombreSql(resource: Resource, t: string): string | undefined {
  if (!resource.nombre) return undefined;
  const esTexto = (campo: string) => !IMPLICITOS.has(campo) && resource.fields[campo]?.type === 'string';
  const columna = (campo: string) => `${t}.${quote(campo)}`;
  const casos = plantillas(resource.nombre).map((plantilla) => {
    const partes = piezas(plantilla);
    const campos = partes.flatMap((p) => (typeof p === 'string' ? [] : [p.campo]));
    const condicion = campos.map((c) => (esTexto(c) ? `${columna(c)} <> ''` : `${columna(c)} IS NOT NULL`)).join(' AND ') || '1 = 1';
    const texto = partes.map((p) => (typeof p === 'string' ? literal(p) : esTexto(p.campo) ? columna(p.campo) : `CAST(${columna(p.campo)} AS TEXT)`)).join(' || ');
    return ` WHEN ${condicion} THEN ${texto}`;
  });
  return `CASE${casos.join('')} END`;
}

/**
 * A reference reads as the name its entity declares (nombre) of the row it points to, joined
 * under an alias of its own; an entity that declares none is referred to by its id.
 */
function referencia(resource: Resource, campo: string, target: string): Pick<Columna, 'sql' | 'join'> {
  const table = quote(resource.name);
  const nombre = nombreSql(registryOf(resource).get(target), alias(campo));
  if (!nombre) return { sql: `CAST(${table}.${quote(campo)} AS TEXT)` };
  return { sql: nombre, join: ` LEFT JOIN ${quote(target)} AS ${alias(campo)} ON ${alias(campo)}."id" = ${table}.${quote(campo)}` };
}

/**
 * The export's columns: all readable fields, or those `fields` names, in the registry's order;
 * a whole export adds the resource's computed figures (calculadas) after them.
 */
export function columnas(resource: Resource, fields: string[] | undefined, timeZone: string): Columna[] {
  const table = quote(resource.name);
  const deCampos = Object.entries(resource.fields)
    .filter(([campo, field]) => !field.writeOnly && (!fields || fields.includes(campo)))
    .map(([campo, field]) => {
      const apunta = field.references ?? field.apuntaA;
      return {
        campo,
        cabecera: field.label ?? campo,
        ...(apunta ? referencia(resource, campo, apunta) : { sql: `${table}.${quote(campo)}` }),
        celda: celda(field, timeZone),
      };
    });
  if (fields) return deCampos;
  const calculadas = Object.entries(resource.calculadas ?? {}).map(([campo, c]) => ({
    campo,
    cabecera: c.label,
    sql: c.sql(table),
    celda: c.money ? (v: unknown) => euros(vacio(v) ? null : Number(v)) : (v: unknown) => texto(vacio(v) ? null : String(v)),
  }));
  return [...deCampos, ...calculadas];
}

/** One SELECT for the whole export: the columns as c0, c1…, the referenced rows LEFT JOINed. */
export function exportSql(
  resource: Resource,
  cols: Columna[],
  spec: { where?: WhereNode; order: OrderTerm[]; limit?: number; skip: number },
  dialect: Dialect,
): SqlFragment {
  const table = quote(resource.name);
  const joins = cols.map((c) => c.join ?? '').join('');
  const head = `SELECT ${cols.map((c, i) => `${c.sql} AS "c${i}"`).join(', ')} FROM ${table}${joins}`;
  return afterFrom(head, resource, spec, dialect);
}
