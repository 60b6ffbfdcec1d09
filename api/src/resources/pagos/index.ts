// Pagos (docs/arquitectura.md §2, §11): money that moved, or is about to. Its state only moves forward
// (pendiente → completado | fallido); money goes back with the reembolsar action, in whole or in
// parts, each refund dated and recorded (reembolsos) and, if the pago's invoice is issued, with
// its rectificativa for exactly that amount, all in one transaction. The pago is reembolsado
// once nothing is left to refund.
import { mensajes } from '../../mensajes.js';
import { conflict, validationFailed } from '../../base/errors.js';
import { INT_MAX } from '../../base/values.js';
import { facturarPago } from '../facturas/emision.js';
import { nombreFactura } from '../facturas/formato.js';
import { refundPago } from './reembolso.js';
import { refundAtRedsys } from './redsys.js';
import { refundAtStripe } from './stripe.js';
import { NOMBRE_PAGO, nombrePago } from './nombre.js';
import { grantMatricula, revokeMatricula } from '../matriculas/conceder.js';
import { matriculaDePago } from '../matriculas/index.js';
import { moneda } from '../shared.js';
import { checkCanjeDePago } from '../cupones/canje.js';
import { defineResource } from '../../base/types.js';

export const ESTADOS_PAGO = ['pendiente', 'completado', 'fallido', 'reembolsado'] as const;
/**
 * Created pendiente, or completado for money already received; then only forward. Reembolsado
 * is no step a write may take: only the reembolsar action gets there, with an amount and a reason.
 */
const transiciones = {
  iniciales: ['pendiente', 'completado'],
  siguientes: { pendiente: ['completado', 'fallido'], completado: [], fallido: [], reembolsado: [] } as Record<string, readonly string[]>,
};

type Row = Record<string, any>;


/** Money that moved (completado, reembolsado) or an invoice: what the books already hold. */
const esContable = (pago: Row) => pago.estado === 'completado' || pago.estado === 'reembolsado' || pago.facturaId != null;

