// A refund started in Aula of a pago Stripe took is sent to Stripe's Refund API first, with
// Stripe's own package, and recorded only once Stripe accepts it (docs/arquitectura.md §20). It is
// asked inside the refund's transaction, the pago locked, so two refunds of one pago cannot pass
// each other; the price is that the call (STRIPE_TIMEOUT_MS at most) holds that lock. The
// idempotency key is the pago's state before the refund and the amount: a person who retries the
// same refund after a lost answer gets Stripe's same refund back, never a second one.
import Stripe from 'stripe';
import type { Config } from '../../config/index.js';
import { conflict, HttpError } from '../../base/errors.js';
import { mensajes } from '../../mensajes.js';

type Row = Record<string, any>;

/** The client, by configuration (one per key and address: a process keeps its connections). */
const clientes = new Map<string, Stripe>();

function clientOf(c: Config['pasarelas']['stripe']): Stripe {
  const clave = `${c.apiKey}@${c.apiUrl?.href ?? ''}@${c.timeoutMs}`;
  let cliente = clientes.get(clave);
  if (!cliente) {
    const url = c.apiUrl;
    cliente = new Stripe(c.apiKey!, {
      timeout: c.timeoutMs,
      // Aula retries nothing on its own: the person sees the answer and decides (the key makes it safe).
      maxNetworkRetries: 0,
      ...(url ? { host: url.hostname, port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)), protocol: url.protocol.replace(':', '') as 'http' | 'https' } : {}),
    });
    clientes.set(clave, cliente);
  }
  return cliente;
}

/** Sends the refund of `importe` céntimos of `pago` to Stripe; answers the refund's id (`re_…`). */
export async function refundAtStripe(c: Config['pasarelas']['stripe'], pago: Row, importe: number): Promise<string> {
  if (!c.apiKey) throw conflict(mensajes.pagos.stripeSinClave);
  try {
    const reembolso = await clientOf(c).refunds.create(
      { payment_intent: String(pago.referencia), amount: importe, metadata: { aula_pago: String(pago.id) } },
      { idempotencyKey: `aula-pago-${pago.id}-devuelto-${Number(pago.importeReembolsado ?? 0)}-importe-${importe}` },
    );
    if (reembolso.status === 'failed' || reembolso.status === 'canceled') throw new HttpError(502, mensajes.pagos.stripeRechaza(mensajes.pagos.stripeEstado(reembolso.status)), 'BAD_GATEWAY');
    return reembolso.id;
  } catch (err) {
    if (err instanceof HttpError) throw err;
    // No answer (a timeout, a connection lost): whether Stripe refunded is unknown; the same
    // refund asked again carries the same key, so it cannot be made twice.
    if (err instanceof Stripe.errors.StripeConnectionError) throw new HttpError(504, mensajes.pagos.stripeSinRespuesta, 'GATEWAY_TIMEOUT');
    if (err instanceof Stripe.errors.StripeError) throw new HttpError(502, mensajes.pagos.stripeRechaza(err.message), 'BAD_GATEWAY');
    throw err;
  }
}
