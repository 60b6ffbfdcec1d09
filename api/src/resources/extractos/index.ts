// Bank statements (docs/arquitectura.md §21): a Norma 43 file the contable imported
// (api/src/extractos, POST /extractos/importar), its account and period, and whether what Aula
// proposed for its movements has been confirmed. Written only by the import and by `confirmar`,
// which applies the pagos the contable confirmed (confirmacion.ts).
import { mensajes } from '../../mensajes.js';
import { INT_MAX } from '../../base/values.js';
import { defineResource } from '../../base/types.js';
import { moneda } from '../shared.js';
import { applyExtracto } from './confirmacion.js';

export const ESTADOS_EXTRACTO = ['propuesto', 'confirmado'] as const;

export default defineResource({
  name: 'extractos',
  model: 'Extracto',
  labels: { singular: 'extracto bancario', plural: 'extractos bancarios', genero: 'm' },
  implicitLabels: { createdAt: 'Importado' },
  fields: {
    entidad: { label: 'Entidad', type: 'string', required: true, readOnly: true, maxLength: 4 },
    oficina: { label: 'Oficina', type: 'string', required: true, readOnly: true, maxLength: 4 },
    cuenta: { label: 'Cuenta', type: 'string', required: true, readOnly: true, maxLength: 10 },
    titular: { label: 'Titular', type: 'string', readOnly: true, maxLength: 26 },
    // The period it covers, as the bank dates it (YYYY-MM-DD).
    desde: { label: 'Desde', type: 'string', required: true, readOnly: true, maxLength: 10 },
    hasta: { label: 'Hasta', type: 'string', required: true, readOnly: true, maxLength: 10 },
    saldoInicial: { label: 'Saldo inicial', type: 'integer', required: true, readOnly: true, money: true },
    saldoFinal: { label: 'Saldo final', type: 'integer', required: true, readOnly: true, money: true },
    moneda: { label: 'Moneda', type: 'string', pattern: moneda.pattern, required: true, readOnly: true },
    nombreArchivo: { label: 'Archivo', type: 'string', readOnly: true, maxLength: 255 },
    // SHA-256 (hex) of the file's bytes: the same file imported twice is the same extracto.
    huella: { label: 'Huella', type: 'string', required: true, readOnly: true, maxLength: 64, unique: true },
    estado: {
      label: 'Estado',
      type: 'string',
      required: true,
      readOnly: true,
      enum: ESTADOS_EXTRACTO,
      enumLabels: { propuesto: 'Por revisar', confirmado: 'Confirmado' },
    },
    movimientos: { label: 'Movimientos', type: 'integer', required: true, readOnly: true, minimum: 0 },
    loginId: { label: 'Importado por', type: 'integer', readOnly: true, references: 'logins' },
    confirmadoEn: { label: 'Confirmado', type: 'date-time', readOnly: true },
  },
  relations: {
    login: { type: 'belongsTo', target: 'logins', foreignKey: 'loginId' },
  },
  searchFields: ['cuenta', 'titular', 'nombreArchivo'],
  nombre: ['{nombreArchivo}', 'Extracto #{id}'],
  // Money: the contable reconciles it; an editor never sees it.
  acceso: { contable: { leer: true, escribir: true } },
  appendOnly: true,
  serverWritten: mensajes.extractos.soloServidor,
  actions: {
    confirmar: {
      method: 'POST',
      path: 'confirmar',
      summary: mensajes.extractos.resumenConfirmar,
      body: {
        title: 'ConfirmarExtracto',
        type: 'object',
        required: ['movimientos'],
        additionalProperties: false,
        properties: {
          movimientos: {
            type: 'array',
            maxItems: 10000,
            description: 'Cada abono que se aplica y el pago pendiente por transferencia que salda; un movimiento que no está queda como estaba',
            items: {
              type: 'object',
              required: ['id', 'pagoId'],
              additionalProperties: false,
              properties: {
                id: { type: 'integer', minimum: 1, maximum: INT_MAX },
                pagoId: { type: 'integer', minimum: 1, maximum: INT_MAX },
              },
            },
          },
        },
      },
      // The extracto is locked for the transaction (runAction): two confirmations run one after the other.
      async run(id, body: { movimientos: { id: number; pagoId: number }[] }, ctx) {
        return applyExtracto(ctx, body.movimientos, { facturarAlCobrar: ctx.pasarelas.facturarAlCobrar });
      },
    },
  },
});
