// GET /eventos: the committed changes a session may read, as Server-Sent Events
// (docs/arquitectura.md §17). Each event is one record: `id:` is its `logs` row, so a browser that
// reconnects sends Last-Event-ID and gets what it missed; `data:` is {recurso, id, accion,
// version, loginId}, never a field's value. A comment line every `latidoMs` keeps proxies from
// closing an idle stream, and at that moment the session is checked: a logout, an expiry or a
// deactivated account ends the stream.
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CUALQUIER_CUENTA } from '../auth/guard.js';
import type { SessionLogin } from '../auth/request.js';
import { SESSION_COOKIE, type SessionStore } from '../auth/sessions.js';
import type { Cambio } from '../base/cambios.js';
import { HttpError } from '../base/errors.js';
import type { Db } from '../db/index.js';
import { mensajes } from '../mensajes.js';
import { permisoDe } from '../rest/permisos.js';
import type { Registry } from '../rest/registry.js';
import type { BusEventos } from './bus.js';
import { cambiosDesde } from './perdidos.js';

export interface OpcionesFlujo {
  /** Between heartbeats, and between checks of the session. */
  latidoMs?: number;
  /** Open streams one session may hold in this process (each tab has one). */
  maxPorSesion?: number;
  /** What a browser waits before reconnecting a dropped stream. */
  reintentoMs?: number;
}

interface Deps {
  db: Db;
  bus: BusEventos;
  registry: Registry;
  sesiones: SessionStore;
}

/** The records of a change this account may read: none of an entity its role does not read. */
export function idsVisibles(registry: Registry, login: Pick<SessionLogin, 'id' | 'rol'>, c: Cambio): number[] {
  const resource = Object.hasOwn(registry.resources, c.recurso) ? registry.resources[c.recurso] : undefined;
  const leer = resource && permisoDe(resource.acceso, login.rol)?.leer;
  if (!leer) return [];
  if (leer === true) return c.ids;
  // 'propios': whose a row is can be told here only when it is the row's own id (logins); of
  // any other entity, the event says too little, so nothing is sent rather than too much.
  return (resource.propio ?? 'id') === 'id' ? c.ids.filter((id) => id === login.id) : [];
}

const mensajeDe = (c: Cambio, id: number) =>
  `id: ${c.evento}\ndata: ${JSON.stringify({ recurso: c.recurso, id, accion: c.accion, version: c.version, loginId: c.loginId })}\n\n`;

/** A Last-Event-ID the stream itself could have sent: a logs id. Anything else is ignored. */
const ultimoVisto = (request: FastifyRequest): number | undefined => {
  const v = request.headers['last-event-id'];
  return typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : undefined;
};

export function registerFlujo(app: FastifyInstance, { db, bus, registry, sesiones }: Deps, opciones: OpcionesFlujo = {}) {
  const { latidoMs = 15_000, maxPorSesion = 5, reintentoMs = 3000 } = opciones;
  const abiertos = new Map<number, Set<() => void>>();

  // Closing the app waits for its connections: open streams end first.
  app.addHook('preClose', async () => {
    for (const cerrar of [...abiertos.values()].flatMap((s) => [...s])) cerrar();
  });

  app.get('/eventos', { config: { acceso: CUALQUIER_CUENTA }, schema: { hide: true } }, async (request, reply) => {
    const login = request.login!;
    const token = request.cookies[SESSION_COOKIE];
    const deSesion = abiertos.get(login.sesionId) ?? new Set();
    if (deSesion.size >= maxPorSesion) throw new HttpError(429, mensajes.eventos.demasiados(maxPorSesion), 'TOO_MANY_REQUESTS', undefined, { 'retry-after': String(Math.ceil(reintentoMs / 1000)) });

    const flujo = new PassThrough();
    let cerrado = false;
    const enviar = (texto: string) => {
      if (!cerrado) flujo.write(texto);
    };
    // Until the missed ones are sent, live ones wait, so the order stays the log's.
    let enEspera: Cambio[] | undefined = [];
    const recibir = (c: Cambio) => {
      if (enEspera) return void enEspera.push(c);
      for (const id of idsVisibles(registry, login, c)) enviar(mensajeDe(c, id));
    };
    const dejarDeOir = bus.escuchar(recibir);
    const latido = setInterval(() => {
      enviar(': latido\n\n');
      // Not activity: a tab left open must still reach the idle timeout.
      sesiones.resolve(token, { recheck: true, touch: false }).then(
        (vivo) => {
          if (!vivo || vivo.sesionId !== login.sesionId) cerrar();
        },
        (err) => request.log.warn({ err }, 'no se pudo comprobar la sesión de un flujo de eventos'),
      );
    }, latidoMs);
    const cerrar = () => {
      if (cerrado) return;
      cerrado = true;
      clearInterval(latido);
      dejarDeOir();
      deSesion.delete(cerrar);
      if (!deSesion.size) abiertos.delete(login.sesionId);
      flujo.end();
    };
    deSesion.add(cerrar);
    abiertos.set(login.sesionId, deSesion);
    request.raw.once('close', cerrar);

    reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      // no-transform: no proxy may compress or rewrite it; X-Accel-Buffering: nginx, if one is put in front.
      .header('cache-control', 'no-cache, no-transform')
      .header('x-accel-buffering', 'no');
    enviar(`retry: ${reintentoMs}\n\n`);

    const desde = ultimoVisto(request);
    if (desde !== undefined) {
      try {
        const { cambios, incompletos } = await cambiosDesde(db, desde);
        // Too far behind to replay: the client reloads what it shows.
        if (incompletos) enviar(`event: recargar\ndata: {}\n\n`);
        else for (const c of cambios) for (const id of idsVisibles(registry, login, c)) enviar(mensajeDe(c, id));
        const repetidos = new Set(cambios.map((c) => c.evento));
        const pendientes = enEspera.filter((c) => !repetidos.has(c.evento));
        enEspera = undefined;
        for (const c of pendientes) recibir(c);
      } catch (err) {
        cerrar();
        throw err;
      }
    } else {
      enEspera = undefined;
    }
    return reply.send(flujo);
  });
}
