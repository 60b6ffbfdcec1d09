// Client-side validation with the rules the API applies, read from the API registry's own field
// definitions (admin/src/entidades), so a form checks exactly what the server will check.
import { email, maxLength, minLength, maxValue, minValue, regex, required, type Validator } from 'react-admin';
import type { CampoPublico } from '../../../../contrato/entidades';

const mayorQue =
  (limite: number): Validator =>
  (value) =>
    value != null && value !== '' && Number(value) <= limite
      ? { message: 'aula.validacion.mayorQue', args: { min: limite } }
      : undefined;

/**
 * A field's rules as react-admin validators. A pattern has no generic wording a person can act
 * on, so it is explained by `mensajePatron`, a catalogue key naming what the field expects.
 */
export const reglas = (r: Partial<CampoPublico>, mensajePatron = 'ra.validation.regex'): Validator[] => {
  const v: Validator[] = [];
  if (r.required) v.push(required());
  // A required string's minLength 1 is already what `required` checks.
  if (r.minLength !== undefined && !(r.required && r.minLength <= 1)) v.push(minLength(r.minLength));
  if (r.maxLength !== undefined) v.push(maxLength(r.maxLength));
  if (r.minimum !== undefined) v.push(minValue(r.minimum));
  if (r.maximum !== undefined) v.push(maxValue(r.maximum));
  if (r.exclusiveMinimum !== undefined) v.push(mayorQue(r.exclusiveMinimum));
  if (r.format === 'email') v.push(email());
  if (r.pattern) v.push(regex(new RegExp(r.pattern), mensajePatron));
  return v;
};
