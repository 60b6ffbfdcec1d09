// The API registry as the admin sees it (embedded at build time by admin/entidades.vite.ts): the
// one place the admin learns an entity's fields, rules, search fields and nested routes.
import type { Validator } from 'react-admin';
import entidades from 'virtual:aula-entidades';
import { reglas } from '../common/formularios/validators';
import type { CampoPublico, RecursoPublico } from '../../../contrato/entidades';
import { formatNombre } from '../../../contrato/nombre';

export type { CampoPublico };

const vacio: RecursoPublico = { labels: { singular: '', plural: '', genero: 'm' }, fields: {}, searchFields: [], nestedUnder: {}, acceso: {} };
export const recurso = (name: string): RecursoPublico => (Object.hasOwn(entidades, name) ? entidades[name] : vacio);

/**
 * How people name one of its records, as its definition declares (the CSV names it alike): the
 * sections' recordRepresentation, the activity log's line. «#id» for an entity that declares none.
 */
export const nombreDe = (name: string, record: { id?: unknown } & Record<string, unknown>): string =>
  formatNombre(recurso(name).nombre, record) ?? `#${record.id}`;

/** Where the list search box (`q`) looks. */
export const searchFields = (name: string) => recurso(name).searchFields;

/** Foreign key → parent, for the lists served as `/parent/{id}/<name>`. */
export const nestedUnder = (name: string) => recurso(name).nestedUnder;

/** Set by the server: sending them is a 422, so they never leave the admin. */
export const serverFields = (name: string) =>
  Object.entries(recurso(name).fields)
    .filter(([, campo]) => campo.readOnly)
    .map(([field]) => field);

/**
 * The values an enum field accepts, in the registry's order. A free-text field whose usual values
 * have labels (logs.tipo: the tipos the API itself writes) offers those.
 */
export function valores<T extends string | number = string>(name: string, field: string): readonly T[] {
  const campo = recurso(name).fields[field];
  const values = campo?.enum ?? (campo?.enumLabels && Object.keys(campo.enumLabels));
  if (!values) throw new Error(`${name}.${field} is not an enum in the API registry`);
  return values as readonly T[];
}

/**
 * Each writable field's validators. A write-only field (a password) is never read back, so an
 * edit form leaves it empty to mean «unchanged»: it is required only when creating.
 */
export function validadores(name: string, modo: 'crear' | 'editar' = 'editar'): Record<string, Validator[]> {
  return Object.fromEntries(
    Object.entries(recurso(name).fields)
      .filter(([, campo]) => !campo.readOnly)
      .map(([field, campo]) => {
        const rules = campo.writeOnly && modo === 'editar' ? { ...campo, required: false } : campo;
        return [field, reglas(rules, `aula.validacion.${field}`)];
      }),
  );
}
