// The Norma 43 reader (api/src/extractos/norma43.ts): every record type at its AEB position, the
// bytes read as Latin-1, and each kind of malformed file refused with its line and reason.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Norma43Error, parseNorma43 } from '../../src/extractos/norma43.js';
import { archivoDe, buildNorma43, lineasDe } from '../support/norma43.js';

const FIXTURE = resolve(import.meta.dirname, '../fixtures/extracto-norma43.n43');

/** The fixture as the helper builds it: kept as a file too, to read bytes a bank would send. */
const construido = () =>
  buildNorma43({
    desde: '251101',
    hasta: '251130',
    saldoInicial: 150000,
    titular: 'ACADEMIA EJEMPLO SL',
    movimientos: [
      {
        fechaOperacion: '251103',
        fechaValor: '251103',
        importe: 4900,
        conceptoPropio: '099',
        documento: '0000012345',
        referencia1: '000000000001',
        referencia2: 'TRF-A1',
        conceptos: ['TRANSFERENCIA DE MUÑOZ PEÑA, JOSÉ', 'CONCEPTO PAGO AULA-7731', 'ORDENANTE: JOSÉ MUÑOZ PEÑA'],
      },
      { fechaOperacion: '251105', fechaValor: '251106', importe: -1250, conceptoComun: '17', conceptoPropio: '201', documento: '0000000077', conceptos: ['COMISION MANTENIMIENTO'] },
      { fechaOperacion: '251110', importe: 12000, conceptoComun: '99', conceptoPropio: '300', conceptos: ['TRANSFER FROM ACME LTD'], divisa: { codigo: '840', importe: 13050 } },
    ],
  });

function refusal(archivo: Buffer): Norma43Error {
  try {
    parseNorma43(archivo);
  } catch (err) {
    if (err instanceof Norma43Error) return err;
    throw err;
  }
  throw new Error('the file was accepted');
}

describe('a good file', () => {
  it('the fixture is the helper’s file, byte for byte, in Latin-1 (Ñ and É one byte each)', () => {
    const bytes = readFileSync(FIXTURE);
    expect(bytes.equals(construido())).toBe(true);
    expect(bytes.includes(Buffer.from([0xd1]))).toBe(true); // Ñ in Latin-1
    expect(bytes.includes(Buffer.from('Ñ', 'utf8'))).toBe(false);
    for (const linea of lineasDe(bytes)) expect(linea).toHaveLength(80);
  });

  it('reads every record: 11, 22, 23, 24, 33 and 88', () => {
    const leido = parseNorma43(readFileSync(FIXTURE));
    expect(leido.registros).toBe(10);
    expect(leido.cuentas).toHaveLength(1);
    const [cuenta] = leido.cuentas;
    expect(cuenta).toMatchObject({
      linea: 1,
      entidad: '2100',
      oficina: '0418',
      cuenta: '0200051332',
      desde: '2025-11-01',
      hasta: '2025-11-30',
      saldoInicial: 150000,
      saldoFinal: 150000 - 1250 + 4900 + 12000,
      moneda: 'EUR',
      modalidad: '3',
      nombre: 'ACADEMIA EJEMPLO SL',
    });
    expect(cuenta.movimientos).toEqual([
      {
        linea: 2,
        oficina: '0418',
        fechaOperacion: '2025-11-03',
        fechaValor: '2025-11-03',
        conceptoComun: '02',
        conceptoPropio: '099',
        importe: 4900,
        documento: '0000012345',
        referencia1: '000000000001',
        referencia2: 'TRF-A1',
        conceptos: ['TRANSFERENCIA DE MUÑOZ PEÑA, JOSÉ', 'CONCEPTO PAGO AULA-7731', 'ORDENANTE: JOSÉ MUÑOZ PEÑA'],
      },
      {
        linea: 5,
        oficina: '0418',
        fechaOperacion: '2025-11-05',
        fechaValor: '2025-11-06',
        conceptoComun: '17',
        conceptoPropio: '201',
        importe: -1250,
        documento: '0000000077',
        referencia1: '',
        referencia2: '',
        conceptos: ['COMISION MANTENIMIENTO'],
      },
      {
        linea: 7,
        oficina: '0418',
        fechaOperacion: '2025-11-10',
        fechaValor: '2025-11-10',
        conceptoComun: '99',
        conceptoPropio: '300',
        importe: 12000,
        documento: '0000000000',
        referencia1: '',
        referencia2: '',
        conceptos: ['TRANSFER FROM ACME LTD'],
        divisaOrigen: { moneda: 'USD', importe: 13050 },
      },
    ]);
  });

  it('takes LF line ends, trimmed trailing blanks, an optional 00 header and no final line break', () => {
    const lineas = lineasDe(construido());
    const recortadas = lineas.map((l) => l.trimEnd());
    expect(parseNorma43(Buffer.from(recortadas.join('\n'), 'latin1')).cuentas[0].movimientos).toHaveLength(3);
    const cabecera = `00${'2100'}${'251201'}`.padEnd(80, ' ');
    expect(parseNorma43(archivoDe([cabecera, ...lineas])).registros).toBe(10);
  });

  it('reads two accounts in one file', () => {
    const dos = buildNorma43({ desde: '251101', hasta: '251130', movimientos: [{ fechaOperacion: '251102', importe: 100 }] }, { cuenta: '0200099999', desde: '251101', hasta: '251130', movimientos: [] });
    const leido = parseNorma43(dos);
    expect(leido.cuentas.map((c) => [c.cuenta, c.movimientos.length])).toEqual([
      ['0200051332', 1],
      ['0200099999', 0],
    ]);
  });
});

