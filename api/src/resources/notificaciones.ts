// What the payment gateways sent (docs/arquitectura.md §20): one row per event, written by the
// server in the same transaction as what the event changed, so a redelivery finds it and does
// nothing. The contable reads them (the «Cobros» page): what arrived, what Aula did and why not.
import { mensajes } from '../mensajes.js';
import { defineResource } from '../base/types.js';

export const ESTADOS_NOTIFICACION = ['procesada', 'ignorada', 'rechazada'] as const;

export default defineResource({
  name: 'notificaciones',
  model: 'Notificacion',
  labels: { singular: 'notificación de pago', plural: 'notificaciones de pago', genero: 'f' },
  implicitLabels: { createdAt: 'Recibida' },
  fields: {
    pasarela: { label: 'Pasarela', type: 'string', required: true, readOnly: true, enum: ['stripe', 'redsys'], enumLabels: { stripe: 'Stripe', redsys: 'Redsys' } },
    eventoId: { label: 'Evento', type: 'string', required: true, readOnly: true, maxLength: 255 },
    tipo: { label: 'Tipo', type: 'string', required: true, readOnly: true, maxLength: 100 },
    estado: {
      label: 'Resultado',
      type: 'string',
      required: true,
      readOnly: true,
      enum: ESTADOS_NOTIFICACION,
      enumLabels: { procesada: 'Procesada', ignorada: 'Ignorada', rechazada: 'Rechazada' },
    },
    motivo: { label: 'Motivo', type: 'string', readOnly: true, maxLength: 1000 },
    pagoId: { label: 'Pago', type: 'integer', readOnly: true, references: 'pagos' },
    // The event as the gateway signed it (JSON), to read it or process it again.
    evento: { label: 'Evento recibido', type: 'string', readOnly: true },
  },
  relations: {
    pago: { type: 'belongsTo', target: 'pagos', foreignKey: 'pagoId' },
  },
  uniques: [['pasarela', 'eventoId']],
  searchFields: ['eventoId', 'tipo', 'motivo'],
  nombre: '{tipo}',
  // Money: the contable follows it, and processes a refused one again («Reprocesar», the only
  // write a person makes here: appendOnly keeps every other route read-only); an editor never sees it.
  acceso: { contable: { leer: true, escribir: true } },
  appendOnly: true,
  serverWritten: mensajes.peticion.soloServidor.notificaciones,
});
