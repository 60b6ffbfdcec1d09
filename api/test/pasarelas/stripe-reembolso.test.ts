// A refund started in Aula of a pago Stripe took (issue 32, point 2): sent to Stripe's Refund API
// with Stripe's own package, pointed at a local stand-in shaped like Stripe's documentation
// (POST /v1/refunds, form-encoded, Bearer key, Idempotency-Key, its error envelope), and recorded
// only once Stripe accepts it; its later charge.refunded does not count it twice.
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { startDoble, type DobleHttp } from '../support/doble-http.js';

const SECRETO = 'whsec_pruebas_reembolsos_aula';
const CLAVE = 'sk_test_aula_1234567890';

/** What the stand-in does with the next refunds: answer, refuse as Stripe does, or never answer. */
let modo: 'acepta' | 'rechaza' | 'calla' = 'acepta';
const recibidas: { auth?: string; idempotencia?: string; cuerpo: URLSearchParams }[] = [];
const porClave = new Map<string, Record<string, unknown>>();
let servidor: DobleHttp;
let t: TestApp;
let n = 0;

beforeAll(async () => {
  servidor = await startDoble((req, res, texto) => {
    const cuerpo = new URLSearchParams(texto);
    if (req.method !== 'POST' || req.url !== '/v1/refunds') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${req.url}).` } }));
      return;
    }
    const idempotencia = req.headers['idempotency-key'] as string | undefined;
    recibidas.push({ auth: req.headers.authorization, idempotencia, cuerpo });
    if (modo === 'calla') return; // never answers: the client's timeout decides
    if (modo === 'rechaza') {
      res.writeHead(400, { 'content-type': 'application/json', 'request-id': 'req_rechazo' });
      res.end(JSON.stringify({ error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: `Charge for ${cuerpo.get('payment_intent')} has already been refunded.` } }));
      return;
    }
    // Stripe answers a repeated key with the first answer, never a second refund.
    const refund = (idempotencia && porClave.get(idempotencia)) ?? { id: `re_sim_${++n}`, object: 'refund', amount: Number(cuerpo.get('amount')), currency: 'eur', payment_intent: cuerpo.get('payment_intent'), status: 'succeeded', created: Math.floor(Date.now() / 1000), metadata: { aula_pago: cuerpo.get('metadata[aula_pago]') } };
    if (idempotencia) porClave.set(idempotencia, refund as Record<string, unknown>);
    res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${n}` }).end(JSON.stringify(refund));
  });
  t = await createTestApp({ STRIPE_WEBHOOK_SECRET: SECRETO, STRIPE_API_KEY: CLAVE, STRIPE_API_URL: servidor.url, STRIPE_TIMEOUT_MS: '300' });
});
afterAll(async () => {
  await t.destroy();
  await servidor.close();
});
beforeEach(() => {
  modo = 'acepta';
  recibidas.length = 0;
});

async function deliver(type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({ id: `evt_${type}_${++n}`, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });
  const res = await t.app.inject({ method: 'POST', url: '/pasarelas/stripe', payload, headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRETO }) } });
  expect(res.statusCode).toBe(200);
}

/** A pago Stripe took, as its notification leaves it. */
async function pagoStripe(pi: string, importe = 6000) {
  await deliver('payment_intent.succeeded', { id: pi, object: 'payment_intent', amount: importe, amount_received: importe, currency: 'eur', receipt_email: `${pi}@example.com`, metadata: {} });
  return t.db('pagos').where('referencia', pi).first();
}

