// The movements of a bank statement (docs/arquitectura.md §21), one row per 22 record with its
// 23s joined: what the bank says moved, and what Aula proposed or applied for it. Written only
// by the statement's import and its `confirmar` action.
import { mensajes } from '../../mensajes.js';
import { defineResource } from '../../base/types.js';
import { moneda } from '../shared.js';

export const ESTADOS_MOVIMIENTO = ['sinPareja', 'propuesto', 'aplicado', 'yaAplicado', 'cargo'] as const;

export default defineResource({
  name: 'movimientos',
  model: 'Movimiento',
  labels: { singular: 'movimiento bancario', plural: 'movimientos bancarios', genero: 'm' },
  fields: {
    extractoId: { label: 'Extracto', type: 'integer', required: true, readOnly: true, references: 'extractos' },
    linea: { label: 'Línea', type: 'integer', required: true, readOnly: true, minimum: 1 },
    fechaOperacion: { label: 'Fecha de operación', type: 'string', required: true, readOnly: true, maxLength: 10 },
    fechaValor: { label: 'Fecha valor', type: 'string', required: true, readOnly: true, maxLength: 10 },
    // Céntimos, signed: a cargo is negative, an abono positive.
    importe: { label: 'Importe', type: 'integer', required: true, readOnly: true, money: true },
    moneda: { label: 'Moneda', type: 'string', pattern: moneda.pattern, required: true, readOnly: true },
    conceptoComun: { label: 'Concepto común', type: 'string', required: true, readOnly: true, maxLength: 2 },
    conceptoPropio: { label: 'Concepto propio', type: 'string', readOnly: true, maxLength: 3 },
    documento: { label: 'Documento', type: 'string', readOnly: true, maxLength: 10 },
    referencia1: { label: 'Referencia 1', type: 'string', readOnly: true, maxLength: 12 },
    referencia2: { label: 'Referencia 2', type: 'string', readOnly: true, maxLength: 16 },
    // The complementary concepts (records 23), joined with « · ».
    conceptos: { label: 'Conceptos', type: 'string', readOnly: true, maxLength: 1000 },
    // What makes the same movement the same in an overlapping statement (SHA-256 hex of the
    // account, dates, amount, document, references, concepts and its ordinal among twins).
    clave: { label: 'Clave', type: 'string', required: true, readOnly: true, maxLength: 64 },
    estado: {
      label: 'Estado',
      type: 'string',
      required: true,
      readOnly: true,
      enum: ESTADOS_MOVIMIENTO,
      enumLabels: { sinPareja: 'Sin pareja', propuesto: 'Propuesto', aplicado: 'Aplicado', yaAplicado: 'Ya aplicado', cargo: 'Cargo' },
    },
    pagoPropuestoId: { label: 'Pago propuesto', type: 'integer', readOnly: true, references: 'pagos' },
    motivo: { label: 'Motivo', type: 'string', readOnly: true, maxLength: 1000 },
    pagoId: { label: 'Pago aplicado', type: 'integer', readOnly: true, references: 'pagos' },
  },
  relations: {
    extracto: { type: 'belongsTo', target: 'extractos', foreignKey: 'extractoId' },
    pagoPropuesto: { type: 'belongsTo', target: 'pagos', foreignKey: 'pagoPropuestoId' },
    pago: { type: 'belongsTo', target: 'pagos', foreignKey: 'pagoId' },
  },
  uniques: [['extractoId', 'clave']],
  searchFields: ['conceptos', 'referencia1', 'referencia2', 'documento', 'motivo'],
  nombre: 'Línea {linea}',
  // Money: the contable reconciles it (its writes come through the extracto's actions).
  acceso: { contable: { leer: true, escribir: true } },
  appendOnly: true,
  serverWritten: mensajes.extractos.soloServidorMovimientos,
});
