// Confirming a statement (docs/arquitectura.md §21): the pagos the contable chose for its credit
// movements are completed, dated by the movement, marked as coming from a statement
// (`pasarela: 'extracto'`) and, with FACTURAR_AL_COBRAR, invoiced, all in the action's one
// transaction. Every pago is locked and checked first (still pending, by transferencia, the same
// amount and currency): one that fails refuses the whole confirmation, nothing applied. A movement
// already applied (by this statement or by an overlapping one) is skipped and said so: confirming
// twice changes nothing.
import { conflict, validationFailed, type ErrorDetail } from '../../base/errors.js';
import { inicioDelDia } from '../../base/tiempo.js';
import { isPg } from '../../db/index.js';
import type { ActionContext } from '../../base/types.js';
import { mensajes } from '../../mensajes.js';
import { invoiceIfDue } from '../pagos/cobro.js';
import { nombrePago } from '../pagos/nombre.js';

type Row = Record<string, any>;

export interface Confirmacion {
  extracto: Record<string, unknown>;
  aplicados: { id: number; linea: number; pagoId: number; facturaId: number | null; sinFactura: string | null }[];
  saltados: { id: number; linea: number; motivo: string }[];
}

export async function applyExtracto(ctx: ActionContext, seleccion: { id: number; pagoId: number }[], { facturarAlCobrar }: { facturarAlCobrar: boolean }): Promise<Confirmacion> {
  const extracto = ctx.row;
  const extractoId = Number(extracto.id);
  // One reconciliation at a time, imports included (importacion.ts takes the same lock): two
  // overlapping statements confirmed at once must not both apply the same bank movement, which
  // each would look for in the other's uncommitted rows. SQLite writes one transaction at a time.
  if (isPg(ctx.db)) await ctx.db.raw('SELECT pg_advisory_xact_lock(hashtext(?))', ['aula:extractos']);
  const errores: ErrorDetail[] = [];
  const detalle = (i: number, campo: string, message: string) => errores.push({ path: `/movimientos/${i}/${campo}`, code: 'conciliacion', message });

  // The body first: each movement once, each pago once, every movement this statement's.
  const vistos = new Set<number>();
  const pagosVistos = new Set<number>();
  const movimientos = new Map<number, Row>();
  const ids = seleccion.map((s) => s.id);
  for (const m of ids.length ? ((await ctx.db('movimientos').whereIn('id', ids)) as Row[]) : []) movimientos.set(Number(m.id), m);
  seleccion.forEach((s, i) => {
    if (vistos.has(s.id)) detalle(i, 'id', mensajes.extractos.movimientoRepetido(s.id));
    if (pagosVistos.has(s.pagoId)) detalle(i, 'pagoId', mensajes.extractos.pagoRepetido(`#${s.pagoId}`));
    vistos.add(s.id);
    pagosVistos.add(s.pagoId);
    const m = movimientos.get(s.id);
    if (!m || Number(m.extractoId) !== extractoId) detalle(i, 'id', mensajes.extractos.noEsDelExtracto(s.id));
    else if (Number(m.importe) <= 0) detalle(i, 'id', mensajes.extractos.esCargo(Number(m.linea)));
  });
  if (errores.length) throw validationFailed(errores);

  // In the file's order, so the answer reads as the statement does.
  const orden = seleccion.map((s, i) => ({ ...s, i, mov: movimientos.get(s.id)! })).sort((a, b) => Number(a.mov.linea) - Number(b.mov.linea));
  const saltados: Confirmacion['saltados'] = [];
  const pendientes: { i: number; mov: Row; pago: Row }[] = [];
  // What the loop asks of every movement, read once: the same movements applied by an
  // overlapping statement, and which of the chosen pagos exist.
  const porAplicar = orden.filter(({ mov }) => mov.estado !== 'aplicado');
  const gemelos = new Map<string, number>();
  const claves = porAplicar.map(({ mov }) => String(mov.clave));
  for (const g of claves.length ? ((await ctx.db('movimientos').whereIn('clave', claves).where('estado', 'aplicado').whereNot('extractoId', extractoId).select('clave', 'extractoId')) as Row[]) : []) {
    gemelos.set(String(g.clave), Number(g.extractoId));
  }
  const pagoIds = porAplicar.map(({ pagoId }) => pagoId);
  const existen = new Set(pagoIds.length ? ((await ctx.db('pagos').whereIn('id', pagoIds).pluck('id')) as unknown[]).map(Number) : []);
  for (const { i, mov, pagoId } of orden) {
    const linea = Number(mov.linea);
    if (mov.estado === 'aplicado') {
      saltados.push({ id: Number(mov.id), linea, motivo: mensajes.extractos.saltado(linea, String(mov.motivo ?? '')) });
      continue;
    }
    // The same movement in an overlapping statement, applied there: its money is already counted.
    const gemelo = gemelos.get(String(mov.clave));
    if (gemelo != null) {
      const motivo = mensajes.extractos.yaAplicadoAntes(gemelo);
      if (mov.estado !== 'yaAplicado') await ctx.update('movimientos', Number(mov.id), { estado: 'yaAplicado', motivo, pagoPropuestoId: null });
      saltados.push({ id: Number(mov.id), linea, motivo: mensajes.extractos.saltado(linea, motivo) });
      continue;
    }
    if (!existen.has(pagoId)) {
      detalle(i, 'pagoId', mensajes.extractos.pagoNoExiste(pagoId));
      continue;
    }
    const pago = await ctx.lock('pagos', pagoId);
    const nombre = nombrePago(pago);
    if (pago.estado !== 'pendiente') detalle(i, 'pagoId', mensajes.extractos.pagoNoPendiente(linea, nombre, String(pago.estado)));
    else if (pago.metodo !== 'transferencia') detalle(i, 'pagoId', mensajes.extractos.pagoNoTransferencia(linea, nombre, String(pago.metodo)));
    else if (String(pago.moneda) !== String(mov.moneda)) detalle(i, 'pagoId', mensajes.extractos.monedaDistinta(linea, nombre, String(pago.moneda), String(mov.moneda)));
    else if (Number(pago.importe) !== Number(mov.importe)) detalle(i, 'pagoId', mensajes.extractos.importeDistinto(linea, nombre, Number(pago.importe), Number(mov.importe)));
    else pendientes.push({ i, mov, pago });
  }
  // One pago that no longer fits refuses the whole confirmation: the contable reviews and sends again.
  if (errores.length) throw conflict(errores.map((e) => e.message).join('; '), errores);

  const aplicados: Confirmacion['aplicados'] = [];
  for (const { mov, pago } of pendientes) {
    const fecha = inicioDelDia(String(mov.fechaValor), ctx.facturacion.timeZone);
    let actual = await ctx.update('pagos', Number(pago.id), { estado: 'completado', fecha, pasarela: 'extracto' });
    // As a gateway's payment (FACTURAR_AL_COBRAR, resources/pagos/cobro.ts): issued now, its
    // operation dated by the payment; an invoice that cannot be issued yet (over the simplified
    // limit without a NIF) does not stop the pago, and the movement says why.
    const facturado = await invoiceIfDue(ctx, actual, { facturacion: ctx.facturacion, facturarAlCobrar });
    const facturaId: number | null = facturado.facturaId ?? actual.facturaId ?? null;
    const sinFactura = facturado.sinFactura;
    if (facturado.facturaId != null) actual = { ...actual, facturaId: facturado.facturaId };
    const aplicado = mensajes.extractos.aplicado(nombrePago(actual), facturaId != null && pago.facturaId == null);
    await ctx.update('movimientos', Number(mov.id), {
      estado: 'aplicado',
      pagoId: Number(pago.id),
      motivo: (sinFactura ? mensajes.extractos.sinFactura(aplicado, sinFactura) : aplicado).slice(0, 1000),
    });
    aplicados.push({ id: Number(mov.id), linea: Number(mov.linea), pagoId: Number(pago.id), facturaId, sinFactura });
  }
  if (extracto.estado !== 'confirmado') {
    await ctx.update('extractos', extractoId, { estado: 'confirmado', confirmadoEn: new Date().toISOString() });
  }
  return { extracto: await ctx.findById('extractos', extractoId), aplicados, saltados };
}
