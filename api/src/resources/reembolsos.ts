// Refunds: each time money of a pago goes back, in whole or in part, one row,
// written by `POST /pagos/{id}/reembolsar` in the same transaction as the pago's new
// importeReembolsado and, if the pago's invoice is issued, the rectificativa for that amount.
// Like the VeriFactu records, the trail is the server's: never created, changed or deleted by a
// client. The reports sum refunds from here, by their fecha.
import { mensajes } from '../mensajes.js';
import { defineResource } from '../base/types.js';

export default defineResource({
  name: 'reembolsos',
  model: 'Reembolso',
  labels: { singular: 'reembolso', plural: 'reembolsos', genero: 'm' },
  fields: {
    pagoId: { label: 'Pago', type: 'integer', references: 'pagos', required: true, readOnly: true },
    importe: { label: 'Importe', type: 'integer', required: true, exclusiveMinimum: 0, money: true, readOnly: true },
    motivo: { label: 'Motivo', type: 'string', required: true, minLength: 1, maxLength: 500, readOnly: true },
    fecha: { label: 'Fecha', type: 'date-time', required: true, readOnly: true },
    // The rectificativa the refund issued; none when the pago had no invoice issued.
    facturaId: { label: 'Rectificativa', type: 'integer', references: 'facturas', readOnly: true },
    // The gateway's id of the refund (Stripe's re_…): a refund it announces again is not recorded twice.
    referencia: { label: 'Referencia', type: 'string', readOnly: true, unique: true, maxLength: 255 },
    // Who refunded: the administrator's session (none for refunds from before this record).
    loginId: { label: 'Hecho por', type: 'integer', references: 'logins', readOnly: true },
  },
  relations: {
    pago: { type: 'belongsTo', target: 'pagos', foreignKey: 'pagoId' },
    factura: { type: 'belongsTo', target: 'facturas', foreignKey: 'facturaId' },
    login: { type: 'belongsTo', target: 'logins', foreignKey: 'loginId' },
  },
  searchFields: ['motivo'],
  // Money: the contable handles it; an editor never sees it.
  acceso: { contable: { leer: true, escribir: true } },
  appendOnly: true,
  serverWritten: mensajes.peticion.soloServidor.reembolsos,
  // Audited as every record: its creation by the reembolsar action is in its own history.
});
