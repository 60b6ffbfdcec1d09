// The control character of Spanish tax identifiers: what an issuer's or a client's NIF must pass.
import { describe, expect, it } from 'vitest';
import { nifValido, normalizeNif } from '../../../src/resources/facturas/nif.js';

describe('nifValido', () => {
  it.each([
    ['12345678Z', 'DNI'],
    ['00000000T', 'DNI with leading zeros'],
    ['X1234567L', 'NIE X'],
    ['Y1234567X', 'NIE Y'],
    ['Z1234567R', 'NIE Z'],
    ['B12345674', 'CIF of a limited company (digit)'],
    ['A58818501', 'CIF of a public limited company'],
    ['Q2826000H', 'CIF of a public body (letter)'],
    ['G12345674', 'CIF of an association, digit'],
    ['G1234567D', 'CIF of an association, letter'],
    ['K1234567L', 'NIF K'],
  ])('accepts %s (%s)', (nif) => expect(nifValido(nif)).toBe(true));

  it.each([
    ['12345678A', 'DNI with the wrong letter'],
    ['X1234567A', 'NIE with the wrong letter'],
    ['B12345675', 'CIF with the wrong digit'],
    ['B1234567D', 'a limited company with a letter'],
    ['Q28260008', 'a public body with a digit'],
    ['I12345674', 'no CIF starts with I'],
    ['1234567Z', 'seven digits'],
    ['', 'empty'],
    ['ES B12345674', 'not normalised'],
  ])('refuses %s (%s)', (nif) => expect(nifValido(nif)).toBe(false));

  it('normalises what people type', () => {
    expect(normalizeNif(' b-12.345.674 ')).toBe('B12345674');
    expect(nifValido(normalizeNif('12.345.678-z'))).toBe(true);
  });
});
