// What a write is checked against before it reaches the table, for clear Spanish errors naming
// the field instead of a constraint's failure: foreign keys, file fields and unique keys. The
// constraints still guard races (rest/escritura.ts turns those into the same errors).
import type { Knex } from 'knex';
import type { Db } from '../db/index.js';
import { mensajes } from '../mensajes.js';
import type { Resource } from '../base/types.js';
import { conflict, HttpError, validationFailed, type ErrorDetail } from '../base/errors.js';
import { registryOf } from './registry.js';

type Row = Record<string, unknown>;

/** A file hosted elsewhere: kept as the administrator typed it, nothing to check or remove. */
export const esUrl = (v: string) => /^https?:\/\//i.test(v);

/** Foreign keys set in the body must point at existing rows: a 422 naming the field otherwise. */
export async function checkReferences(trx: Knex.Transaction, resource: Resource, data: Row) {
  const details: ErrorDetail[] = [];
  for (const [name, value] of Object.entries(data)) {
    const target = resource.fields[name]?.references;
    if (!target || value === null || value === undefined) continue;
    const found = await trx(target).where('id', value as number).first('id');
    if (!found) details.push({ path: `/${name}`, code: 'foreignKey', message: mensajes.validacion.claveAjena(name, registryOf(resource).get(target).labels), info: { value } });
  }
  if (details.length) throw validationFailed(details);
}

/**
 * A path written into a file field (clases.video…) must name a finished archivo of that
 * field's folder: the record never points at a file that is not there, half uploaded or of
 * the wrong kind. An unchanged value is not checked again.
 */
export async function checkArchivos(trx: Knex.Transaction, resource: Resource, data: Row, existing?: Row) {
  const details: ErrorDetail[] = [];
  // The fields that hold another record's file: an archivo's own path is the file, not a reference to one.
  const holders = new Set(registryOf(resource).fileHolders().filter((h) => h.resource.name === resource.name).map((h) => h.field));
  for (const [name, value] of Object.entries(data)) {
    const carpeta = resource.fields[name]?.archivo;
    if (!carpeta || !holders.has(name) || typeof value !== 'string' || esUrl(value) || value === existing?.[name]) continue;
    const donde = carpeta === 'cualquiera' ? { ruta: value, estado: 'listo' } : { ruta: value, carpeta, estado: 'listo' };
    const found = await trx('archivos').where(donde).first('id');
    if (!found) details.push({ path: `/${name}`, code: 'archivo', message: mensajes.validacion.archivoNoListo(name, carpeta), info: { value } });
  }
  if (details.length) throw validationFailed(details);
}

/** The stored paths a write lets go of: file fields that change, or every one of a deleted row. */
export function releasedPaths(resource: Resource, before: Row[], after?: Row): string[] {
  const rutas: string[] = [];
  for (const [name, field] of Object.entries(resource.fields)) {
    if (!field.archivo) continue;
    for (const row of before) {
      const old = row[name];
      if (typeof old !== 'string' || esUrl(old)) continue;
      if (after && (!(name in after) || after[name] === old)) continue;
      rutas.push(old);
    }
  }
  return rutas;
}

/** Unique keys (single or composite) that this write touches. */
export function uniqueKeys(resource: Resource, changed: Row): string[][] {
  const keys = [...Object.entries(resource.fields).filter(([, f]) => f.unique).map(([n]) => [n]), ...resource.uniques];
  return keys.filter((key) => key.some((k) => k in changed));
}

export function uniqueClash(key: string[], values: Row): HttpError {
  return validationFailed(key.map((k) => ({ path: `/${k}`, code: 'unique', message: mensajes.validacion.unico(key), info: { value: values[k] } })));
}

/** The rows whose fields equal `values`, each compared as its unique key compares it (an email regardless of case). */
export function whereUnique<Q extends Knex.QueryBuilder>(qb: Q, resource: Resource, values: Row): Q {
  for (const [k, v] of Object.entries(values)) {
    if (resource.fields[k].caseInsensitive) qb.whereRaw('lower(??) = lower(?)', [k, v as string]);
    else qb.where(k, v as any);
  }
  return qb;
}

/**
 * Which unique key a write collides with, found by asking, not by parsing driver messages.
 * `values` is the row as it will be (the stored row with the change applied), so a patch of
 * `numero` alone is still checked against its `serie`.
 */
export async function uniqueViolation(conn: Db | Knex.Transaction, resource: Resource, values: Row, changed: Row, id?: number): Promise<HttpError | undefined> {
  for (const key of uniqueKeys(resource, changed)) {
    if (!key.every((k) => values[k] !== undefined && values[k] !== null)) continue;
    const qb = whereUnique(conn(resource.name), resource, Object.fromEntries(key.map((k) => [k, values[k]])));
    if (id !== undefined) qb.whereNot('id', id);
    if (await qb.first('id')) return uniqueClash(key, values);
  }
  return undefined;
}

/** Rows elsewhere that still point at these ids: nothing is deleted behind the administrator's back. */
export async function assertNoChildren(trx: Knex.Transaction, resource: Resource, ids: number[]) {
  const hijos: { recurso: string; etiquetas: Resource['labels']; n: number }[] = [];
  for (const { resource: child, field } of registryOf(resource).referencesTo(resource.name)) {
    const q = trx(child.name).whereIn(field, ids);
    if (child.name === resource.name) q.whereNotIn('id', ids);
    const [{ n }] = (await q.count({ n: '*' })) as { n: number | string }[];
    if (Number(n) > 0) hijos.push({ recurso: child.name, etiquetas: child.labels, n: Number(n) });
  }
  if (hijos.length) {
    throw conflict(
      mensajes.borrado.tieneHijos(resource.labels, hijos),
      hijos.map((h) => ({ path: '', code: 'hasChildren', message: h.etiquetas.plural, info: { recurso: h.recurso, count: h.n } })),
    );
  }
}
