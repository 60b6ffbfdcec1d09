// What each Stripe event does to Aula's pagos (docs/arquitectura.md §20), inside receive()'s
// transaction. Any order ends where the order Stripe meant ends: a refund that arrives before its
// payment's success completes the pago first (the charge proves the money came in), a failure
// that arrives after the success changes nothing, a success seen twice (the Checkout session's
// and its PaymentIntent's) completes the pago once.
import type { Escritor } from '../base/types.js';
import { mensajes } from '../mensajes.js';
import { refundPago } from '../resources/pagos/reembolso.js';
import usuarios from '../resources/usuarios.js';
import { whereUnique } from '../rest/comprobaciones.js';
import { failPago, findPagoByReferencia as pagoDe, invoiceCompleted, type OpcionesCobro } from './cobro.js';
import type { Resultado } from './recibir.js';

type Obj = Record<string, any>;
type Row = Record<string, any>;

export type OpcionesStripe = OpcionesCobro;

/** The PaymentIntent an object belongs to (a session, a charge, a dispute: an id or the expanded object). */
export const paymentIntentDe = (o: Obj): string | null => (typeof o.payment_intent === 'string' ? o.payment_intent : (o.payment_intent?.id ?? null));

/** The payment reference an event is about: what serializes and matches its pago. */
export function referenciaDe(tipo: string, o: Obj): string | null {
  if (tipo.startsWith('payment_intent.')) return o.id ?? null;
  return paymentIntentDe(o) ?? (tipo.startsWith('charge.') && !tipo.startsWith('charge.dispute') ? (o.id ?? null) : null);
}

/** What the money received says of itself: enough to find or create its pago. */
interface Cobro {
  referencia: string;
  importe: number;
  moneda: string;
  fecha: Date;
  email: string | null;
  nombre: string | null;
  metadata: Obj;
}

const fechaDe = (segundos: unknown) => (typeof segundos === 'number' ? new Date(segundos * 1000) : new Date());

export async function applyStripe(w: Escritor, tipo: string, o: Obj, creado: number, opciones: OpcionesStripe): Promise<Resultado> {
  switch (tipo) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      if (o.payment_status !== 'paid') return { estado: 'ignorada', motivo: mensajes.pasarelas.sesionSinCobrar };
      const referencia = paymentIntentDe(o) ?? o.id;
      return complete(w, { referencia, importe: Number(o.amount_total), moneda: String(o.currency), fecha: fechaDe(creado), email: o.customer_details?.email ?? o.customer_email ?? null, nombre: o.customer_details?.name ?? null, metadata: o.metadata ?? {} }, opciones);
    }
    case 'payment_intent.succeeded':
      return complete(w, { referencia: o.id, importe: Number(o.amount_received ?? o.amount), moneda: String(o.currency), fecha: fechaDe(creado), email: o.receipt_email ?? null, nombre: null, metadata: o.metadata ?? {} }, opciones);
    case 'payment_intent.payment_failed':
      return failPago(w, await pagoDe(w, o.id), mensajes.pasarelas.fallido(o.last_payment_error?.message ?? null));
    case 'charge.refunded':
      return refund(w, o, creado, opciones);
    case 'charge.dispute.created':
      return dispute(w, o);
    default:
      return { estado: 'ignorada', motivo: mensajes.pasarelas.tipoDesconocido };
  }
}

/** The usuario the money is from: the shop's id in the metadata, else the customer's email (added if new). */
async function usuarioDe(w: Escritor, c: Cobro): Promise<number | null> {
  const id = Number(c.metadata.aula_usuario);
  if (Number.isInteger(id) && id > 0 && (await w.db('usuarios').where('id', id).first('id'))) return id;
  const email = c.email?.trim().toLowerCase();
  if (!email) return null;
  const existente = await whereUnique(w.db('usuarios'), usuarios, { email }).first('id');
  if (existente) return Number(existente.id);
  const nombre = c.nombre?.trim() || mensajes.pasarelas.clienteSinNombre;
  return w.create('usuarios', { nombre: nombre.slice(0, 80), email });
}

async function cursoDe(w: Escritor, metadata: Obj): Promise<number | null> {
  const id = Number(metadata.aula_curso);
  if (!Number.isInteger(id) || id <= 0) return null;
  return (await w.db('cursos').where('id', id).first('id')) ? id : null;
}

