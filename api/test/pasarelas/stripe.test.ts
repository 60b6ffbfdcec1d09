// Stripe's webhook events (issue 32, point 2), signed exactly as Stripe signs them, with the
// official package's test header helper: what each event does to the pagos, once, in any order.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { tokenCon } from '../support/cuentas.js';

const SECRETO = 'whsec_pruebas_de_aula_1234567890';
let t: TestApp;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ STRIPE_WEBHOOK_SECRET: SECRETO });
});
afterAll(() => t.destroy());

type Obj = Record<string, unknown>;
const ahora = () => Math.floor(Date.now() / 1000);

/** An event as Stripe builds one: its id, type, creation time and the object it is about. */
const evento = (type: string, object: Obj, id = `evt_${++n}_${Math.random().toString(36).slice(2, 10)}`) => ({ id, object: 'event', api_version: '2025-01-27.acacia', created: ahora(), type, livemode: false, data: { object } });

/** Delivers it as Stripe does: the raw JSON with its Stripe-Signature (optionally signed otherwise). */
async function deliver(e: Obj, { secret = SECRETO, timestamp }: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(e);
  const firma = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  const res = await t.app.inject({ method: 'POST', url: '/pasarelas/stripe', payload, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': firma } });
  return { status: res.statusCode, body: res.json() };
}

const succeeded = (pi: string, amount: number, extra: Obj = {}) => evento('payment_intent.succeeded', { id: pi, object: 'payment_intent', amount, amount_received: amount, currency: 'eur', status: 'succeeded', metadata: {}, ...extra });
const refunded = (pi: string, amount: number, refunds: { id: string; amount: number }[], extra: Obj = {}) =>
  evento('charge.refunded', {
    id: `ch_${pi}`,
    object: 'charge',
    payment_intent: pi,
    amount,
    amount_refunded: refunds.reduce((s, r) => s + r.amount, 0),
    currency: 'eur',
    created: ahora(),
    billing_details: { email: `${pi.toLowerCase()}@example.com`, name: 'Cliente Stripe' },
    refunds: { object: 'list', data: refunds.map((r, i) => ({ id: r.id, object: 'refund', amount: r.amount, status: 'succeeded', created: ahora() + i, reason: 'requested_by_customer' })) },
    ...extra,
  });

const pagosDe = (referencia: string) => t.db('pagos').where({ referencia }).orderBy('id');
const notificaciones = (eventoId: string) => t.db('notificaciones').where({ eventoId });

describe('the signature', () => {
  it('a bad or stale one is a 400 and writes nothing', async () => {
    const e = succeeded('pi_firma', 1000, { receipt_email: 'firma@example.com' });
    const mala = await deliver(e, { secret: 'whsec_otro' });
    expect(mala.status).toBe(400);
    expect(mala.body.error.message).toBe('La firma del evento (Stripe-Signature) no es válida o ha caducado: no se ha leído ni cambiado nada');
    expect((await deliver(e, { timestamp: ahora() - 6 * 60 })).status).toBe(400);
    const sinFirma = await t.app.inject({ method: 'POST', url: '/pasarelas/stripe', payload: JSON.stringify(e), headers: { 'content-type': 'application/json' } });
    expect(sinFirma.statusCode).toBe(400);
    // A body changed after signing is not the one signed.
    const payload = JSON.stringify(e);
    const firma = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRETO });
    const cambiado = await t.app.inject({ method: 'POST', url: '/pasarelas/stripe', payload: payload.replace('1000', '1'), headers: { 'content-type': 'application/json', 'stripe-signature': firma } });
    expect(cambiado.statusCode).toBe(400);
    expect(await pagosDe('pi_firma')).toEqual([]);
    expect(await notificaciones(e.id)).toEqual([]);
    // Within its five minutes, the same event is good.
    expect((await deliver(e, { timestamp: ahora() - 4 * 60 })).status).toBe(200);
  });
});