describe('refunding in Aula a pago Stripe took', () => {
  it('goes to Stripe first, with the key and an idempotency key, and is recorded with Stripe’s id; its charge.refunded then adds nothing', async () => {
    const pago = await pagoStripe('pi_aula_1');
    const res = await t.call('POST', `/pagos/${pago.id}/reembolsar`, { importe: 1500, motivo: 'Se dio de baja a tiempo' });
    expect(res.status).toBe(200);
    expect(recibidas).toHaveLength(1);
    expect(recibidas[0].auth).toBe(`Bearer ${CLAVE}`);
    expect(recibidas[0].idempotencia).toBe(`aula-pago-${pago.id}-devuelto-0-importe-1500`);
    expect(Object.fromEntries(recibidas[0].cuerpo)).toMatchObject({ payment_intent: 'pi_aula_1', amount: '1500', 'metadata[aula_pago]': String(pago.id) });
    expect(res.body).toMatchObject({ importe: 1500, referencia: expect.stringMatching(/^re_sim_/) });
    expect(res.body.facturaId).toEqual(expect.any(Number));
    // Stripe then announces the charge refunded with that refund: already recorded.
    await deliver('charge.refunded', { id: 'ch_aula_1', object: 'charge', payment_intent: 'pi_aula_1', amount: 6000, amount_refunded: 1500, currency: 'eur', refunds: { data: [{ id: res.body.referencia, amount: 1500, status: 'succeeded', created: 1 }] } });
    expect(await t.db('reembolsos').where('pagoId', pago.id)).toHaveLength(1);
    expect(await t.db('pagos').where('id', pago.id).first()).toMatchObject({ importeReembolsado: 1500, estado: 'completado' });
  });

  it('refused by Stripe: 502 with its reason, nothing recorded', async () => {
    const pago = await pagoStripe('pi_aula_2');
    modo = 'rechaza';
    const res = await t.call('POST', `/pagos/${pago.id}/reembolsar`, { motivo: 'Duplicado' });
    expect(res.status).toBe(502);
    expect(res.body.error.message).toBe('Stripe no aceptó el reembolso: Charge for pi_aula_2 has already been refunded. No se ha registrado nada');
    expect(await t.db('reembolsos').where('pagoId', pago.id)).toEqual([]);
    expect(await t.db('pagos').where('id', pago.id).first()).toMatchObject({ importeReembolsado: 0, estado: 'completado' });
  });

  it('unanswered: 504, nothing recorded; asked again, Stripe’s same refund is recorded once', async () => {
    const pago = await pagoStripe('pi_aula_3');
    modo = 'calla';
    const res = await t.call('POST', `/pagos/${pago.id}/reembolsar`, { importe: 2000, motivo: 'Error de cobro' });
    expect(res.status).toBe(504);
    expect(res.body.error.message).toMatch(/^Stripe no respondió a tiempo/);
    expect(await t.db('reembolsos').where('pagoId', pago.id)).toEqual([]);
    // Stripe did refund (it got the call); asked again with the same amount, the same key.
    const primeraClave = recibidas[0].idempotencia!;
    porClave.set(primeraClave, { id: 're_sim_callado', object: 'refund', amount: 2000, currency: 'eur', payment_intent: 'pi_aula_3', status: 'succeeded', created: 1 });
    modo = 'acepta';
    const otra = await t.call('POST', `/pagos/${pago.id}/reembolsar`, { importe: 2000, motivo: 'Error de cobro' });
    expect(otra.status).toBe(200);
    expect(recibidas[1].idempotencia).toBe(primeraClave);
    expect(otra.body.referencia).toBe('re_sim_callado');
    expect(await t.db('pagos').where('id', pago.id).first()).toMatchObject({ importeReembolsado: 2000 });
  });

  it('an amount beyond what is left is refused before Stripe is asked', async () => {
    const pago = await pagoStripe('pi_aula_4', 1000);
    const res = await t.call('POST', `/pagos/${pago.id}/reembolsar`, { importe: 5000, motivo: 'Demasiado' });
    expect(res.status).toBe(422);
    expect(recibidas).toEqual([]);
  });

  it('a pago a person recorded is refunded in Aula alone', async () => {
    const u = await t.call('POST', '/usuarios', { nombre: 'Efectivo', email: 'efectivo@example.com' });
    const p = await t.call('POST', '/pagos', { usuarioId: u.body.id, importe: 3000, metodo: 'efectivo', estado: 'completado', fecha: new Date().toISOString() });
    expect((await t.call('POST', `/pagos/${p.body.id}/reembolsar`, { motivo: 'Devuelto en mano' })).status).toBe(200);
    expect(recibidas).toEqual([]);
  });
});

describe('without STRIPE_API_KEY', () => {
  it('a pago Stripe took is not refunded in Aula alone: 409, go to Stripe', async () => {
    const otra = await createTestApp({ STRIPE_WEBHOOK_SECRET: SECRETO });
    try {
      const payload = JSON.stringify({ id: 'evt_sin_clave', object: 'event', type: 'payment_intent.succeeded', created: Math.floor(Date.now() / 1000), data: { object: { id: 'pi_sin_clave', amount_received: 900, currency: 'eur', receipt_email: 'sinclave@example.com', metadata: {} } } });
      await otra.app.inject({ method: 'POST', url: '/pasarelas/stripe', payload, headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRETO }) } });
      const pago = await otra.db('pagos').where('referencia', 'pi_sin_clave').first();
      const res = await otra.call('POST', `/pagos/${pago.id}/reembolsar`, { motivo: 'Baja' });
      expect(res.status).toBe(409);
      expect(res.body.error.message).toMatch(/no tiene STRIPE_API_KEY: devuélvelo desde el panel de Stripe/);
      expect(await otra.db('reembolsos').where('pagoId', pago.id)).toEqual([]);
    } finally {
      await otra.destroy();
    }
  });
});
