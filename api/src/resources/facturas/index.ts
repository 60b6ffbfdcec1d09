// Facturas (docs/arquitectura.md §2, §11): a borrador is edited freely; issuing it (emitir) gives it its
// number and its VeriFactu record, and from then on it is immutable: corrected by a
// rectificativa, or, if issued by mistake, anulada. Only «emitida → pagada» may still change.
import type { Knex } from 'knex';
import { mensajes } from '../../mensajes.js';
import { conflict, validationFailed } from '../../base/errors.js';
import { INT_MAX } from '../../base/values.js';
import { defineResource, type WriteContext } from '../../base/types.js';
import { anular, cuotaIva, emitir, MOTIVOS_RECTIFICACION, rectificar, tipoOrdinaria, TIPOS_FACTURA, ETIQUETAS_TIPO_FACTURA, TIPOS_RECTIFICATIVA } from './emision.js';
import { opcionesCotejo, qrSvg, urlCotejo } from './cotejo.js';
import { ESTADOS_FACTURA, ETIQUETAS_ESTADO, NOMBRE_FACTURA, nombreFactura, PATRON_SERIE } from './formato.js';
import { facturaPdf, type FacturaImprimible } from './pdf.js';
import { queueCorreoFactura } from './correo.js';

export { cuotaIva, desglose } from './emision.js';


type Row = Record<string, any>;

const nombre = nombreFactura;

/** Issued invoices change only from emitida to pagada, on every route (single, bulk, PUT). */
function checkCambio(data: Row, { op, existing: antes }: WriteContext) {
  const existing = antes as Row | undefined;
  if (!existing || existing.estado === 'borrador') {
    if (data.estado !== undefined && data.estado !== 'borrador') {
      throw validationFailed([{ path: '/estado', code: 'emitir', message: op === 'create' ? mensajes.facturacion.crearEmitida : mensajes.facturacion.cambiarEstadoBorrador }]);
    }
    return;
  }
  const soloEstado = op === 'update' && Object.keys(data).every((k) => k === 'estado');
  const aPagada = data.estado === 'pagada' && (existing.estado === 'emitida' || existing.estado === 'pagada');
  if (soloEstado && (aPagada || data.estado === existing.estado)) return;
  if (soloEstado && existing.estado === 'emitida') throw conflict(mensajes.facturacion.soloPagada(nombre(existing)));
  throw conflict(mensajes.facturacion.inmutable(nombre(existing), existing.estado));
}

/**
 * An issued invoice's amount as it counts in the tax books, in SQL over `t`: its own, less, on a
 * substitute, what the invoice it replaces amounted to (that one stays counted in its own period,
 * as its VeriFactu record does: the AEAT reads a substitution as the difference, and so does the
 * libro registro, «la errónea en negativo y la nueva»); nothing for an anulada, whose record is
 * undone; no figure for a draft.
 */
const aDeclarar = (t: string, importe: string, rectificado: string) =>
  `CASE WHEN ${t}."estado" IN ('emitida', 'pagada') THEN ${t}."${importe}" - COALESCE(${t}."${rectificado}", 0) WHEN ${t}."estado" = 'anulada' THEN 0 END`;

type Lector = (resource: string, id: number) => Promise<Record<string, unknown>>;

const identidad = (f: Row | null) => f && { serie: f.serie, numero: f.numero, fecha: f.fecha };

/**
 * An issued invoice as printed, with the one it rectifies and the one that replaced it; a
 * borrador has nothing to print (409).
 */
async function imprimible(id: number, findById: Lector): Promise<FacturaImprimible> {
  const f = (await findById('facturas', id)) as Row;
  if (f.estado === 'borrador') throw conflict(mensajes.facturacion.noEmitida);
  const rectificada = f.rectificaId ? ((await findById('facturas', f.rectificaId)) as Row) : null;
  const sustituta = f.sustituidaPorId ? ((await findById('facturas', f.sustituidaPorId)) as Row) : null;
  return { ...(f as FacturaImprimible), rectificada: identidad(rectificada), sustituidaPor: identidad(sustituta) };
}