describe('a payment', () => {
  it('completes the pago the shop opened, invoices it and is processed once however often it comes', async () => {
    const tienda = await tokenCon(t, 'tienda', 'Tienda Stripe');
    const usuario = await tienda.call('POST', '/usuarios', { nombre: 'Inés', apellidos: 'Roca', email: 'ines@example.com' });
    const abierto = await tienda.call('POST', '/pagos', { usuarioId: usuario.body.id, importe: 4900, metodo: 'tarjeta', referencia: 'pi_tienda1', fecha: new Date().toISOString() });
    expect(abierto.body.estado).toBe('pendiente');

    const e = succeeded('pi_tienda1', 4900);
    const primera = await deliver(e);
    expect(primera).toMatchObject({ status: 200, body: { recibido: true, estado: 'procesada', pagoId: abierto.body.id } });
    const pago = await t.call('GET', `/pagos/${abierto.body.id}`);
    expect(pago.body).toMatchObject({ estado: 'completado', pasarela: 'stripe', importe: 4900 });
    // FACTURAR_AL_COBRAR (on by default): issued at once, in the same transaction.
    const factura = await t.call('GET', `/facturas/${pago.body.facturaId}`);
    expect(factura.body).toMatchObject({ estado: 'pagada', total: 4900, usuarioId: usuario.body.id });
    expect(await t.db('registros').where('facturaId', pago.body.facturaId).first()).toBeTruthy();
    // The shop reads its pago as paid.
    expect((await tienda.call('GET', `/pagos/${abierto.body.id}`)).body.estado).toBe('completado');

    const otra = await deliver(e);
    expect(otra.body).toMatchObject({ estado: 'procesada', duplicada: true });
    expect(await pagosDe('pi_tienda1')).toHaveLength(1);
    expect(await notificaciones(e.id)).toHaveLength(1);
    expect(await t.db('facturas').where('usuarioId', usuario.body.id)).toHaveLength(1);
    // Its history says Stripe's notification did it.
    const historial = await t.call('GET', `/pagos/${abierto.body.id}/historial`);
    expect(historial.body[0]).toMatchObject({ accion: 'pasarela', login: null, token: null });
  });

  it('with no pago of the shop, makes one: the usuario by the customer’s email (added if new), the curso from the metadata', async () => {
    const curso = await t.call('POST', '/cursos', { titulo: 'Ukelele', precio: 2900, estado: 'publicado' });
    const sesion = evento('checkout.session.completed', {
      id: 'cs_test_1',
      object: 'checkout.session',
      payment_intent: 'pi_checkout1',
      payment_status: 'paid',
      amount_total: 2900,
      currency: 'eur',
      customer_details: { email: 'Nuevo.Cliente@Example.com', name: 'Pedro Nuevo' },
      metadata: { aula_curso: String(curso.body.id) },
    });
    expect((await deliver(sesion)).body).toMatchObject({ estado: 'procesada', motivo: 'Pago nuevo, completado y facturado' });
    const [pago] = await pagosDe('pi_checkout1');
    expect(pago).toMatchObject({ estado: 'completado', importe: 2900, moneda: 'EUR', cursoId: curso.body.id, pasarela: 'stripe' });
    expect(await t.db('usuarios').where('id', pago.usuarioId).first()).toMatchObject({ email: 'nuevo.cliente@example.com', nombre: 'Pedro Nuevo' });
    // Its PaymentIntent's own success, another event about the same money: no second pago.
    expect((await deliver(succeeded('pi_checkout1', 2900))).body).toMatchObject({ estado: 'procesada', motivo: 'El pago ya estaba completado: nada que cambiar' });
    expect(await pagosDe('pi_checkout1')).toHaveLength(1);
    // A session not yet paid changes nothing.
    const sinCobrar = evento('checkout.session.completed', { id: 'cs_2', payment_intent: 'pi_checkout2', payment_status: 'unpaid', amount_total: 100, currency: 'eur', metadata: {} });
    expect((await deliver(sinCobrar)).body.estado).toBe('ignorada');
    expect(await pagosDe('pi_checkout2')).toEqual([]);
  });

  it('the usuario named in the metadata, and a refusal (kept, said why) when nothing says whose it is', async () => {
    const u = await t.call('POST', '/usuarios', { nombre: 'Marta', email: 'marta.meta@example.com' });
    await deliver(succeeded('pi_meta', 1500, { metadata: { aula_usuario: String(u.body.id) } }));
    expect((await pagosDe('pi_meta'))[0].usuarioId).toBe(u.body.id);
    const e = succeeded('pi_nadie', 1500);
    const res = await deliver(e);
    expect(res).toMatchObject({ status: 200, body: { estado: 'rechazada' } });
    expect((await notificaciones(e.id))[0]).toMatchObject({ estado: 'rechazada', motivo: expect.stringMatching(/no dice de quién es el pago/) });
    expect(await pagosDe('pi_nadie')).toEqual([]);
  });

  it('two deliveries of one event at once end in one pago and one notification', async () => {
    const e = succeeded('pi_doble', 3000, { receipt_email: 'doble@example.com' });
    const [a, b] = await Promise.all([deliver(e), deliver(e)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.duplicada, b.body.duplicada].filter(Boolean)).toHaveLength(1);
    expect(await pagosDe('pi_doble')).toHaveLength(1);
    expect(await notificaciones(e.id)).toHaveLength(1);
    expect(await t.db('usuarios').whereRaw('lower(email) = ?', ['doble@example.com'])).toHaveLength(1);
  });

  it('a Checkout session and its PaymentIntent announced at once make one pago', async () => {
    const sesion = evento('checkout.session.completed', { id: 'cs_junta', payment_intent: 'pi_junta', payment_status: 'paid', amount_total: 1200, currency: 'eur', customer_details: { email: 'junta@example.com' }, metadata: {} });
    const [a, b] = await Promise.all([deliver(sesion), deliver(succeeded('pi_junta', 1200, { receipt_email: 'junta@example.com' }))]);
    expect([a.body.estado, b.body.estado]).toEqual(['procesada', 'procesada']);
    expect(await pagosDe('pi_junta')).toHaveLength(1);
    expect(await t.db('facturas').where('concepto', 'like', '%pi_junta%')).toHaveLength(1);
  });

  it('a failure makes the shop’s pago fallido; one that comes after the success changes nothing', async () => {
    const u = await t.call('POST', '/usuarios', { nombre: 'Falla', email: 'falla@example.com' });
    const p = await t.call('POST', '/pagos', { usuarioId: u.body.id, importe: 700, metodo: 'tarjeta', referencia: 'pi_falla', fecha: new Date().toISOString() });
    const fallo = evento('payment_intent.payment_failed', { id: 'pi_falla', object: 'payment_intent', amount: 700, currency: 'eur', last_payment_error: { message: 'Your card was declined.' } });
    expect((await deliver(fallo)).body).toMatchObject({ estado: 'procesada', motivo: 'Pago fallido: Your card was declined.' });
    expect((await t.call('GET', `/pagos/${p.body.id}`)).body.estado).toBe('fallido');
    // Retried at Stripe with another card, the same PaymentIntent succeeds.
    await deliver(succeeded('pi_falla', 700));
    expect((await t.call('GET', `/pagos/${p.body.id}`)).body.estado).toBe('completado');
    const tarde = evento('payment_intent.payment_failed', { id: 'pi_falla', object: 'payment_intent', amount: 700, currency: 'eur' });
    expect((await deliver(tarde)).body.estado).toBe('ignorada');
    expect((await t.call('GET', `/pagos/${p.body.id}`)).body.estado).toBe('completado');
  });
});

