// The outbox (docs/arquitectura.md §25): every message Aula sends is a row here before anything
// leaves, with what it concerns, its state, attempts and the server's last answer. Only the
// server writes it (correo/encolar.ts queues, envio.ts sends); the administrador and the contable
// read it, retry a failed one and discard one that should not go.
import { mensajes } from '../../mensajes.js';
import { conflict } from '../../base/errors.js';
import { defineResource, SIN_CUERPO } from '../../base/types.js';
import { CLAVES_PLANTILLA, TIPOS } from '../../correo/plantillas.js';
import { queueEnvio } from '../../correo/encolar.js';

export const ESTADOS_CORREO = ['pendiente', 'enviado', 'fallido', 'descartado'] as const;

export default defineResource({
  name: 'correos',
  model: 'Correo',
  labels: { singular: 'correo', plural: 'correos', genero: 'm' },
  implicitLabels: { createdAt: 'Creado' },
  fields: {
    plantilla: { label: 'Mensaje', type: 'string', required: true, readOnly: true, enum: CLAVES_PLANTILLA, enumLabels: Object.fromEntries(CLAVES_PLANTILLA.map((c) => [c, TIPOS[c].etiqueta])) },
    para: { label: 'Para', type: 'string', required: true, readOnly: true, maxLength: 254 },
    asunto: { label: 'Asunto', type: 'string', required: true, readOnly: true, maxLength: 300 },
    html: { label: 'HTML', type: 'string', required: true, readOnly: true },
    texto: { label: 'Texto', type: 'string', required: true, readOnly: true },
    estado: {
      label: 'Estado',
      type: 'string',
      required: true,
      readOnly: true,
      enum: ESTADOS_CORREO,
      enumLabels: { pendiente: 'Pendiente', enviado: 'Enviado', fallido: 'Fallido', descartado: 'Descartado' },
    },
    intentos: { label: 'Intentos', type: 'integer', readOnly: true, minimum: 0, default: 0, serverDefault: true },
    proximoIntento: { label: 'Próximo intento', type: 'date-time', readOnly: true },
    respuesta: { label: 'Respuesta del servidor', type: 'string', readOnly: true, maxLength: 1000 },
    enviadoEn: { label: 'Enviado', type: 'date-time', readOnly: true },
    messageId: { label: 'Message-ID', type: 'string', required: true, readOnly: true, maxLength: 200 },
    adjuntarFactura: { label: 'Con la factura en PDF', type: 'boolean', readOnly: true, default: false, serverDefault: true },
    // What only the sending completes (which single-use link to make): never sent back.
    datos: { label: 'Datos del envío', type: 'string', writeOnly: true },
    facturaId: { label: 'Factura', type: 'integer', readOnly: true, references: 'facturas' },
    pagoId: { label: 'Pago', type: 'integer', readOnly: true, references: 'pagos' },
    matriculaId: { label: 'Matrícula', type: 'integer', readOnly: true, references: 'matriculas' },
    usuarioId: { label: 'Usuario', type: 'integer', readOnly: true, references: 'usuarios' },
    cuentaId: { label: 'Cuenta', type: 'integer', readOnly: true, references: 'logins' },
    pedidoPorId: { label: 'Pedido por', type: 'integer', readOnly: true, references: 'logins' },
  },
  relations: {
    factura: { type: 'belongsTo', target: 'facturas', foreignKey: 'facturaId' },
    pago: { type: 'belongsTo', target: 'pagos', foreignKey: 'pagoId' },
    matricula: { type: 'belongsTo', target: 'matriculas', foreignKey: 'matriculaId' },
    usuario: { type: 'belongsTo', target: 'usuarios', foreignKey: 'usuarioId' },
    cuenta: { type: 'belongsTo', target: 'logins', foreignKey: 'cuentaId' },
    pedidoPor: { type: 'belongsTo', target: 'logins', foreignKey: 'pedidoPorId' },
  },
  searchFields: ['para', 'asunto'],
  nombre: 'Correo #{id}',
  // The contable sends invoices, so it reads what left and writes what its actions queue; the
  // editor sends nothing.
  acceso: { contable: { leer: true, escribir: true } },
  appendOnly: true,
  serverWritten: mensajes.correo.soloServidor,
  actions: {
    reintentar: {
      method: 'POST',
      path: 'reintentar',
      summary: mensajes.correo.resumen.reintentar,
      body: SIN_CUERPO,
      returns: 'Correo',
      async run(id, _body, ctx) {
        if (ctx.row.estado !== 'fallido' && ctx.row.estado !== 'descartado') throw conflict(mensajes.correo.noReintentable(ctx.row.estado));
        await ctx.update('correos', id, { estado: 'pendiente', intentos: 0, respuesta: null, proximoIntento: new Date().toISOString() });
        if (ctx.correo.correo.smtpUrl) await queueEnvio(ctx.db, id);
        return ctx.findById('correos', id);
      },
    },
    descartar: {
      method: 'POST',
      path: 'descartar',
      summary: mensajes.correo.resumen.descartar,
      body: SIN_CUERPO,
      returns: 'Correo',
      async run(id, _body, ctx) {
        if (ctx.row.estado !== 'pendiente' && ctx.row.estado !== 'fallido') throw conflict(mensajes.correo.noDescartable(ctx.row.estado));
        await ctx.update('correos', id, { estado: 'descartado' });
        return ctx.findById('correos', id);
      },
    },
  },
});
