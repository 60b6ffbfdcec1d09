// Refunds (issue 20, item 3): each time money of a pago goes back, in whole or in part, one row,
// written by `POST /pagos/{id}/reembolsar` in the same transaction as the pago's new
// importeReembolsado and, if the pago's invoice is issued, the rectificativa for that amount.
// Like the VeriFactu records, the trail is the server's: never created, changed or deleted by a
// client. The reports sum refunds from here, by their fecha.
import { mensajes } from '../mensajes.js';
import { defineResource } from '../base/types.js';

export default defineResource({
  name: 'reembolsos',
  model: 'Reembolso',
  fields: {
    pagoId: { type: 'integer', references: 'pagos', required: true, readOnly: true },
    importe: { type: 'integer', required: true, exclusiveMinimum: 0, money: true, readOnly: true },
    motivo: { type: 'string', required: true, minLength: 1, maxLength: 500, readOnly: true },
    fecha: { type: 'date-time', required: true, readOnly: true },
    // The rectificativa the refund issued; none when the pago had no invoice issued.
    facturaId: { type: 'integer', references: 'facturas', readOnly: true },
    // Who refunded: the administrator's session (none for refunds from before this record).
    loginId: { type: 'integer', references: 'logins', readOnly: true },
  },
  relations: {
    pago: { type: 'belongsTo', target: 'pagos', foreignKey: 'pagoId' },
    factura: { type: 'belongsTo', target: 'facturas', foreignKey: 'facturaId' },
    login: { type: 'belongsTo', target: 'logins', foreignKey: 'loginId' },
  },
  searchFields: ['motivo'],
  appendOnly: true,
  serverWritten: mensajes.peticion.soloServidor.reembolsos,
  // The reembolsar action that writes it is itself in the activity log, with its importe and motivo.
  audited: false,
});
