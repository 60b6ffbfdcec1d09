// Request bodies validated against the registry's schemas with Ajv; failures become a 422
// whose details name each field, with Ajv's messages in Spanish (ajv-i18n).
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import localizeEs from 'ajv-i18n/localize/es/index.js';
import type { Field, Resource } from '../base/types.js';
import { mensajes } from '../mensajes.js';
import { badRequest, validationFailed, type ErrorDetail } from '../base/errors.js';
import { bodySchema, fieldSchema, type BodyMode } from './schema.js';
import { isStorableText, parseDateTime } from '../base/values.js';

const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false, useDefaults: false });
(addFormats as unknown as (a: Ajv) => void)(ajv);

const compiled = new Map<string, ValidateFunction>();

function validator(resource: Resource, mode: BodyMode): ValidateFunction {
  const key = `${resource.name}:${mode}`;
  let fn = compiled.get(key);
  if (!fn) {
    fn = ajv.compile(bodySchema(resource, mode));
    compiled.set(key, fn);
  }
  return fn;
}

function toDetail(err: ErrorObject): ErrorDetail {
  const params = err.params as Record<string, unknown>;
  const missing = (params.missingProperty ?? params.additionalProperty) as string | undefined;
  const path = missing ? `${err.instancePath}/${missing}` : err.instancePath;
  const patron = err.keyword === 'pattern' ? mensajes.validacion.patron[err.instancePath.slice(1)] : undefined;
  // ajv-i18n's Spanish for enum reads «deber ser igual…» and names no value: the catalogue's lists them.
  const valores = err.keyword === 'enum' ? (params.allowedValues as unknown[]).filter((v) => v !== null) : undefined;
  const message =
    err.keyword === 'additionalProperties'
      ? mensajes.filtro.campoDesconocido(missing!)
      : (patron ?? (valores ? mensajes.validacion.unoDe(valores.map(String)) : (err.message ?? '')));
  return { path, code: err.keyword, message, info: params };
}

/** A 422 naming each field Ajv refused, in Spanish. */
function check(validate: ValidateFunction, data: unknown): void {
  if (validate(data)) return;
  const errors = validate.errors ?? [];
  localizeEs(errors);
  // Ajv reports "type" and "enum" for one wrong value of a list's field: one line per field reads
  // better, and the list's («Debe ser uno de estos valores: …») says more than «debe ser string».
  const porCampo = new Map<string, ErrorDetail>();
  for (const d of errors.map(toDetail)) {
    const antes = porCampo.get(d.path);
    if (!antes || (antes.code === 'type' && d.code === 'enum')) porCampo.set(d.path, d);
  }
  throw validationFailed([...porCampo.values()]);
}

function asObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw validationFailed([{ path: '', code: 'type', message: mensajes.validacion.debeSerObjeto }]);
  }
  return body as Record<string, unknown>;
}

const actionValidators = new Map<object, ValidateFunction>();

/** The body of an entity's own action, checked against the schema it declares. */
export function validateActionBody(schema: Record<string, unknown>, body: unknown): Record<string, unknown> {
  const data = asObject(body);
  let validate = actionValidators.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    actionValidators.set(schema, validate);
  }
  check(validate, data);
  return data;
}

/**
 * Checks a body for create (POST), replace (PUT) or update (PATCH). Returns the body with
 * date-times normalized to ISO-8601 UTC with milliseconds.
 */
export function validateBody(resource: Resource, mode: BodyMode, body: unknown): Record<string, unknown> {
  const data = asObject(body);
  if (mode === 'create' && 'id' in data) {
    throw validationFailed([{ path: '/id', code: 'readOnly', message: mensajes.validacion.idEnCuerpo }]);
  }
  if (mode === 'update' && Object.keys(data).length === 0) throw badRequest(mensajes.validacion.parcheVacio);
  check(validator(resource, mode), data);
  // What JSON Schema cannot say: text a database stores exactly, and instants both databases
  // hold (Ajv's date-time format accepts a leap second and any year, neither of which is one).
  const out: Record<string, unknown> = {};
  const details: ErrorDetail[] = [];
  for (const [name, value] of Object.entries(data)) {
    const field = resource.fields[name];
    out[name] = value;
    if (typeof value !== 'string') continue;
    if (!isStorableText(value)) {
      details.push({ path: `/${name}`, code: 'text', message: mensajes.validacion.textoNoValido });
    } else if (field?.type === 'date-time') {
      const date = parseDateTime(value);
      if (date) out[name] = date.toISOString();
      else details.push({ path: `/${name}`, code: 'format', message: mensajes.validacion.fechaFueraDeRango });
    }
  }
  if (details.length) throw validationFailed(details);
  return out;
}

const storedValidators = new Map<Field, ValidateFunction>();

/**
 * The values a write is about to store that the server computed or changed (a total, a hash):
 * they must fit their declared schema like anything a client sends, so a computed invoice
 * total past the integer column is a 422 on both databases, never PostgreSQL's overflow.
 */
export function validateComputed(resource: Resource, sent: Record<string, unknown>, toStore: Record<string, unknown>): void {
  const details: ErrorDetail[] = [];
  for (const [name, value] of Object.entries(toStore)) {
    const field = resource.fields[name];
    if (!field || value === sent[name] || value === null || value === undefined) continue;
    let validate = storedValidators.get(field);
    if (!validate) {
      const { readOnly: _r, writeOnly: _w, default: _d, ...schema } = fieldSchema(field, false);
      validate = ajv.compile(schema);
      storedValidators.set(field, validate);
    }
    if (!validate(value)) details.push({ path: `/${name}`, code: 'computed', message: mensajes.validacion.calculadoFueraDeRango(name), info: { value } });
  }
  if (details.length) throw validationFailed(details);
}
