// The payment gateways' notifications (docs/arquitectura.md §20): `POST /pasarelas/stripe`
// receives Stripe's webhook events, `POST /pasarelas/redsys` the notifications of a Redsys TPV.
// The signature is checked as each gateway signs (Stripe's over the raw body, Redsys's over its
// parameters) before anything is read; a bad or stale one is a 400 and nothing is written. A good
// one is processed once (recibir.ts) and answered 200, whatever Aula did with it (the contable
// reads that in its notificación): a gateway retries only what it could not deliver.
import type { FastifyInstance } from 'fastify';
import type { Escritor } from '../base/types.js';
import Stripe from 'stripe';
import type { Config } from '../config/index.js';
import type { Db } from '../db/index.js';
import { badRequest, HttpError } from '../base/errors.js';
import { firmadaPorTercero } from '../auth/origin.js';
import type { Repository } from '../rest/repository.js';
import { actorOf, parseId } from '../rest/peticion.js';
import { decodeParametros, VERSION_FIRMA, verifyRedsys } from '../resources/pagos/redsys-firma.js';
import { mensajes } from '../mensajes.js';
import { receive, reprocess } from './recibir.js';
import { applyRedsys, eventoRedsysDe, tipoRedsysDe } from './redsys.js';
import { applyStripe, referenciaDe } from './stripe.js';

export interface PasarelasOptions {
  db: Db;
  /** Where its writes go, and the entities it serves (notificaciones). */
  repo: Repository;
  config: Pick<Config, 'pasarelas'>;
}

/** How old a signed event may be: Stripe's own default, five minutes. */
const TOLERANCIA_S = 300;

export default async function pasarelasRoutes(app: FastifyInstance, { db, repo, config }: PasarelasOptions) {
  const { stripe, redsys, facturarAlCobrar } = config.pasarelas;
  const opciones = { facturacion: repo.facturacion, facturarAlCobrar };
  // The signature is over the bytes as sent: the body is kept as text, parsed only once verified.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(['application/json', 'application/x-www-form-urlencoded'], { parseAs: 'string' }, (_request, body, done) => done(null, body));

  // Which gateways this installation takes notifications from (the «Cobros» page says so).
  const notificaciones = repo.registry.get('notificaciones');
  app.get('/pasarelas/estado', { config: { acceso: { recurso: notificaciones, op: 'leer' } }, schema: { hide: true } }, async () => ({
    stripe: { configurada: stripe.webhookSecret !== null, direccion: '/pasarelas/stripe' },
    redsys: { configurada: redsys.clave !== null, direccion: '/pasarelas/redsys', comercio: redsys.comercio },
    facturarAlCobrar,
  }));

  // What an event says and does, read once whether it just arrived or is processed again.
  const readStripe = (evento: Stripe.Event) => {
    const objeto = (evento.data?.object ?? {}) as Record<string, any>;
    return { referencia: referenciaDe(evento.type, objeto), apply: (w: Escritor) => applyStripe(w, evento.type, objeto, evento.created, opciones) };
  };
  const readRedsys = (datos: Record<string, unknown>) => {
    const { comercio } = redsys;
    if (!comercio) throw new HttpError(503, mensajes.pasarelas.sinConfigurar('Redsys'), 'SERVICE_UNAVAILABLE');
    return { referencia: String(datos.Ds_Order), apply: (w: Escritor) => applyRedsys(w, datos, comercio, opciones) };
  };

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
    const { referencia, apply } = readStripe(evento);
    const resultado = await receive(db, repo, { pasarela: 'stripe', id: evento.id, tipo: evento.type, referencia, cuerpo }, apply);
    return { recibido: true, ...resultado };
  });

  // «Reprocesar»: a refused event, once what refused it is mended, is applied again as it was signed.
  // Each stored body is read again as its route read it (readStripe, readRedsys).
  const releer = {
    stripe: (cuerpo: string) => readStripe(JSON.parse(cuerpo) as Stripe.Event),
    redsys: (cuerpo: string) => readRedsys(JSON.parse(cuerpo) as Record<string, unknown>),
  };
  app.post<{ Params: { id: string } }>('/notificaciones/:id/reprocesar', { config: { acceso: { recurso: notificaciones, op: 'escribir' } }, schema: { hide: true } }, async (request) => {
    const id = parseId(request.params.id);
    const resultado = await reprocess(db, repo, actorOf(request), id, (fila) => releer[fila.pasarela as keyof typeof releer](String(fila.evento)));
    return { id, ...resultado };
  });

  // Redsys posts a form (Ds_SignatureVersion, Ds_MerchantParameters, Ds_Signature).
  app.post('/pasarelas/redsys', { config: firmadaPorTercero, schema: { hide: true } }, async (request) => {
    if (!redsys.clave || !redsys.comercio) throw new HttpError(503, mensajes.pasarelas.sinConfigurar('Redsys'), 'SERVICE_UNAVAILABLE');
    const cuerpo = typeof request.body === 'string' ? request.body : '';
    if (!cuerpo) throw badRequest(mensajes.pasarelas.cuerpoVacio);
    const campos = new URLSearchParams(cuerpo);
    const version = campos.get('Ds_SignatureVersion') ?? '';
    const parametros = campos.get('Ds_MerchantParameters') ?? '';
    if (version !== VERSION_FIRMA) throw badRequest(mensajes.pasarelas.versionRedsys(version));
    const datos = decodeParametros(parametros);
    if (!datos || typeof datos.Ds_Order !== 'string' || !datos.Ds_Order) throw badRequest(mensajes.pasarelas.parametrosRedsys);
    if (!verifyRedsys(redsys.clave, datos.Ds_Order, parametros, campos.get('Ds_Signature') ?? '')) {
      request.log.warn({ pedido: datos.Ds_Order }, 'notificación de Redsys con firma no válida');
      throw badRequest(mensajes.pasarelas.firmaRedsys);
    }
    const { referencia, apply } = readRedsys(datos);
    const resultado = await receive(db, repo, { pasarela: 'redsys', id: eventoRedsysDe(datos), tipo: tipoRedsysDe(datos), referencia, cuerpo: JSON.stringify(datos) }, apply);
    return { recibido: true, ...resultado };
  });
}