/** An issued invoice's PDF and its file name: what GET /facturas/{id}/pdf answers and its email attaches. */
export async function buildPdfFactura(id: number, findById: Lector, facturacion: Parameters<typeof opcionesCotejo>[0]): Promise<{ body: Buffer; filename: string }> {
  const f = await imprimible(id, findById);
  return { body: await facturaPdf(f, opcionesCotejo(facturacion)), filename: `factura-${nombre(f)}.pdf` };
}

const fechaOpcional = {
  title: 'Emision',
  type: 'object',
  additionalProperties: false,
  properties: { fecha: { type: 'string', format: 'date-time', description: 'Fecha de expedición; por omisión, ahora' } },
};

export default defineResource({
  name: 'facturas',
  model: 'Factura',
  labels: { singular: 'factura', plural: 'facturas', genero: 'f' },
  fields: {
    serie: { label: 'Serie', type: 'string', minLength: 1, maxLength: 20, pattern: PATRON_SERIE, serverDefault: true },
    numero: { label: 'Número', type: 'integer', minimum: 1, readOnly: true },
    fecha: { label: 'Fecha', type: 'date-time', readOnly: true },
    // When the operation took place, if not on the day of issue (RD 1619/2012 arts. 6.1.f, 7.1.f):
    // facturar sets the pago's fecha; a draft may say it; printed and sent to the AEAT only when
    // it is another day than the issue.
    fechaOperacion: { label: 'Fecha de operación', type: 'date-time' },
    tipo: { label: 'Tipo', enumLabels: ETIQUETAS_TIPO_FACTURA, type: 'string', enum: TIPOS_FACTURA, readOnly: true },
    usuarioId: { label: 'Usuario', type: 'integer', required: true, references: 'usuarios' },
    clienteNombre: { label: 'Nombre del cliente', type: 'string', maxLength: 200 },
    clienteNif: { label: 'NIF del cliente', type: 'string', maxLength: 20 },
    clienteDireccion: { label: 'Dirección del cliente', type: 'string', maxLength: 500 },
    concepto: { label: 'Concepto', type: 'string', required: true, minLength: 1, maxLength: 500 },
    base: { label: 'Base imponible', type: 'integer', required: true, minimum: 0, money: true },
    tipoIva: { label: 'Tipo de IVA', type: 'integer', required: true, enum: [21, 10, 4, 0] },
    cuotaIva: { label: 'Cuota de IVA', type: 'integer', readOnly: true, money: true },
    total: { label: 'Total', type: 'integer', readOnly: true, money: true },
    estado: { label: 'Estado', enumLabels: ETIQUETAS_ESTADO, type: 'string', enum: ESTADOS_FACTURA, default: 'borrador' },
    rectificaId: { label: 'Rectifica a', type: 'integer', references: 'facturas', readOnly: true },
    motivoRectificacion: { label: 'Motivo de la rectificación', type: 'string', maxLength: 500, readOnly: true },
    // VeriFactu's TipoRectificativa of a rectificativa: I por diferencias, S por sustitución.
    tipoRectificativa: { label: 'Tipo de rectificación', enumLabels: { I: 'Por diferencias', S: 'Por sustitución' }, type: 'string', enum: TIPOS_RECTIFICATIVA, readOnly: true },
    // Of a substitute: the base and cuota of the invoice it replaces (VeriFactu's ImporteRectificacion).
    baseRectificada: { label: 'Base de la factura sustituida', type: 'integer', readOnly: true, money: true },
    cuotaRectificada: { label: 'Cuota de la factura sustituida', type: 'integer', readOnly: true, money: true },
    // Its latest rectificativa: the invoice has been rectified (or replaced, if that one is an S).
    // No `references`: a plain column without a foreign key (migration 0008 says why).
    rectificadaPorId: { label: 'Rectificada por', type: 'integer', readOnly: true, apuntaA: 'facturas' },
    // The substitute in force that replaced it: from then on the invoice is without effect
    // (its amounts are reversed by the substitute's ImporteRectificacion). Plain, as above (0013).
    sustituidaPorId: { label: 'Sustituida por', type: 'integer', readOnly: true, apuntaA: 'facturas' },
    emisorNif: { label: 'NIF del emisor', type: 'string', maxLength: 20, readOnly: true },
    emisorNombre: { label: 'Emisor', type: 'string', maxLength: 200, readOnly: true },
    emisorDomicilio: { label: 'Domicilio del emisor', type: 'string', maxLength: 500, readOnly: true },
  },
  uniques: [['serie', 'numero']],
  relations: {
    usuario: { type: 'belongsTo', target: 'usuarios', foreignKey: 'usuarioId' },
    pagos: { type: 'hasMany', target: 'pagos', foreignKey: 'facturaId' },
    rectifica: { type: 'belongsTo', target: 'facturas', foreignKey: 'rectificaId' },
    rectificativas: { type: 'hasMany', target: 'facturas', foreignKey: 'rectificaId' },
    rectificadaPor: { type: 'belongsTo', target: 'facturas', foreignKey: 'rectificadaPorId' },
    reembolsos: { type: 'hasMany', target: 'reembolsos', foreignKey: 'facturaId' },
    registros: { type: 'hasMany', target: 'registros', foreignKey: 'facturaId' },
  },
  searchFields: ['serie', 'concepto', 'clienteNombre', 'clienteNif'],
  nombre: NOMBRE_FACTURA,
  // What each invoice adds to the tax books, so the export sums to what is declared (docs §11).
  calculadas: {
    baseADeclarar: { label: 'Base imponible a declarar', money: true, sql: (t) => aDeclarar(t, 'base', 'baseRectificada') },
    cuotaADeclarar: { label: 'Cuota de IVA a declarar', money: true, sql: (t) => aDeclarar(t, 'cuotaIva', 'cuotaRectificada') },
  },
  // Money: the contable handles it; an editor never sees it.
  acceso: { contable: { leer: true, escribir: true } },
  // The totals and the kind are the server's, never the client's.
  async beforeWrite(data, ctx) {
    // The server's own steps (issuing, paying, linking a rectificativa, cancelling) are what
    // moves an issued invoice; a client's write only ever marks one paid.
    if (!ctx.servidor) checkCambio(data, ctx);
    const { existing, facturacion } = ctx;
    const out: Row = { ...data };
    if (ctx.op === 'create' || 'serie' in data) {
      out.serie = data.serie ?? facturacion.series.facturas;
      // The rectificativas serie is numbered by rectificar alone, which creates as the server.
      if (out.serie === facturacion.series.rectificativas && !ctx.servidor) {
        throw validationFailed([{ path: '/serie', code: 'serie', message: mensajes.facturacion.serieRectificativas(out.serie) }]);
      }
    }
    if (existing?.estado !== undefined && existing.estado !== 'borrador') return out;
    // The kind it will be issued as: emission takes the usuario's NIF when the draft has none.
    // A rectificativa's kind (R1–R5) is the server's choice, made from the one it rectifies.
    if (ctx.servidor && data.tipo !== undefined) out.tipo = data.tipo;
    else if ('clienteNif' in data || 'usuarioId' in data || ctx.op !== 'update') {
      const usuarioId = (data.usuarioId ?? existing?.usuarioId) as number;
      const usuario = (await ctx.db('usuarios').where('id', usuarioId).first('nif')) as Row | undefined;
      out.tipo = tipoOrdinaria((data.clienteNif ?? ('clienteNif' in data ? null : existing?.clienteNif)) || usuario?.nif);
    }
    if (!('base' in data) && !('tipoIva' in data)) return out;
    const base = Number(data.base ?? existing?.base);
    const tipo = Number(data.tipoIva ?? existing?.tipoIva);
    // The server may give the cuota: what is left of an invoice when a rectificativa cancels it,
    // or the split of a price with IVA included, neither always the rounding of the base.
    const cuota = ctx.servidor && data.cuotaIva !== undefined ? Number(data.cuotaIva) : cuotaIva(base, tipo);
    return { ...out, cuotaIva: cuota, total: base + cuota };
  },
  // An invoice leaves by email the moment it is issued (ENVIAR_FACTURAS), whoever issued it: a
  // person, a pago's facturar, a gateway's notification. It is queued in the transaction.
  async afterWrite(f, antes, { escritor, correo }) {
    if (f.numero != null && antes?.numero == null && correo.correo.enviarFacturas) await queueCorreoFactura(escritor, correo, f);
  },
  async beforeDelete(id: number, trx: Knex.Transaction) {
    const f = (await trx('facturas').where('id', id).first('serie', 'numero', 'estado')) as Row;
    if (f.estado !== 'borrador') throw conflict(mensajes.facturacion.inmutable(nombre(f), f.estado));
  },
  reads: {
    pdf: {
      path: 'pdf',
      summary: mensajes.facturacion.resumen.pdf,
      produces: 'application/pdf',
      async run(id, { facturacion, findById }) {
        return { type: 'application/pdf', ...(await buildPdfFactura(id!, findById, facturacion)) };
      },
    },
    qr: {
      path: 'qr.svg',
      summary: mensajes.facturacion.resumen.qr,
      produces: 'image/svg+xml',
      async run(id, { facturacion, findById }) {
        const f = await imprimible(id!, findById);
        return { type: 'image/svg+xml', body: await qrSvg(urlCotejo(f, opcionesCotejo(facturacion))) };
      },
    },
  },
  actions: {
    emitir: {
      method: 'POST',
      path: 'emitir',
      summary: mensajes.facturacion.resumen.emitir,
      body: fechaOpcional,
      returns: 'Factura',
      async run(id, body: { fecha?: string }, ctx) {
        await emitir(ctx, ctx.row, body, ctx.facturacion);
        return ctx.findById('facturas', id);
      },
    },
    enviar: {
      method: 'POST',
      path: 'enviar',
      summary: mensajes.correo.resumen.enviar,
      body: {
        title: 'EnvioFactura',
        type: 'object',
        additionalProperties: false,
        properties: { email: { type: 'string', minLength: 3, maxLength: 254, description: 'Otra dirección; por omisión, la del cliente' } },
      },
      returns: 'Correo',
      async run(id, body: { email?: string }, ctx) {
        if (ctx.row.estado === 'borrador') throw conflict(mensajes.correo.facturaNoEmitida);
        const correoId = await queueCorreoFactura(ctx, ctx.correo, ctx.row, { para: body.email, pedidoPorId: body.email ? (ctx.actor.loginId ?? undefined) : undefined });
        return ctx.findById('correos', correoId);
      },
    },
    rectificar: {
      method: 'POST',
      path: 'rectificar',
      summary: mensajes.facturacion.resumen.rectificar,
      body: {
        title: 'Rectificacion',
        type: 'object',
        required: ['motivo', 'descripcion'],
        additionalProperties: false,
        properties: {
          tipoRectificativa: {
            type: 'string',
            enum: TIPOS_RECTIFICATIVA,
            default: 'I',
            description: 'I: por diferencias (los importes que cambian); S: por sustitución (la factura entera corregida, p. ej. los datos del cliente), que pasa a ser la factura en vigor de sus pagos',
          },
          motivo: { type: 'string', enum: MOTIVOS_RECTIFICACION, description: 'R1–R4 (art. 80 LIVA); una simplificada se rectifica como R5 (salvo una sustitución que le añade el NIF del cliente)' },
          descripcion: { type: 'string', minLength: 1, maxLength: 500 },
          base: {
            type: 'integer',
            minimum: -INT_MAX,
            maximum: INT_MAX,
            description: 'En céntimos. Por diferencias: la diferencia de base (negativa para restar); sin ella, se anula todo lo que está en vigor. Por sustitución: la base de la factura corregida; sin ella, la de la rectificada',
          },
          tipoIva: { type: 'integer', enum: [21, 10, 4, 0] },
          concepto: { type: 'string', minLength: 1, maxLength: 500 },
          clienteNombre: { type: ['string', 'null'], maxLength: 200, description: 'Solo por sustitución: el nombre corregido; sin él, el de la rectificada' },
          clienteNif: { type: ['string', 'null'], maxLength: 20, description: 'Solo por sustitución: el NIF corregido' },
          clienteDireccion: { type: ['string', 'null'], maxLength: 500, description: 'Solo por sustitución: la dirección corregida' },
        },
      },
      returns: 'Factura',
      async run(id, body, ctx) {
        return ctx.findById('facturas', await rectificar(ctx, id, body, ctx.facturacion));
      },
    },
    anular: {
      method: 'POST',
      path: 'anular',
      summary: mensajes.facturacion.resumen.anular,
      body: { title: 'Anulacion', type: 'object', additionalProperties: false, properties: {} },
      returns: 'Factura',
      async run(id, _body, ctx) {
        await anular(ctx, ctx.row, ctx.facturacion);
        return ctx.findById('facturas', id);
      },
    },
  },
});