describe('refunds and disputes', () => {
  it('records each refund once, partial ones too, with its rectificativa', async () => {
    await deliver(succeeded('pi_reemb', 10000, { receipt_email: 'reemb@example.com' }));
    const [pago] = await pagosDe('pi_reemb');
    expect((await deliver(refunded('pi_reemb', 10000, [{ id: 're_1', amount: 2500 }]))).body.motivo).toBe('Un reembolso registrado');
    // Stripe announces the charge again with both refunds: only the new one counts.
    const segunda = refunded('pi_reemb', 10000, [
      { id: 're_1', amount: 2500 },
      { id: 're_2', amount: 1500 },
    ]);
    await deliver(segunda);
    await deliver(segunda);
    const reembolsos = await t.db('reembolsos').where('pagoId', pago.id).orderBy('id');
    expect(reembolsos.map((r) => [r.referencia, r.importe])).toEqual([
      ['re_1', 2500],
      ['re_2', 1500],
    ]);
    expect(reembolsos.every((r) => r.facturaId !== null)).toBe(true);
    expect(await t.db('pagos').where('id', pago.id).first()).toMatchObject({ estado: 'completado', importeReembolsado: 4000 });
    // The rest goes back: the pago is reembolsado.
    await deliver(refunded('pi_reemb', 10000, [{ id: 're_1', amount: 2500 }, { id: 're_2', amount: 1500 }, { id: 're_3', amount: 6000 }]));
    expect(await t.db('pagos').where('id', pago.id).first()).toMatchObject({ estado: 'reembolsado', importeReembolsado: 10000 });
  });

  it('a refund a person already recorded in Aula is not counted again', async () => {
    // A pago typed by hand with its Stripe reference (as before the gateway was connected),
    // refunded by hand in Stripe's dashboard and in Aula.
    const u = await t.call('POST', '/usuarios', { nombre: 'Mano', email: 'mano@example.com' });
    await t.call('POST', '/pagos', { usuarioId: u.body.id, importe: 5000, metodo: 'tarjeta', estado: 'completado', referencia: 'pi_mano', fecha: new Date().toISOString() });
    const [pago] = await pagosDe('pi_mano');
    expect((await t.call('POST', `/pagos/${pago.id}/reembolsar`, { importe: 1000, motivo: 'Devuelto por teléfono' })).status).toBe(200);
    await deliver(refunded('pi_mano', 5000, [{ id: 're_mano', amount: 1000 }]));
    expect(await t.db('pagos').where('id', pago.id).first()).toMatchObject({ importeReembolsado: 1000 });
    expect(await t.db('reembolsos').where('pagoId', pago.id)).toHaveLength(1);
  });

  it('out of order, a refund before its success ends as in order', async () => {
    const enOrden = [succeeded('pi_orden', 8000, { receipt_email: 'orden@example.com' }), refunded('pi_orden', 8000, [{ id: 're_orden', amount: 3000 }])];
    const alReves = [refunded('pi_reves', 8000, [{ id: 're_reves', amount: 3000 }]), succeeded('pi_reves', 8000, { receipt_email: 'pi_reves@example.com' })];
    for (const e of enOrden) await deliver(e);
    for (const e of alReves) await deliver(e);
    const estado = async (pi: string) => {
      const [p] = await pagosDe(pi);
      const r = await t.db('reembolsos').where('pagoId', p.id);
      const facturas = await t.db('facturas').where('usuarioId', p.usuarioId).orderBy('id');
      return { estado: p.estado, importe: p.importe, reembolsado: p.importeReembolsado, reembolsos: r.map((x) => x.importe), facturas: facturas.map((f) => [f.tipo, f.base + f.cuotaIva]) };
    };
    expect(await estado('pi_reves')).toEqual(await estado('pi_orden'));
    expect(await estado('pi_orden')).toMatchObject({ estado: 'completado', reembolsado: 3000, reembolsos: [3000] });
  });

  it('a dispute marks the pago; an unknown type is kept and acknowledged', async () => {
    await deliver(succeeded('pi_disputa', 2000, { receipt_email: 'disputa@example.com' }));
    const d = evento('charge.dispute.created', { id: 'dp_1', object: 'dispute', charge: 'ch_x', payment_intent: 'pi_disputa', amount: 2000, reason: 'fraudulent' });
    expect((await deliver(d)).body).toMatchObject({ estado: 'procesada', motivo: expect.stringMatching(/disputa/) });
    const [pago] = await pagosDe('pi_disputa');
    expect((await t.call('GET', `/pagos/${pago.id}`)).body.enDisputa).toBe(true);
    const raro = evento('customer.created', { id: 'cus_1', object: 'customer' });
    expect((await deliver(raro)).body).toMatchObject({ recibido: true, estado: 'ignorada' });
    const [fila] = await notificaciones(raro.id);
    expect(fila).toMatchObject({ tipo: 'customer.created', estado: 'ignorada', pasarela: 'stripe' });
    expect(JSON.parse(fila.evento).id).toBe(raro.id);
  });

  it('a sale of a curso grants its matrícula; its dispute flags it; its whole refund revokes it (issue 33)', async () => {
    const curso = (await t.call('POST', '/cursos', { titulo: 'Curso vendido por Stripe', precio: 4000, accesoDias: 365 })).body;
    await deliver(succeeded('pi_matricula', 4000, { receipt_email: 'matricula@example.com', metadata: { aula_curso: String(curso.id) } }));
    const [pago] = await pagosDe('pi_matricula');
    const [m] = await t.db('matriculas').where({ pagoId: pago.id });
    expect(m).toMatchObject({ usuarioId: pago.usuarioId, cursoId: curso.id, estado: 'activa', origen: 'pago' });
    await deliver(evento('charge.dispute.created', { id: 'dp_m', object: 'dispute', charge: 'ch_m', payment_intent: 'pi_matricula', amount: 4000, reason: 'fraudulent' }));
    expect((await t.call('GET', `/matriculas/${m.id}`)).body).toMatchObject({ estado: 'activa', enDisputa: true });
    await deliver(refunded('pi_matricula', 4000, [{ id: 're_matricula', amount: 4000 }]));
    expect((await t.call('GET', `/matriculas/${m.id}`)).body).toMatchObject({ estado: 'revocada', motivoRevocacion: expect.stringContaining('pi_matricula') });
  });

  it('the contable reads the notifications; nobody writes them', async () => {
    const lista = await t.call('GET', `/notificaciones?filter=${encodeURIComponent(JSON.stringify({ order: ['id DESC'], limit: 3 }))}`);
    expect(lista.status).toBe(200);
    expect(lista.body.length).toBeGreaterThan(0);
    expect((await t.call('POST', '/notificaciones', { pasarela: 'stripe' })).status).toBe(403);
    expect((await t.call('GET', '/pasarelas/estado')).body).toEqual({ stripe: { configurada: true, direccion: '/pasarelas/stripe' }, redsys: { configurada: false, direccion: '/pasarelas/redsys', comercio: null }, facturarAlCobrar: true });
    expect((await t.call('DELETE', `/notificaciones/${lista.body[0].id}`)).status).toBe(403);
  });
});