export default defineResource({
  name: 'pagos',
  model: 'Pago',
  labels: { singular: 'pago', plural: 'pagos', genero: 'm' },
  fields: {
    usuarioId: { label: 'Usuario', type: 'integer', required: true, references: 'usuarios' },
    cursoId: { label: 'Curso', type: 'integer', references: 'cursos' },
    // The server's alone (facturar, a rectificativa): a client that could clear it could invoice
    // the same money twice, its IVA declared twice. Refused on every route.
    facturaId: { label: 'Factura', type: 'integer', references: 'facturas', readOnly: true },
    importe: { label: 'Importe', type: 'integer', required: true, exclusiveMinimum: 0, money: true },
    moneda: { ...moneda, label: 'Moneda' },
    metodo: { label: 'Método', enumLabels: { tarjeta: 'Tarjeta', paypal: 'PayPal', bizum: 'Bizum', transferencia: 'Transferencia', efectivo: 'Efectivo' }, type: 'string', required: true, enum: ['tarjeta', 'paypal', 'bizum', 'transferencia', 'efectivo'] },
    estado: { label: 'Estado', enumLabels: { pendiente: 'Pendiente', completado: 'Completado', fallido: 'Fallido', reembolsado: 'Reembolsado' }, type: 'string', enum: ESTADOS_PAGO, default: 'pendiente', transiciones },
    referencia: { label: 'Referencia', type: 'string', maxLength: 120, indiceTrigramas: true },
    fecha: { label: 'Fecha', type: 'date-time', required: true },
    // When it was refunded whole: set by the refund that left nothing to refund.
    fechaReembolso: { label: 'Fecha de reembolso', type: 'date-time', readOnly: true },
    // How much has gone back so far, céntimos: the sum of its reembolsos.
    importeReembolsado: { label: 'Importe reembolsado', type: 'integer', readOnly: true, money: true, minimum: 0, default: 0 },
    notas: { label: 'Notas', type: 'string', maxLength: 10000, indiceTrigramas: true },
    // The gateway that took the money (`extracto`: a bank transfer a statement proved, §21; none: a person recorded it), and a charge the customer disputed with their bank.
    pasarela: { label: 'Pasarela', type: 'string', readOnly: true, enum: ['stripe', 'redsys', 'extracto'], enumLabels: { stripe: 'Stripe', redsys: 'Redsys', extracto: 'Extracto bancario' } },
    enDisputa: { label: 'En disputa', type: 'boolean', readOnly: true, default: false, serverDefault: true },
    // The API token that opened it (the shop's), which alone reads it back.
    tokenId: { label: 'Token de API', type: 'integer', readOnly: true, references: 'tokens' },
    // The canje of a cupón this pago spends (one pago per canje), and what it took from it: the
    // cupón and the discount (céntimos; the importe is the price less it). §23.
    canjeId: { label: 'Canje', type: 'integer', references: 'canjes', unique: true },
    cuponId: { label: 'Cupón', type: 'integer', readOnly: true, references: 'cupones' },
    descuento: { label: 'Descuento', type: 'integer', readOnly: true, money: true, minimum: 0, default: 0, serverDefault: true },
  },
  relations: {
    usuario: { type: 'belongsTo', target: 'usuarios', foreignKey: 'usuarioId' },
    curso: { type: 'belongsTo', target: 'cursos', foreignKey: 'cursoId' },
    factura: { type: 'belongsTo', target: 'facturas', foreignKey: 'facturaId' },
    reembolsos: { type: 'hasMany', target: 'reembolsos', foreignKey: 'pagoId', nested: true },
  },
  // A pago is looked for by who paid and for what as much as by its reference.
  searchFields: ['referencia', 'notas', 'usuario.nombre', 'usuario.apellidos', 'usuario.email', 'curso.titulo'],
  // As the admin names a pago: its reference, or its number.
  nombre: NOMBRE_PAGO,
  // Money: the contable handles it; an editor never sees it.
  // The shop (an API token) opens a pago pendiente for a sale and reads back only its own.
  acceso: {
    contable: { leer: true, escribir: true },
    tienda: { leer: 'propios', escribir: 'crear', campos: ['id', 'usuarioId', 'cursoId', 'importe', 'moneda', 'metodo', 'estado', 'referencia', 'fecha', 'canjeId', 'cuponId', 'descuento', 'createdAt', 'updatedAt', 'version'] },
  },
  propioToken: 'tokenId',
  async beforeWrite(data, { existing, servidor, actor, escritor }) {
    if (!existing) {
      const estado = data.estado ?? 'pendiente';
      if (!transiciones.iniciales.includes(String(estado))) throw validationFailed([{ path: '/estado', code: 'estado', message: mensajes.pagos.estadoInicial }]);
      // The shop says a sale began; that money arrived, only its gateway (or a person) may say.
      if (actor.rol === 'tienda' && estado !== 'pendiente') throw validationFailed([{ path: '/estado', code: 'estado', message: mensajes.pagos.tiendaPendiente }]);
      // With a cupón: the canje says the curso, the importe (price less discount) and the discount.
      const conCanje = data.canjeId != null ? await checkCanjeDePago(escritor.db, data, actor.tokenId) : servidor ? data : { ...data, cuponId: null, descuento: 0 };
      return actor.tokenId === undefined ? conCanje : { ...conCanje, tokenId: actor.tokenId };
    }
    const de = String(existing.estado);
    const a = data.estado === undefined ? de : String(data.estado);
    // A refund needs its amount and its reason, which a change of estado cannot carry: only the
    // reembolsar action (the server) gets a pago there.
    if (de === 'completado' && a === 'reembolsado') {
      if (servidor) return data;
      throw conflict(mensajes.pagos.reembolsoPorAccion(Number(existing.id)));
    }
    // A payment that failed at its gateway and was then retried there (another card, the same
    // PaymentIntent) did come in: only the gateway's notification, the server's, says so.
    if (servidor && de === 'fallido' && a === 'completado') return data;
    if (a !== de && !transiciones.siguientes[de]?.includes(a)) throw conflict(mensajes.pagos.transicion(de, a));
    if ('importe' in data && Number(data.importe) !== Number(existing.importe) && de !== 'pendiente') throw conflict(mensajes.pagos.importeFijo(de));
    return data;
  },
  // An accounting record is never deleted, by any route or role: its invoice would stay with no
  // pago and past revenue would change. A mistaken one is undone by a refund or a rectificativa;
  // only a pago that moved nothing (pendiente, fallido) and has no invoice may go.
  async beforeDelete(id, trx) {
    const pago = (await trx('pagos').where('id', id).first('id', 'estado', 'facturaId', 'referencia')) as Row;
    if (!esContable(pago)) return;
    const factura = pago.facturaId ? ((await trx('facturas').where('id', pago.facturaId).first('id', 'serie', 'numero')) as Row) : null;
    throw conflict(mensajes.pagos.noBorrable(nombrePago(pago), pago.estado, factura && nombreFactura(factura)));
  },
  // What a pago's money means for access (docs/arquitectura.md §22), whoever changed it: completed
  // (by a person, a gateway or a statement), it grants or extends its curso's matrícula; refunded
  // whole, it revokes the one it bought (REVOCAR_AL_REEMBOLSAR); disputed, it flags it.
  async afterWrite(pago, antes, { escritor, matriculas }) {
    const ahora = pago.estado;
    const era = antes?.estado;
    if (ahora === 'completado' && era !== 'completado' && pago.cursoId != null) {
      await grantMatricula(escritor, { usuarioId: Number(pago.usuarioId), cursoId: Number(pago.cursoId), origen: 'pago', pagoId: Number(pago.id), siYaActiva: 'extender' });
      return;
    }
    if (ahora === 'reembolsado' && era !== 'reembolsado' && matriculas.revocarAlReembolsar) {
      const matricula = await matriculaDePago(escritor.db, Number(pago.id));
      if (matricula) await revokeMatricula(escritor, Number(matricula.id), mensajes.matriculas.porReembolso(nombrePago(pago)), { accion: 'revocarPorReembolso' });
      return;
    }
    if (pago.enDisputa && !antes?.enDisputa) {
      const matricula = await matriculaDePago(escritor.db, Number(pago.id));
      if (matricula && !matricula.enDisputa) await escritor.update('matriculas', Number(matricula.id), { enDisputa: true }, { accion: 'disputa' });
    }
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
      async run(id, body, ctx) {
        const { row: pago, db } = ctx;
        if (pago.estado !== 'completado') throw conflict(mensajes.pagos.noFacturable(pago.estado));
        if (pago.facturaId) {
          const actual = (await db('facturas').where('id', pago.facturaId).first('serie', 'numero', 'estado', 'id')) as Row;
          if (actual.estado !== 'anulada') throw conflict(mensajes.pagos.yaFacturado(nombreFactura(actual)));
        }
        const facturaId = await facturarPago(ctx, pago, body, ctx.facturacion);
        await ctx.update('pagos', id, { facturaId });
        return ctx.findById('facturas', facturaId);
      },
    },
    reembolsar: {
      method: 'POST',
      path: 'reembolsar',
      summary: mensajes.pagos.resumenReembolsar,
      body: {
        title: 'Reembolsar',
        type: 'object',
        required: ['motivo'],
        additionalProperties: false,
        properties: {
          importe: { type: 'integer', minimum: -INT_MAX, maximum: INT_MAX, description: 'Céntimos que se devuelven, más de 0 y no más de lo que queda por reembolsar; sin él, todo lo que queda' },
          motivo: { type: 'string', minLength: 1, maxLength: 500, description: 'Por qué se devuelve, para la academia: queda en el reembolso y en el registro de actividad, y no se imprime' },
          descripcion: {
            type: 'string',
            minLength: 1,
            maxLength: 500,
            description: 'Lo que lee el cliente en la rectificativa (su motivo impreso); sin él, «Devolución de <importe> del importe pagado»',
          },
        },
      },
      returns: 'Reembolso',
      // The pago is locked for the transaction (runAction): two refunds at once are counted one
      // after the other, so together they never give back more than the pago brought in.
      async run(id, body: { importe?: number; motivo: string; descripcion?: string }, ctx) {
        // Money a gateway took goes back through it: recorded only once the gateway accepts it.
        const { pasarelas, row } = ctx;
        const enPasarela =
          row.pasarela === 'stripe'
            ? (importe: number) => refundAtStripe(pasarelas.stripe, row, importe)
            : row.pasarela === 'redsys'
              ? (importe: number) => refundAtRedsys(pasarelas.redsys, row, importe)
              : undefined;
        const reembolsoId = await refundPago(ctx, ctx.row, { ...body, loginId: ctx.actor.loginId }, ctx.facturacion, enPasarela);
        return ctx.findById('reembolsos', reembolsoId);
      },
    },
  },
});
