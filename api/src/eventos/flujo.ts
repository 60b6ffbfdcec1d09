// GET /eventos: the committed changes a session may read, as Server-Sent Events
// (docs/arquitectura.md §17). Each event is one record: `id:` is its `logs` row, so a browser that
// reconnects sends Last-Event-ID and gets what it missed; `data:` is {recurso, id, accion,
// version, loginId}, never a field's value. A comment line every `latidoMs` keeps proxies from
// closing an idle stream, and at that moment the session is checked: a logout, an expiry, a
// deactivated account or one whose role changed ends the stream. What one process holds is
// bounded: streams per account and in all, and what a reader that does not read leaves waiting.
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CUALQUIER_CUENTA } from '../auth/guard.js';
import type { SessionLogin } from '../rest/request.js';
import { SESSION_COOKIE, type SessionStore } from '../auth/sessions.js';
import type { Cambio } from '../base/cambios.js';
import { HttpError } from '../base/errors.js';
import { INT_MAX } from '../base/values.js';
import type { Config } from '../config/index.js';
import type { Db } from '../db/index.js';
import { mensajes } from '../mensajes.js';
import { permisoDe } from '../rest/permisos.js';
import type { Registry } from '../rest/registry.js';
import type { BusEventos } from './bus.js';
import { cambiosDesde } from './perdidos.js';

export interface OpcionesFlujo {
  /** Between heartbeats, and between checks of the session. */
  latidoMs?: number;
  /** What a browser waits before reconnecting a dropped stream. */
  reintentoMs?: number;
}

