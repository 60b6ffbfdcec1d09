// How each VeriFactu record went to the AEAT (issue 21): one row per record, written by the
// server only (api/src/verifactu). A client reads it, never writes it: what the AEAT answered,
// its CSV (it cannot be asked for again), the attempts, and the exact XML sent.
import { mensajes } from '../mensajes.js';
import { defineResource } from '../base/types.js';

export const ESTADOS_REMISION = ['pendiente', 'correcto', 'aceptadoConErrores', 'incorrecto'] as const;
export type EstadoRemision = (typeof ESTADOS_REMISION)[number];

export default defineResource({
  name: 'remisiones',
  model: 'Remision',
  fields: {
    registroId: { type: 'integer', references: 'registros', required: true, readOnly: true, unique: true },
    facturaId: { type: 'integer', references: 'facturas', required: true, readOnly: true },
    estado: { type: 'string', enum: ESTADOS_REMISION, required: true, default: 'pendiente', readOnly: true },
    // False once a later record corrects this one (its subsanación): it no longer needs action.
    vigente: { type: 'boolean', required: true, default: true, readOnly: true },
    // How the record was generated, as its XML says (the AEAT's table of admissible operations).
    subsanacion: { type: 'string', enum: ['S'], readOnly: true },
    rechazoPrevio: { type: 'string', enum: ['S', 'X'], readOnly: true },
    sinRegistroPrevio: { type: 'string', enum: ['S'], readOnly: true },
    corrigeId: { type: 'integer', references: 'registros', readOnly: true },
    csv: { type: 'string', maxLength: 16, readOnly: true },
    codigoError: { type: 'integer', readOnly: true },
    descripcionError: { type: 'string', maxLength: 1500, readOnly: true },
    // Rejected as a duplicate after an answer that never arrived: the AEAT had registered it.
    duplicado: { type: 'boolean', required: true, default: false, readOnly: true },
    // A send of it ended without an answer (network, timeout, a fault of the AEAT, a crash).
    respuestaPerdida: { type: 'boolean', required: true, default: false, readOnly: true },
    intentos: { type: 'integer', required: true, default: 0, minimum: 0, readOnly: true },
    primerIntento: { type: 'date-time', readOnly: true },
    ultimoIntento: { type: 'date-time', readOnly: true },
    respondidoEn: { type: 'date-time', readOnly: true },
    // The message it last went in (the envios table, not served).
    envioId: { type: 'integer', readOnly: true },
    xml: { type: 'string', readOnly: true },
  },
  relations: {
    registro: { type: 'belongsTo', target: 'registros', foreignKey: 'registroId' },
    factura: { type: 'belongsTo', target: 'facturas', foreignKey: 'facturaId' },
  },
  searchFields: ['csv', 'descripcionError'],
  appendOnly: true,
  serverWritten: mensajes.peticion.soloServidor.remisiones,
  audited: false,
});
