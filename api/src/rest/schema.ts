// JSON Schemas derived from the registry: the same objects validate request bodies and
// describe the API in OpenAPI, so the documentation cannot drift from the behaviour.
import type { Field, Resource } from '../base/types.js';
import { INT_MAX, INT_MIN } from '../base/values.js';

export type BodyMode = 'create' | 'replace' | 'update';

/** The field's label, and each labelled value's: «Estado: borrador = Borrador, publicado = Publicado». */
const descripcion = (field: Field) =>
  field.enumLabels && !field.nombraRecurso
    ? `${field.label}: ${Object.entries(field.enumLabels).map(([valor, etiqueta]) => `${valor} = ${etiqueta}`).join(', ')}`
    : field.label;

export function fieldSchema(field: Field, nullable: boolean): Record<string, unknown> {
  const s: Record<string, unknown> = {};
  switch (field.type) {
    case 'integer':
      Object.assign(s, { type: 'integer', minimum: INT_MIN, maximum: INT_MAX });
      break;
    case 'boolean':
      s.type = 'boolean';
      break;
    case 'date-time':
      Object.assign(s, { type: 'string', format: 'date-time' });
      break;
    case 'string':
      s.type = 'string';
      break;
  }
  for (const key of ['minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'enum', 'format', 'pattern', 'default'] as const) {
    if (field[key] !== undefined) s[key] = field[key];
  }
  if (field.label) s.description = descripcion(field);
  if (field.readOnly) s.readOnly = true;
  if (field.writeOnly) s.writeOnly = true;
  if (nullable) {
    s.type = [s.type, 'null'];
    if (s.enum) s.enum = [...(s.enum as unknown[]), null];
  }
  return s;
}

/** The record as the API returns it. */
export function modelSchema(resource: Resource): Record<string, unknown> {
  const properties = Object.fromEntries(
    Object.entries(resource.fields)
      .filter(([, f]) => !f.writeOnly)
      .map(([name, f]) => [name, fieldSchema(f, !f.required && !f.serverDefault && name !== 'id' && f.default === undefined)]),
  );
  const { singular, plural } = resource.labels;
  return { title: resource.model, description: `${singular[0].toUpperCase()}${singular.slice(1)} (${plural})`, type: 'object', properties };
}

/** What a body may hold: writable fields only; required ones on create and replace. */
export function bodySchema(resource: Resource, mode: BodyMode): Record<string, unknown> {
  const writable = Object.entries(resource.fields).filter(([, f]) => !f.readOnly);
  const properties: Record<string, unknown> = Object.fromEntries(
    writable.map(([name, f]) => {
      // A field the server fills in when absent is never null in its table: one with a default
      // (logins.rol) refuses a null, or the column's NOT NULL would answer it with a 500; one
      // without (facturas.serie) takes a null as absent, the resource fills it in either way.
      const { default: _default, ...schema } = fieldSchema(f, !f.required && !(f.serverDefault && f.default !== undefined));
      return [name, schema];
    }),
  );
  if (mode === 'replace') properties.id = { type: 'integer', minimum: 0, maximum: INT_MAX };
  const required = mode === 'update' ? [] : writable.filter(([, f]) => f.required).map(([n]) => n);
  return {
    title: `${resource.model}${mode === 'create' ? 'Nuevo' : mode === 'update' ? 'Parcial' : ''}`,
    type: 'object',
    properties,
    required,
    additionalProperties: false,
  };
}
