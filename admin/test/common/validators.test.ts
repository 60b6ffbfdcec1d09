import { composeValidators } from 'react-admin';
import { reglas } from '../../src/common/formularios/validators';
import { validadores } from '../../src/entidades';

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
    const v = reglas({ maxLength: 10, minimum: 0, format: 'email', pattern: '^[A-Z]{2}$' });
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

  it('explains a pattern with the message it is given', () => {
    const v = reglas({ pattern: '^[A-Z]{2}$' }, 'aula.validacion.pais');
    expect(error(v, 'es')).toBe('aula.validacion.pais');
    expect(error(v, 'ESP')).toBe('aula.validacion.pais');
    expect(error(v, 'ES')).toBeUndefined();
  });
});

describe('validadores: each form field checked by the API registry\'s own rules', () => {
  it('takes lengths and required fields from the registry', () => {
    const clases = validadores('clases');
    expect(error(clases.titulo, '')).toBe('ra.validation.required');
    expect(error(clases.titulo, 'x'.repeat(161))).toBe('ra.validation.maxLength');
    expect(error(clases.titulo, 'x'.repeat(160))).toBeUndefined();
    const logins = validadores('logins');
    expect(error(logins.usuario, 'ab')).toBe('ra.validation.minLength');
    expect(error(validadores('pagos').importe, 0)).toBe('aula.validacion.mayorQue');
    expect(error(validadores('usuarios').email, 'ana@example')).toBe('ra.validation.email');
  });

  it('explains the country and currency codes in Spanish', () => {
    expect(error(validadores('usuarios').pais, 'es')).toBe('aula.validacion.pais');
    expect(error(validadores('usuarios').pais, 'ES')).toBeUndefined();
    expect(error(validadores('cursos').moneda, 'eur')).toBe('aula.validacion.moneda');
    expect(error(validadores('pagos').moneda, 'EUR')).toBeUndefined();
  });

  it('asks no password of a new administrator (with an email, the API invites instead) nor of one edited, and bounds its length', () => {
    expect(error(validadores('logins', 'crear').pass, '')).toBeUndefined();
    expect(error(validadores('logins', 'crear').pass, 'x'.repeat(201))).toBe('ra.validation.maxLength');
    expect(error(validadores('logins').pass, '')).toBeUndefined();
    expect(error(validadores('logins').pass, 'x'.repeat(201))).toBe('ra.validation.maxLength');
  });

  it('offers no validators for what the server sets', () => {
    expect(validadores('facturas')).not.toHaveProperty('total');
    expect(validadores('facturas')).not.toHaveProperty('id');
  });
});
