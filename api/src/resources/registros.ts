// The VeriFactu records (RegistroFacturacion, docs/arquitectura.md §11): written only by the server when an
// invoice is issued or cancelled, never changed or deleted. Their fields are the strings as
// hashed, so a record can be checked by anyone holding it.
import { mensajes } from '../mensajes.js';
import { subsanar } from './facturas/subsanar.js';
import { verifyCadena } from './facturas/cadena.js';
import { ETIQUETAS_TIPO_FACTURA, TIPOS_FACTURA } from './facturas/emision.js';
import { defineResource } from '../base/types.js';

export default defineResource({
  name: 'registros',
  model: 'RegistroFacturacion',
  labels: { singular: 'registro de facturación', plural: 'registros de facturación', genero: 'm' },
  fields: {
    tipo: { label: 'Tipo de registro', enumLabels: { alta: 'Alta', anulacion: 'Anulación' }, type: 'string', enum: ['alta', 'anulacion'], required: true, readOnly: true },
    facturaId: { label: 'Factura', type: 'integer', references: 'facturas', required: true, readOnly: true },
    idEmisorFactura: { label: 'NIF del emisor', type: 'string', maxLength: 20, required: true, readOnly: true },
    numSerieFactura: { label: 'Número y serie', type: 'string', maxLength: 60, required: true, readOnly: true },
    fechaExpedicionFactura: { label: 'Fecha de expedición', type: 'string', maxLength: 10, required: true, readOnly: true },
    tipoFactura: { label: 'Tipo de factura', enumLabels: ETIQUETAS_TIPO_FACTURA, type: 'string', enum: TIPOS_FACTURA, readOnly: true },
    cuotaTotal: { label: 'Cuota total', type: 'string', maxLength: 20, readOnly: true },
    importeTotal: { label: 'Importe total', type: 'string', maxLength: 20, readOnly: true },
    huellaAnterior: { label: 'Huella anterior', type: 'string', maxLength: 64, required: true, readOnly: true },
    fechaHoraHusoGenRegistro: { label: 'Generado', type: 'string', maxLength: 25, required: true, readOnly: true },
    huella: { label: 'Huella', type: 'string', maxLength: 64, required: true, readOnly: true },
  },
  relations: {
    factura: { type: 'belongsTo', target: 'facturas', foreignKey: 'facturaId' },
    remisiones: { type: 'hasMany', target: 'remisiones', foreignKey: 'registroId' },
  },
  searchFields: ['numSerieFactura', 'huella'],
  nombre: '{numSerieFactura} ({tipo})',
  // Money: the contable handles it; an editor never sees it.
  acceso: { contable: { leer: true, escribir: true } },
  appendOnly: true,
  serverWritten: mensajes.peticion.soloServidor.registros,
  // Only its action writes (subsanar, which may correct the client's data): audited.
  audited: true,
  reads: {
    verificar: {
      path: 'verificar',
      collection: true,
      summary: mensajes.facturacion.resumen.verificar,
      produces: 'application/json',
      async run(_id, { db, facturacion }) {
        return { type: 'application/json', body: { ...(await verifyCadena(db, facturacion)) } };
      },
    },
  },
  actions: {
    subsanar: {
      method: 'POST',
      path: 'subsanar',
      summary: mensajes.verifactu.resumen.subsanar,
      body: {
        title: 'Subsanacion',
        type: 'object',
        additionalProperties: false,
        properties: {
          clienteNif: { type: 'string', minLength: 1, maxLength: 20, description: 'El NIF del cliente corregido, si la AEAT rechazó el que se envió' },
          clienteNombre: { type: 'string', minLength: 1, maxLength: 200, description: 'El nombre del cliente corregido, si la AEAT lo rechazó' },
        },
      },
      returns: 'RegistroFacturacion',
      async run(_id, body, ctx) {
        return ctx.findById('registros', await subsanar(ctx, ctx.row, body, ctx.facturacion));
      },
    },
  },
});