interface Deps {
  db: Db;
  bus: BusEventos;
  registry: Registry;
  sesiones: SessionStore;
  limites: Config['eventos'];
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

/** A Last-Event-ID the stream itself could have sent: a logs id, an integer column. Anything else is ignored. */
const ultimoVisto = (request: FastifyRequest): number | undefined => {
  const v = request.headers['last-event-id'];
  return typeof v === 'string' && /^\d{1,10}$/.test(v) && Number(v) <= INT_MAX ? Number(v) : undefined;
};

/** The session as the stream opened with it: what it may read was decided by that role and step. */
const mismaSesion = (ahora: SessionLogin | null, abierta: SessionLogin) =>
  ahora !== null && ahora.sesionId === abierta.sesionId && ahora.rol === abierta.rol && ahora.fase === abierta.fase;

export function registerFlujo(app: FastifyInstance, { db, bus, registry, sesiones, limites }: Deps, opciones: OpcionesFlujo = {}) {
  const { latidoMs = 15_000, reintentoMs = 3000 } = opciones;
  /** Each open stream of this process, with the account that holds it. */
  const abiertos = new Map<() => void, number>();
  const reintentar = { 'retry-after': String(Math.ceil(reintentoMs / 1000)) };

  // Closing the app waits for its connections: open streams end first.
  app.addHook('preClose', async () => {
    for (const cerrar of [...abiertos.keys()]) cerrar();
  });

  // A session's stream: checked again by its cookie as it runs, so never a token's.
  app.get('/eventos', { config: { acceso: CUALQUIER_CUENTA, soloCuentas: true }, schema: { hide: true } }, async (request, reply) => {
    const login = request.login!;
    const token = request.cookies[SESSION_COOKIE];
    // Per account, whatever its sessions: logging in again opens no fresh allowance.
    const deLaCuenta = [...abiertos.values()].filter((id) => id === login.id).length;
    if (deLaCuenta >= limites.maxPorCuenta) throw new HttpError(429, mensajes.eventos.demasiados(limites.maxPorCuenta), 'TOO_MANY_REQUESTS', undefined, reintentar);
    if (abiertos.size >= limites.maxFlujos) throw new HttpError(503, mensajes.eventos.servidorLleno, 'SERVICE_UNAVAILABLE', undefined, reintentar);

    const flujo = new PassThrough();
    let cerrado = false;
    // From when the stream is answered: what is replayed before waits unread by design (bounded
    // by MAX_PERDIDOS), since nobody reads it yet.
    let vigilado = false;
    /** What the reader has not taken yet: in the stream, in the response and in its socket. */
    const pendiente = () => flujo.writableLength + flujo.readableLength + reply.raw.writableLength;
    const send = (texto: string) => {
      if (cerrado) return;
      flujo.write(texto);
      // A reader that stopped reading would have the process keep every event for it: it is
      // dropped, and its browser, when it reads again, reconnects and replays what it missed.
      if (vigilado && pendiente() > limites.maxPendienteBytes) {
        request.log.warn({ loginId: login.id, bytes: pendiente() }, 'flujo de eventos cortado: su lector no lee');
        close(true);
      }
    };
    const sendCambio = (c: Cambio) => {
      for (const id of idsVisibles(registry, login, c)) send(mensajeDe(c, id));
    };
    // While the missed ones are replayed, or the account is checked again, live ones wait: the
    // order stays the log's, and nothing is sent under a role the account may no longer have.
    let retenidos: Cambio[] = [];
    let retenciones = 1;
    const release = (yaEnviados?: Set<number>) => {
      if (yaEnviados) retenidos = retenidos.filter((c) => !yaEnviados.has(c.evento));
      if (--retenciones > 0) return;
      const pendientes = retenidos;
      retenidos = [];
      for (const c of pendientes) sendCambio(c);
    };
    let comprobando = false;
    // A check asked for while one is on its way may come after a change that one read too early.
    let otraVez = false;
    const checkOnce = (): Promise<void> =>
      sesiones.resolve(token, { recheck: true, touch: false }).then(
        (ahora) => {
          if (!mismaSesion(ahora, login)) close();
          else if (otraVez) {
            otraVez = false;
            return checkOnce();
          }
        },
        (err) => request.log.warn({ err }, 'no se pudo comprobar la sesión de un flujo de eventos'),
      );
    const check = () => {
      if (cerrado) return;
      if (comprobando) return void (otraVez = true);
      comprobando = true;
      retenciones++;
      void checkOnce().finally(() => {
        comprobando = false;
        otraVez = false;
        release();
      });
    };
    const receive = (c: Cambio) => {
      if (cerrado) return;
      // The account itself changed (a role, a deactivation): checked before anything after it goes.
      if (c.recurso === 'logins' && c.ids.includes(login.id)) check();
      if (retenciones > 0) return void retenidos.push(c);
      sendCambio(c);
    };
    const dejarDeOir = bus.listen(receive);
    const latido = setInterval(() => {
      send(': latido\n\n');
      // Not activity: a tab left open must still reach the idle timeout.
      check();
    }, latidoMs);
    /** `cortar`: the reader is not reading, so nothing waiting is worth delivering. */
    const close = (cortar = false) => {
      if (cerrado) return;
      cerrado = true;
      clearInterval(latido);
      dejarDeOir();
      abiertos.delete(close);
      retenidos = [];
      if (cortar) {
        flujo.destroy();
        reply.raw.destroy();
      } else flujo.end();
    };
    abiertos.set(close, login.id);
    request.raw.once('close', () => close());

    reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      // no-transform: no proxy may compress or rewrite it; X-Accel-Buffering: nginx, if one is put in front.
      .header('cache-control', 'no-cache, no-transform')
      .header('x-accel-buffering', 'no');
    send(`retry: ${reintentoMs}\n\n`);

    const desde = ultimoVisto(request);
    if (desde !== undefined) {
      try {
        const { cambios, incompletos } = await cambiosDesde(db, desde);
        // Too far behind to replay: the client reloads what it shows.
        if (incompletos) send(`event: recargar\ndata: {}\n\n`);
        else for (const c of cambios) sendCambio(c);
        release(new Set(cambios.map((c) => c.evento)));
      } catch (err) {
        close();
        throw err;
      }
    } else {
      release();
    }
    vigilado = true;
    return reply.send(flujo);
  });
}