describe('a malformed file', () => {
  const lineas = () => lineasDe(construido());
  const con = (n: number, cambio: (l: string) => string) => archivoDe(lineas().map((l, i) => (i === n - 1 ? cambio(l) : l)));
  const en = (l: string, pos: number, texto: string) => l.slice(0, pos - 1) + texto + l.slice(pos - 1 + texto.length);

  it.each([
    ['a line longer than 80', con(3, (l) => `${l}X`), 3, /tiene 81 caracteres/],
    ['an unknown record code', con(5, (l) => en(l, 1, '99')), 5, /«99» no es un tipo de registro/],
    ['a non-numeric amount', con(2, (l) => en(l, 29, '00000000004A00')), 2, /El importe debe ser un número y es «00000000004A00»/],
    ['an impossible date', con(5, (l) => en(l, 11, '250230')), 5, /La fecha de operación «250230» no es una fecha AAMMDD posible/],
    ['a bad debit/credit key', con(2, (l) => en(l, 28, '3')), 2, /debe ser 1 \(debe\) o 2 \(haber\) y es «3»/],
    ['a 23 with data code 06', con(3, (l) => en(l, 3, '06')), 3, /va de 01 a 05 y es «06»/],
    ['33 totals that do not match', con(10, (l) => en(l, 40, '00003')), 10, /dice 3 apuntes al haber por 169,00 € y el archivo trae 2 por 169,00 €/],
    ['a final balance that does not add up', con(10, (l) => en(l, 60, '00000000165651')), 10, /el saldo final \(1656,51 €\)|el saldo final \(1\.656,51 €\)/],
    ['an 88 count that does not match', con(11, (l) => en(l, 21, '000011')), 11, /dice 11 registros y el archivo trae 10/],
  ])('%s: refused with its line and why', (_que, archivo, linea, motivo) => {
    const err = refusal(archivo);
    expect(err.linea).toBe(linea);
    expect(err.message).toMatch(new RegExp(`^Línea ${linea}: `));
    expect(err.motivo).toMatch(motivo);
  });

  it('records out of place: a 22 before any 11, a 23 with no 22, a missing 88, lines after it', () => {
    const l = lineas();
    expect(refusal(archivoDe([l[1], ...l]))).toMatchObject({ linea: 1, motivo: expect.stringMatching(/registro 22 fuera de sitio: no hay antes una cabecera de cuenta/) });
    expect(refusal(archivoDe([l[0], l[2], ...l.slice(1)]))).toMatchObject({ linea: 2, motivo: expect.stringMatching(/registro 23 fuera de sitio: no hay antes un movimiento/) });
    expect(refusal(archivoDe(l.slice(0, -1)))).toMatchObject({ linea: 10, motivo: 'falta el registro de fin de archivo (88)' });
    expect(refusal(archivoDe([...l, l[1]]))).toMatchObject({ linea: 12, motivo: 'hay registros después del fin de archivo (88)' });
    expect(refusal(archivoDe(l.slice(0, 9).concat(l.slice(10))))).toMatchObject({ linea: 10, motivo: expect.stringMatching(/registro 88 fuera de sitio/) });
    expect(refusal(Buffer.alloc(0))).toMatchObject({ linea: 1, motivo: 'el archivo está vacío' });
  });
});
