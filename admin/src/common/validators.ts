// Client-side validation with the same rules the API applies (api/src/resources/*.ts), written
// in the same vocabulary so a form's rules read like the entity definition they mirror.
import { email, maxLength, minLength, minValue, regex, required, type Validator } from 'react-admin';

export interface Reglas {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  format?: 'email';
  pattern?: { regex: RegExp; message: string };
}

const mayorQue =
  (limite: number): Validator =>
  (value) =>
    value != null && value !== '' && Number(value) <= limite
      ? { message: 'aula.validacion.mayorQue', args: { min: limite } }
      : undefined;

export const reglas = (r: Reglas): Validator[] => {
  const v: Validator[] = [];
  if (r.required) v.push(required());
  // A required string's minLength 1 is already what `required` checks.
  if (r.minLength !== undefined && !(r.required && r.minLength <= 1)) v.push(minLength(r.minLength));
  if (r.maxLength !== undefined) v.push(maxLength(r.maxLength));
  if (r.minimum !== undefined) v.push(minValue(r.minimum));
  if (r.exclusiveMinimum !== undefined) v.push(mayorQue(r.exclusiveMinimum));
  if (r.format === 'email') v.push(email());
  if (r.pattern) v.push(regex(r.pattern.regex, r.pattern.message));
  return v;
};

/** ISO 3166-1 alpha-2, as usuarios.pais. */
export const codigoPais = { regex: /^[A-Z]{2}$/, message: 'aula.validacion.pais' };
/** ISO 4217, as every `moneda`. */
export const codigoMoneda = { regex: /^[A-Z]{3}$/, message: 'aula.validacion.moneda' };