/** Money arrived: the shop's pending pago (or a failed one retried) is completed, or a new one made; invoiced if so configured. */
async function complete(w: Escritor, c: Cobro, opciones: OpcionesStripe): Promise<Resultado> {
  const moneda = c.moneda.toUpperCase();
  let pago = await pagoDe(w, c.referencia);
  if (pago && (pago.estado === 'completado' || pago.estado === 'reembolsado')) return { estado: 'procesada', motivo: mensajes.pasarelas.yaCompletado, pagoId: Number(pago.id) };
  const nuevo = !pago;
  if (pago) {
    pago = await w.update('pagos', Number(pago.id), { estado: 'completado', importe: c.importe, moneda, fecha: c.fecha.toISOString(), pasarela: 'stripe' });
  } else {
    const usuarioId = await usuarioDe(w, c);
    if (usuarioId === null) return { estado: 'rechazada', motivo: mensajes.pasarelas.sinUsuario };
    const id = await w.create('pagos', {
      usuarioId,
      cursoId: await cursoDe(w, c.metadata),
      importe: c.importe,
      moneda,
      metodo: 'tarjeta',
      estado: 'completado',
      referencia: c.referencia,
      fecha: c.fecha.toISOString(),
      pasarela: 'stripe',
    });
    pago = await w.lock('pagos', id);
  }
  const motivo = await invoiceCompleted(w, pago!, opciones, nuevo ? mensajes.pasarelas.creado : mensajes.pasarelas.completado);
  return { estado: 'procesada', motivo, pagoId: Number(pago!.id) };
}

/**
 * Money went back. Each refund Stripe lists that Aula has not recorded (by its id) is recorded,
 * never beyond what Stripe says went back in all (`amount_refunded`): a refund a person already
 * recorded in Aula by hand is not counted twice. Without the list (Stripe's API versions since
 * 2022 leave it out unless expanded), what is missing of that total is one refund.
 */
async function refund(w: Escritor, charge: Obj, creado: number, opciones: OpcionesStripe): Promise<Resultado> {
  const referencia = paymentIntentDe(charge) ?? charge.id;
  let pago = await pagoDe(w, referencia);
  if (!pago || pago.estado === 'pendiente' || pago.estado === 'fallido') {
    // Before its success: the charge says the money came in, so the pago is completed first.
    const cobro = await complete(
      w,
      { referencia, importe: Number(charge.amount), moneda: String(charge.currency), fecha: fechaDe(charge.created ?? creado), email: charge.billing_details?.email ?? charge.receipt_email ?? null, nombre: charge.billing_details?.name ?? null, metadata: charge.metadata ?? {} },
      opciones,
    );
    if (cobro.estado !== 'procesada') return cobro;
    pago = await w.lock('pagos', cobro.pagoId!);
  }
  const pagoId = Number(pago.id);
  const total = Number(charge.amount_refunded ?? 0);
  const lista: Obj[] = (charge.refunds?.data ?? []).filter((r: Obj) => r.status === 'succeeded' || r.status === undefined).sort((a: Obj, b: Obj) => (a.created ?? 0) - (b.created ?? 0));
  const porRegistrar = lista.length ? lista : total > 0 ? [{ id: `${charge.id}:${total}`, amount: total, created: creado, reason: null }] : [];
  let hechos = 0;
  for (const r of porRegistrar) {
    if (await w.db('reembolsos').where('referencia', r.id).first('id')) continue;
    const actual = await w.lock('pagos', pagoId);
    const importe = Math.min(Number(r.amount), total - Number(actual.importeReembolsado ?? 0));
    if (importe <= 0 || actual.estado !== 'completado') continue;
    await refundPago(w, actual, { importe, motivo: mensajes.pasarelas.motivoReembolso(r.reason ?? null), referencia: r.id, fecha: fechaDe(r.created ?? creado), loginId: null }, opciones.facturacion);
    hechos++;
  }
  return { estado: 'procesada', motivo: mensajes.pasarelas.reembolsos(hechos), pagoId };
}

async function dispute(w: Escritor, disputa: Obj): Promise<Resultado> {
  const pago = await pagoDe(w, paymentIntentDe(disputa));
  if (!pago) return { estado: 'ignorada', motivo: mensajes.pasarelas.sinPago };
  if (!pago.enDisputa) await w.update('pagos', Number(pago.id), { enDisputa: true });
  return { estado: 'procesada', motivo: mensajes.pasarelas.disputa(disputa.reason ?? null), pagoId: Number(pago.id) };
}
