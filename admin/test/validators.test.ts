import { composeValidators } from 'react-admin';
import { codigoMoneda, codigoPais, reglas } from '../src/common/validators';

/** The message key of the first rule a value breaks, as the form would show it. */
const error = (validators: ReturnType<typeof reglas>, value: unknown) => {
  const result = composeValidators(...validators)(value, {}, {});
  if (!result) return undefined;
  if (typeof result === 'string') return result;
  return 'message' in result ? result.message : undefined;
};

describe('reglas: the server rules, checked in the form', () => {
  it('requires what the server requires', () => {
    const v = reglas({ required: true, minLength: 1, maxLength: 160 });
    expect(error(v, '')).toBe('ra.validation.required');
    expect(error(v, undefined)).toBe('ra.validation.required');
    expect(error(v, 'Introducción')).toBeUndefined();
  });

  it('checks string lengths', () => {
    const v = reglas({ required: true, minLength: 3, maxLength: 5 });
    expect(error(v, 'ab')).toBe('ra.validation.minLength');
    expect(error(v, 'abcdef')).toBe('ra.validation.maxLength');
    expect(error(v, 'abcd')).toBeUndefined();
  });

  it('leaves optional empty values alone', () => {
    const v = reglas({ maxLength: 10, minimum: 0, format: 'email', pattern: codigoPais });
    expect(error(v, null)).toBeUndefined();
    expect(error(v, '')).toBeUndefined();
  });

  it('checks minimums, inclusive and exclusive', () => {
    expect(error(reglas({ minimum: 0 }), -1)).toBe('ra.validation.minValue');
    expect(error(reglas({ minimum: 0 }), 0)).toBeUndefined();
    expect(error(reglas({ exclusiveMinimum: 0 }), 0)).toBe('aula.validacion.mayorQue');
    expect(error(reglas({ exclusiveMinimum: 0 }), 1)).toBeUndefined();
  });

  it('checks email format', () => {
    const v = reglas({ required: true, format: 'email' });
    expect(error(v, 'ana@example')).toBe('ra.validation.email');
    expect(error(v, 'ana@example.com')).toBeUndefined();
  });

  it('checks country and currency codes as the API patterns do', () => {
    expect(error(reglas({ pattern: codigoPais }), 'es')).toBe('aula.validacion.pais');
    expect(error(reglas({ pattern: codigoPais }), 'ESP')).toBe('aula.validacion.pais');
    expect(error(reglas({ pattern: codigoPais }), 'ES')).toBeUndefined();
    expect(error(reglas({ pattern: codigoMoneda }), 'eur')).toBe('aula.validacion.moneda');
    expect(error(reglas({ pattern: codigoMoneda }), 'EUR')).toBeUndefined();
  });
});
