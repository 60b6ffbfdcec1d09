// How each VeriFactu record went to the AEAT: one row per record, written by the
// server only (api/src/verifactu). A client reads it, never writes it: what the AEAT answered,
// its CSV (it cannot be asked for again), the attempts, and the exact XML sent.
import { mensajes } from '../mensajes.js';
import { defineResource } from '../base/types.js';

export const ESTADOS_REMISION = ['pendiente', 'correcto', 'aceptadoConErrores', 'incorrecto'] as const;
export type EstadoRemision = (typeof ESTADOS_REMISION)[number];

export default defineResource({
  name: 'remisiones',
  model: 'Remision',
  labels: { singular: 'remisión a la AEAT', plural: 'remisiones a la AEAT', genero: 'f' },
  fields: {
    registroId: { label: 'Registro', type: 'integer', references: 'registros', required: true, readOnly: true, unique: true },
    facturaId: { label: 'Factura', type: 'integer', references: 'facturas', required: true, readOnly: true },
    estado: { label: 'Estado en la AEAT', enumLabels: { pendiente: 'Pendiente de envío', correcto: 'Correcto', aceptadoConErrores: 'Aceptado con errores', incorrecto: 'Rechazado' }, type: 'string', enum: ESTADOS_REMISION, required: true, default: 'pendiente', readOnly: true },
    // False once a later record corrects this one (its subsanación): it no longer needs action.
    vigente: { label: 'Vigente', type: 'boolean', required: true, default: true, readOnly: true },
    // How the record was generated, as its XML says (the AEAT's table of admissible operations).
    subsanacion: { label: 'Subsanación', type: 'string', enum: ['S'], readOnly: true },
    rechazoPrevio: { label: 'Rechazo previo', type: 'string', enum: ['S', 'X'], readOnly: true },
    sinRegistroPrevio: { label: 'Sin registro previo', type: 'string', enum: ['S'], readOnly: true },
    corrigeId: { label: 'Corrige el registro', type: 'integer', references: 'registros', readOnly: true },
    csv: { label: 'CSV', type: 'string', maxLength: 16, readOnly: true },
    codigoError: { label: 'Código de error', type: 'integer', readOnly: true },
    descripcionError: { label: 'Error de la AEAT', type: 'string', maxLength: 1500, readOnly: true },
    // Rejected as a duplicate after an answer that never arrived: the AEAT had registered it.
    duplicado: { label: 'Ya registrado (duplicado)', type: 'boolean', required: true, default: false, readOnly: true },
    // A send of it ended without an answer (network, timeout, a fault of the AEAT, a crash).
    respuestaPerdida: { label: 'Respuesta perdida', type: 'boolean', required: true, default: false, readOnly: true },
    intentos: { label: 'Intentos', type: 'integer', required: true, default: 0, minimum: 0, readOnly: true },
    primerIntento: { label: 'Primer intento', type: 'date-time', readOnly: true },
    ultimoIntento: { label: 'Último intento', type: 'date-time', readOnly: true },
    respondidoEn: { label: 'Respondido', type: 'date-time', readOnly: true },
    // The message it last went in (the envios table, not served).
    envioId: { label: 'Envío', type: 'integer', readOnly: true },
    xml: { label: 'XML enviado', type: 'string', readOnly: true },
  },
  relations: {
    registro: { type: 'belongsTo', target: 'registros', foreignKey: 'registroId' },
    factura: { type: 'belongsTo', target: 'facturas', foreignKey: 'facturaId' },
  },
  searchFields: ['csv', 'descripcionError'],
  // Money: the contable handles it; an editor never sees it.
  acceso: { contable: { leer: true, escribir: true } },
  appendOnly: true,
  serverWritten: mensajes.peticion.soloServidor.remisiones,
  audited: false,
});
