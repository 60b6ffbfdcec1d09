// The payment gateways' notifications (docs/arquitectura.md §20): `POST /pasarelas/stripe`
// receives Stripe's webhook events. The signature is checked against the raw body, as Stripe signs
// it, before anything of it is read; a bad or stale one is a 400 and nothing is written. A good
// one is processed once (recibir.ts) and answered 200, whatever Aula did with it (the contable
// reads that in its notificación): Stripe retries only what it could not deliver.
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import type { Config } from '../config/index.js';
import type { Db } from '../db/index.js';
import { badRequest, HttpError } from '../base/errors.js';
import type { Repository } from '../rest/repository.js';
import { mensajes } from '../mensajes.js';
import { receive } from './recibir.js';
import { applyStripe, referenciaDe } from './stripe.js';

export interface PasarelasOptions {
  db: Db;
  /** Where its writes go, and the entities it serves (notificaciones). */
  repo: Repository;
  config: Pick<Config, 'pasarelas' | 'emisor' | 'series' | 'timeZone' | 'env' | 'verifactu'>;
}

/** How old a signed event may be: Stripe's own default, five minutes. */
const TOLERANCIA_S = 300;

export default async function pasarelasRoutes(app: FastifyInstance, { db, repo, config }: PasarelasOptions) {
  const { stripe } = config.pasarelas;
  const facturacion = { emisor: config.emisor, series: config.series, timeZone: config.timeZone, env: config.env, verifactu: config.verifactu };
  // The signature is over the bytes as sent: the body is kept as text, parsed only once verified.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  // Which gateways this installation takes notifications from (the «Cobros» page says so).
  const notificaciones = repo.registry.get('notificaciones');
  app.get('/pasarelas/estado', { config: { acceso: { recurso: notificaciones, op: 'leer' } }, schema: { hide: true } }, async () => ({
    stripe: { configurada: stripe.webhookSecret !== null, direccion: '/pasarelas/stripe' },
    facturarAlCobrar: config.pasarelas.facturarAlCobrar,
  }));

  app.post('/pasarelas/stripe', { schema: { hide: true } }, async (request) => {
    if (!stripe.webhookSecret) throw new HttpError(503, mensajes.pasarelas.sinConfigurar('Stripe'), 'SERVICE_UNAVAILABLE');
    const cuerpo = typeof request.body === 'string' ? request.body : '';
    if (!cuerpo) throw badRequest(mensajes.pasarelas.cuerpoVacio);
    let evento: Stripe.Event;
    try {
      evento = Stripe.webhooks.constructEvent(cuerpo, String(request.headers['stripe-signature'] ?? ''), stripe.webhookSecret, TOLERANCIA_S);
    } catch (err) {
      request.log.warn({ err: (err as Error).message }, 'evento de Stripe con firma no válida');
      throw badRequest(mensajes.pasarelas.firmaStripe);
    }
    const objeto = (evento.data?.object ?? {}) as Record<string, any>;
    const resultado = await receive(db, repo, { pasarela: 'stripe', id: evento.id, tipo: evento.type, referencia: referenciaDe(evento.type, objeto), cuerpo }, (w) =>
      applyStripe(w, evento.type, objeto, evento.created, { facturacion, facturarAlCobrar: config.pasarelas.facturarAlCobrar }),
    );
    return { recibido: true, ...resultado };
  });
}
