// Pagos (DESIGN §2, §11): money that moved, or is about to. Its state only moves forward
// (pendiente → completado | fallido, completado → reembolsado); a refund is dated, and if the
// pago's invoice is issued the refund issues its rectificativa in the same transaction.
import { mensajes } from '../mensajes.js';
import { conflict, validationFailed } from '../rest/errors.js';
import { facturarPago, rectificar, desglose } from './facturas/emision.js';
import { numSerieFactura } from './facturas/formato.js';
import { moneda } from './shared.js';
import { defineResource, type WriteContext } from './types.js';

export const ESTADOS_PAGO = ['pendiente', 'completado', 'fallido', 'reembolsado'] as const;
/** Created pendiente, or completado for money already received; then only forward. */
const transiciones = {
  iniciales: ['pendiente', 'completado'],
  siguientes: { pendiente: ['completado', 'fallido'], completado: ['reembolsado'], fallido: [], reembolsado: [] } as Record<string, readonly string[]>,
};

type Row = Record<string, any>;

/** The refund's rectificativa: the whole invoice if it is this pago's, else this pago's share. */
async function rectificarReembolso(pago: Row, { db, facturacion }: WriteContext) {
  const factura = (await db('facturas').where('id', pago.facturaId).first()) as Row | undefined;
  if (!factura || (factura.estado !== 'emitida' && factura.estado !== 'pagada')) return;
  const entera = Number(factura.total) === Number(pago.importe);
  const parte = entera ? undefined : desglose(Number(pago.importe), Number(factura.tipoIva));
  await rectificar(db, Number(factura.id), { motivo: 'R4', descripcion: mensajes.facturacion.reembolso(Number(pago.id)), base: parte && -parte.base }, facturacion);
}

export default defineResource({
  name: 'pagos',
  model: 'Pago',
  fields: {
    usuarioId: { type: 'integer', required: true, references: 'usuarios' },
    cursoId: { type: 'integer', references: 'cursos' },
    // The server's alone (facturar, a rectificativa): a client that could clear it could invoice
    // the same money twice, its IVA declared twice (issue 20, item 1). Refused on every route.
    facturaId: { type: 'integer', references: 'facturas', readOnly: true },
    importe: { type: 'integer', required: true, exclusiveMinimum: 0, money: true },
    moneda,
    metodo: { type: 'string', required: true, enum: ['tarjeta', 'paypal', 'bizum', 'transferencia', 'efectivo'] },
    estado: { type: 'string', enum: ESTADOS_PAGO, default: 'pendiente', transiciones },
    referencia: { type: 'string', maxLength: 120, indiceTrigramas: true },
    fecha: { type: 'date-time', required: true },
    fechaReembolso: { type: 'date-time', readOnly: true },
    notas: { type: 'string', maxLength: 10000, indiceTrigramas: true },
  },
  relations: {
    usuario: { type: 'belongsTo', target: 'usuarios', foreignKey: 'usuarioId' },
    curso: { type: 'belongsTo', target: 'cursos', foreignKey: 'cursoId' },
    factura: { type: 'belongsTo', target: 'facturas', foreignKey: 'facturaId' },
  },
  // A pago is looked for by who paid and for what as much as by its reference (issue 20, item 6).
  searchFields: ['referencia', 'notas', 'usuario.nombre', 'usuario.apellidos', 'usuario.email', 'curso.titulo'],
  async beforeWrite(data, ctx) {
    const { existing } = ctx;
    if (!existing) {
      const estado = data.estado ?? 'pendiente';
      if (!transiciones.iniciales.includes(String(estado))) throw validationFailed([{ path: '/estado', code: 'estado', message: mensajes.pagos.estadoInicial }]);
      return data;
    }
    const de = String(existing.estado);
    const a = data.estado === undefined ? de : String(data.estado);
    if (a !== de && !transiciones.siguientes[de]?.includes(a)) throw conflict(mensajes.pagos.transicion(de, a));
    if ('importe' in data && Number(data.importe) !== Number(existing.importe) && de !== 'pendiente') throw conflict(mensajes.pagos.importeFijo(de));
    if (a === 'reembolsado' && de !== 'reembolsado') {
      await rectificarReembolso({ ...existing, ...data }, ctx);
      return { ...data, fechaReembolso: new Date().toISOString() };
    }
    return data;
  },
  actions: {
    facturar: {
      method: 'POST',
      path: 'facturar',
      summary: mensajes.facturacion.resumen.facturar,
      body: {
        title: 'FacturaDePago',
        type: 'object',
        additionalProperties: false,
        properties: { tipoIva: { type: 'integer', enum: [21, 10, 4, 0] }, concepto: { type: 'string', minLength: 1, maxLength: 500 } },
      },
      returns: 'Factura',
      async run(id, body, { db, facturacion, findById }) {
        const pago = (await db('pagos').where('id', id).first()) as Row;
        if (pago.estado !== 'completado') throw conflict(mensajes.pagos.noFacturable(pago.estado));
        if (pago.facturaId) {
          const actual = (await db('facturas').where('id', pago.facturaId).first('serie', 'numero', 'estado', 'id')) as Row;
          if (actual.estado !== 'anulada') throw conflict(mensajes.pagos.yaFacturado(actual.numero ? numSerieFactura(actual.serie, actual.numero) : `(borrador ${actual.id})`));
        }
        const facturaId = await facturarPago(db, pago, body, facturacion);
        await db('pagos').where('id', id).update({ facturaId, updatedAt: new Date().toISOString() });
        return findById('facturas', facturaId);
      },
    },
  },
});
