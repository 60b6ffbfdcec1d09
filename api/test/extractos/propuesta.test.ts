// Aula's proposal for each movement (api/src/extractos/propuesta.ts), without a database.
import { describe, expect, it } from 'vitest';
import type { MovimientoNorma43 } from '../../src/extractos/norma43.js';
import { proposeMatches, type PagoPendiente } from '../../src/extractos/propuesta.js';

const mov = (importe: number, conceptos: string[], extra: Partial<MovimientoNorma43> = {}): MovimientoNorma43 => ({
  linea: 2,
  oficina: '0418',
  fechaOperacion: '2025-11-03',
  fechaValor: '2025-11-03',
  conceptoComun: '02',
  conceptoPropio: '000',
  importe,
  documento: '',
  referencia1: '',
  referencia2: '',
  conceptos,
  ...extra,
});
const pago = (id: number, importe: number, extra: Partial<PagoPendiente> = {}): PagoPendiente => ({ id, referencia: null, importe, moneda: 'EUR', nombre: 'Ana', apellidos: 'Vidal Sanz', ...extra });
const claves = (n: number) => Array.from({ length: n }, (_, i) => `clave${i}`);

describe('proposeMatches', () => {
  it('a reference in the references or the concepts, in any case, spaces and dashes ignored; or «#id»', () => {
    const pagos = [pago(7, 1000, { referencia: 'PED/2025-0042' }), pago(8, 2000)];
    const [porRef, porId, ninguno] = proposeMatches([mov(1000, [], { referencia2: 'ped 2025 0042' }), mov(2000, ['PEDIDO #8']), mov(2000, ['PEDIDO #80'])], claves(3), 'EUR', pagos, new Map());
    expect(porRef).toEqual({ estado: 'propuesto', pagoPropuestoId: 7, motivo: 'La referencia PED/2025-0042 aparece en el concepto' });
    expect(porId).toEqual({ estado: 'propuesto', pagoPropuestoId: 8, motivo: 'La referencia #8 aparece en el concepto' });
    expect(ninguno.estado).toBe('sinPareja');
  });

  it('a reference found with another amount is left to the contable', () => {
    const [p] = proposeMatches([mov(999, ['AULA-1234'])], claves(1), 'EUR', [pago(1, 1000, { referencia: 'AULA-1234' })], new Map());
    expect(p).toEqual({ estado: 'sinPareja', pagoPropuestoId: null, motivo: 'La referencia AULA-1234 aparece en el concepto, pero el pago es de 10,00 € y el movimiento de 9,99 €' });
  });

  it('the amount and every word of the payer’s name, without accents; only in the statement’s currency', () => {
    const pagos = [pago(1, 5000, { nombre: 'Íñigo', apellidos: 'Ruiz de la Peña' }), pago(2, 5000, { nombre: 'Íñigo', apellidos: 'Ruiz', moneda: 'USD' })];
    const [si, noTodas] = proposeMatches([mov(5000, ['TRANSF DE RUIZ DE LA PENA INIGO']), mov(5000, ['TRANSF DE INIGO RUIZ'])], claves(2), 'EUR', pagos, new Map());
    expect(si).toEqual({ estado: 'propuesto', pagoPropuestoId: 1, motivo: 'Mismo importe y nombre del ordenante' });
    expect(noTodas.estado).toBe('sinPareja');
  });

  it('never one pago for two movements; cargos and movements applied before are not matched', () => {
    const pagos = [pago(3, 1500, { referencia: 'AULA-3333' })];
    const res = proposeMatches([mov(1500, ['AULA-3333']), mov(1500, ['AULA-3333']), mov(-1500, ['AULA-3333']), mov(1500, ['AULA-3333'])], claves(4), 'EUR', pagos, new Map([['clave3', 12]]));
    expect(res).toEqual([
      { estado: 'propuesto', pagoPropuestoId: 3, motivo: 'La referencia AULA-3333 aparece en el concepto' },
      { estado: 'sinPareja', pagoPropuestoId: null, motivo: 'El pago AULA-3333, que encajaba, ya se propone para otro movimiento de este extracto' },
      { estado: 'cargo', pagoPropuestoId: null, motivo: 'Cargo: no salda ningún pago' },
      { estado: 'yaAplicado', pagoPropuestoId: null, motivo: 'Este movimiento ya se aplicó con el extracto #12' },
    ]);
  });
});