describe('a payment whose invoice cannot be issued yet', () => {
  it('over the simplified invoice’s limit without the customer’s NIF: the pago is completed, the invoice left to the contable, and why', async () => {
    const e = succeeded('pi_sin_nif', 60000, { receipt_email: 'empresa@example.com' });
    const res = await deliver(e);
    expect(res).toMatchObject({ status: 200, body: { estado: 'procesada', motivo: expect.stringMatching(/^Pago nuevo, completado; no se ha podido facturar: .*NIF/) } });
    const [pago] = await pagosDe('pi_sin_nif');
    expect(pago).toMatchObject({ estado: 'completado', facturaId: null });
    // Stripe is not asked to send it again: it was received.
    expect((await deliver(e)).body.duplicada).toBe(true);
  });
});

describe('with FACTURAR_AL_COBRAR=false', () => {
  it('completes the pago and leaves the invoice to the contable', async () => {
    const otra = await createTestApp({ STRIPE_WEBHOOK_SECRET: SECRETO, FACTURAR_AL_COBRAR: 'false' });
    try {
      const payload = JSON.stringify(succeeded('pi_sin_factura', 900, { receipt_email: 'sinfactura@example.com' }));
      const res = await otra.app.inject({ method: 'POST', url: '/pasarelas/stripe', payload, headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRETO }) } });
      expect(res.json()).toMatchObject({ estado: 'procesada', motivo: 'Pago nuevo, completado' });
      expect(await otra.db('pagos').where('referencia', 'pi_sin_factura').first()).toMatchObject({ estado: 'completado', facturaId: null });
      expect(Number((await otra.db('facturas').count({ n: '*' }).first())?.n)).toBe(0);
    } finally {
      await otra.destroy();
    }
  });
});

describe('without STRIPE_WEBHOOK_SECRET', () => {
  it('accepts nothing: 503, with the reason', async () => {
    const otra = await createTestApp();
    try {
      const res = await otra.app.inject({ method: 'POST', url: '/pasarelas/stripe', payload: '{}', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' } });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.message).toBe('Stripe no está configurado en este servidor: no se acepta ninguna notificación suya');
      expect((await otra.call('GET', '/pasarelas/estado')).body.stripe.configurada).toBe(false);
    } finally {
      await otra.destroy();
    }
  });
});
