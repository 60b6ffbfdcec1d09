// Resumable uploads at /subidas: the tus 1.0 protocol by @tus/server (creation, HEAD, PATCH,
// termination, expiration) inside the API's own routes, so the session, the Origin check and
// the error envelope apply to them as to any other call. What is ours: the folder and size
// rules, the type read from the first bytes, and the `archivos` row each upload becomes, written
// through the repository on behalf of whoever uploads (its history: created, its bytes complete,
// cancelled or refused).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Server } from '@tus/server';
import { EVENTS, type Upload } from '@tus/utils';
import { conCabeceraTus } from '../auth/origin.js';
import { SERVIDOR, type Actor } from '../base/types.js';
import type { Config } from '../config/index.js';
import { lockRow } from '../db/filas.js';
import { isPg, type Db } from '../db/index.js';
import { mensajes } from '../mensajes.js';
import { CARPETAS, type Carpeta } from '../resources/archivos.js';
import { actorOf } from '../rest/peticion.js';
import type { Repository } from '../rest/repository.js';
import { averiaDeAlmacen, HttpError } from '../base/errors.js';
import { sinInvisibles } from '../base/values.js';
import type { Almacen } from './almacen.js';
import { BYTES_FIRMA, firma } from './firma.js';
import { enqueueProcesado } from './trabajoProcesado.js';

export interface SubidasOptions {
  /** Where the archivo rows are written, and the registry whose archivos they are. */
  repo: Repository;
  config: Pick<Config, 'media' | 'corsOrigins'>;
  almacen: Almacen;
}

/** A refusal tus passes on as it is: our envelope, already serialised. */
const rechazo = (error: HttpError) => ({ status_code: error.statusCode, body: JSON.stringify(error.toJSON()) });

/** tus's own refusals (plain English text) in the envelope, in Spanish. */
function enSobre(status: number, cuerpo: string): HttpError {
  if (cuerpo.startsWith('{"error"')) {
    const { error } = JSON.parse(cuerpo) as { error: { message: string; code?: string; details?: never } };
    // Only an outage of storage answers 503 here (averiaDeAlmacen): worth trying again soon.
    return new HttpError(status, error.message, error.code, error.details, status === 503 ? { 'retry-after': '10' } : {});
  }
  const mensaje =
    status === 404 || status === 410 ? mensajes.subidas.noExiste
    : status === 409 ? mensajes.subidas.desplazamiento
    : status === 412 ? mensajes.subidas.version
    : status === 400 || status === 415 ? mensajes.subidas.cabeceraInvalida
    : status === 413 ? mensajes.peticion.demasiadoGrande
    : mensajes.subidas.fallo(status);
  return new HttpError(status, mensaje, undefined, [{ path: '', code: 'tus', message: cuerpo.trim() }]);
}

const carpetaDe = (upload: Upload): Carpeta | undefined => {
  const c = upload.metadata?.carpeta;
  return (CARPETAS as readonly string[]).includes(c ?? '') ? (c as Carpeta) : undefined;
};

/**
 * The client's file name, for display only: never part of a path or a key. Control characters
 * go, and so do bidi controls: a right-to-left override makes «clase‮4pm.exe» read as «clase.exe».
 */
const nombreVisible = (nombre: string | null | undefined) => sinInvisibles((nombre ?? '').replace(/[\u0000-\u001f\u007f]/g, '')).slice(0, 255) || null;

const insuficiente = (mensaje: string) => new HttpError(507, mensaje, 'INSUFFICIENT_STORAGE');

export default async function subidasRoutes(app: FastifyInstance, { repo, config, almacen }: SubidasOptions) {
  const db = repo.db;
  const limites: Record<Carpeta, number> = {
    videos: config.media.maxVideoMb * 1024 * 1024,
    photos: config.media.maxPhotoMb * 1024 * 1024,
  };
  // Who is uploading, for the activity log: tus hands its hooks a web Request, not Fastify's.
  const peticiones = new WeakMap<Request, FastifyRequest>();
  const actorDe = (req: unknown): Actor => {
    const quien = peticiones.get(req as Request);
    return quien ? actorOf(quien) : SERVIDOR;
  };

  const opciones: ConstructorParameters<typeof Server>[0] = {
    path: '/subidas',
    datastore: almacen.subidas,
    relativeLocation: true,
    // The larger cap; each folder's own is applied when the upload says which it is for.
    maxSize: Math.max(limites.videos, limites.photos),
    // A full disk or an unreachable bucket is an outage (507/503), not tus's «something went wrong» 500.
    async onResponseError(_req, err) {
      const averia = averiaDeAlmacen(err as never);
      if (!averia) return undefined;
      app.log.warn({ err }, 'fallo del almacenamiento en una subida');
      return rechazo(averia);
    },
    async onUploadCreate(req, upload) {
      const carpeta = carpetaDe(upload);
      if (!carpeta) throw rechazo(new HttpError(400, mensajes.subidas.carpetaInvalida(upload.metadata?.carpeta ?? ''), 'INVALID_PARAMETER_VALUE'));
      if (upload.size === undefined) throw rechazo(new HttpError(400, mensajes.subidas.sinTamano, 'INVALID_PARAMETER_VALUE'));
      if (upload.size > limites[carpeta]) {
        throw rechazo(new HttpError(413, mensajes.subidas.demasiadoGrande(carpeta, limites[carpeta] / 1024 / 1024), 'PAYLOAD_TOO_LARGE'));
      }
      const actor = actorDe(req);
      await repo.transaction(actor, async (w) => {
        // One creation at a time (PostgreSQL; SQLite writes one at a time anyway), so two at once
        // cannot both fit in the last place or the last megabytes.
        if (isPg(db)) await w.db.raw("SELECT pg_advisory_xact_lock(hashtext('aula:subidas'))");
        await checkLimites(w.db, actor.loginId, upload.size!);
        await w.create('archivos', {
          subida: upload.id,
          subidoPor: actor.loginId,
          carpeta,
          nombre: nombreVisible(upload.metadata?.filename),
          tipo: upload.metadata?.filetype?.slice(0, 100) || null,
          tamano: upload.size,
          estado: 'subiendo',
        });
      });
      return {};
    },
    async onUploadFinish(req, upload) {
      const actor = actorDe(req);
      // Authoritative: the whole start of the file as stored, whatever size its chunks had.
      const carpeta = carpetaDe(upload)!;
      const tipo = await firma(await almacen.inicioDeSubida(upload.id, BYTES_FIRMA), carpeta);
      if (!tipo) {
        await discard(upload.id, actor);
        throw rechazo(new HttpError(415, mensajes.subidas.tipoNoAdmitido(carpeta), 'UNSUPPORTED_MEDIA_TYPE'));
      }
      // Moved into place and described later, by its job: queued with the state that says so.
      const completada = await repo.transaction(actor, async (w) => {
        const fila = await lockRow(w.db, 'archivos', { subida: upload.id, estado: 'subiendo' }, 'id');
        if (!fila) return false;
        await w.update('archivos', Number(fila.id), { estado: 'procesando', tipo: tipo.tipo, ruta: `/${carpeta}/${upload.id}.${tipo.ext}` });
        await enqueueProcesado(w.db, upload.id);
        return true;
      }, { accion: 'completarSubida' });
      // Its archivo was deleted while the bytes were arriving: nothing would ever place them.
      if (!completada) {
        await discard(upload.id, actor);
        throw rechazo(new HttpError(410, mensajes.subidas.cancelada, 'GONE'));
      }
      return {};
    },
  };
  const tus = new Server(opciones);
  // An upload the client cancels (tus termination) takes its row with it.
  tus.on(EVENTS.POST_TERMINATE, (req, _res, subida) => {
    deleteFila(subida, actorDe(req), 'cancelarSubida', { estado: 'subiendo' }).catch((err) => app.log.warn({ err, subida }, 'fila de una subida cancelada'));
  });

  /**
   * 507 before a byte is accepted: this administrator already has as many uploads in progress as
   * allowed, or the new file would not fit in the storage quota (every archivo, in progress or not).
   */
  async function checkLimites(trx: Db, loginId: number | null, tamano: number) {
    const { maxSubidasPorAdministrador: max, cuotaBytes } = config.media;
    if (loginId !== null) {
      const [{ n }] = (await trx('archivos').where({ subidoPor: loginId, estado: 'subiendo' }).count({ n: '*' })) as { n: number | string }[];
      if (Number(n) >= max) throw rechazo(insuficiente(mensajes.subidas.demasiadasALaVez(max)));
    }
    if (cuotaBytes > 0) {
      const [{ total }] = (await trx('archivos').sum({ total: 'tamano' })) as { total: number | string | null }[];
      const libres = Math.max(0, cuotaBytes - Number(total ?? 0));
      if (tamano > libres) throw rechazo(insuficiente(mensajes.subidas.cuotaAgotada(Math.floor(libres / 1024 / 1024), cuotaBytes / 1024 / 1024)));
    }
  }

  /**
   * HEAD, PATCH and DELETE on an upload are its creator's alone: anyone else is told it does not
   * exist. An upload whose archivo is gone (deleted while uploading) is discarded here and then.
   */
  async function checkDueno(subida: string, request: FastifyRequest) {
    const fila = (await db('archivos').where('subida', subida).first('subidoPor')) as { subidoPor: number | null } | undefined;
    if (!fila) await almacen.discardSubida(subida).catch((err) => app.log.warn({ err, subida }, 'descartar una subida sin archivo'));
    // Rows from before owners were recorded (subidoPor null) stay anyone's.
    if (!fila || (fila.subidoPor !== null && Number(fila.subidoPor) !== request.login?.id)) {
      request.raw.resume(); // a PATCH's bytes are read and dropped, not left on the connection
      throw new HttpError(404, mensajes.subidas.noExiste, 'NOT_FOUND');
    }
  }

  /** An upload refused for what it holds leaves nothing behind: neither its bytes nor its row. */
  async function discard(subida: string, actor: Actor) {
    await almacen.discardSubida(subida);
    await deleteFila(subida, actor, 'descartarSubida');
  }

  /** The upload's archivo, if it is still there (and as `donde` says), deleted in its name. */
  async function deleteFila(subida: string, actor: Actor, accion: string, donde: Record<string, unknown> = {}) {
    await repo.transaction(actor, async (w) => {
      const fila = await lockRow(w.db, 'archivos', { subida, ...donde }, 'id');
      if (fila) await w.remove('archivos', Number(fila.id));
    }, { accion });
  }

  /**
   * The first bytes of a chunk that starts the file, read before tus stores anything, so a
   * file of the wrong kind is refused (415) on its first request rather than after gigabytes.
   * Returns the bytes read and the rest of the body, to be handed on unchanged.
   */
  async function peekInicio(request: FastifyRequest): Promise<{ inicio: Buffer; resto: AsyncIterator<Buffer> }> {
    const resto = (request.raw as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
    const trozos: Buffer[] = [];
    let leidos = 0;
    while (leidos < BYTES_FIRMA) {
      const { value, done } = await resto.next();
      if (done) break;
      trozos.push(value);
      leidos += value.length;
    }
    return { inicio: Buffer.concat(trozos), resto };
  }

  async function carpetaDeSubida(subida: string): Promise<{ carpeta: Carpeta; tamano: number } | undefined> {
    const fila = await db('archivos').where({ subida, estado: 'subiendo' }).first('carpeta', 'tamano');
    return fila ? { carpeta: fila.carpeta, tamano: Number(fila.tamano) } : undefined;
  }

  async function serveSubida(request: FastifyRequest, reply: FastifyReply) {
    if (request.method !== 'POST') await checkDueno((request.params as { id: string }).id, request);
    const headers = new Headers();
    for (const [k, v] of Object.entries(request.headers)) if (typeof v === 'string') headers.set(k, v);
    const url = `http://${request.headers.host ?? 'localhost'}${request.url}`;
    let body: ReadableStream | undefined;
    const conCuerpo = request.method === 'PATCH' || (request.method === 'POST' && request.headers['content-type'] === 'application/offset+octet-stream');
    if (conCuerpo) {
      let cuerpo: AsyncIterable<Buffer> = request.raw;
      const subida = request.method === 'PATCH' ? (request.params as { id: string }).id : undefined;
      const empieza = request.method === 'POST' || request.headers['upload-offset'] === '0';
      if (empieza) {
        const { inicio, resto } = await peekInicio(request);
        const destino = subida ? await carpetaDeSubida(subida) : { carpeta: metadatoCarpeta(request.headers['upload-metadata']), tamano: Number(request.headers['upload-length']) };
        // Too few bytes to judge (a tiny first chunk of a larger file): onUploadFinish judges.
        const decidible = inicio.length >= BYTES_FIRMA || (destino !== undefined && inicio.length >= destino.tamano);
        if (destino?.carpeta && decidible && !(await firma(inicio, destino.carpeta))) {
          if (subida) await discard(subida, actorOf(request));
          request.raw.resume();
          throw new HttpError(415, mensajes.subidas.tipoNoAdmitido(destino.carpeta), 'UNSUPPORTED_MEDIA_TYPE');
        }
        cuerpo = (async function* () {
          if (inicio.length) yield inicio;
          for (let r = await resto.next(); !r.done; r = await resto.next()) yield r.value;
        })();
      }
      body = flujoConEspera(cuerpo);
    }
    const web = new Request(url, { method: request.method, headers, body, duplex: 'half' } as RequestInit);
    peticiones.set(web, request);
    const respuesta = await tus.handleWeb(web);
    const texto = await respuesta.text();
    if (respuesta.status >= 400) throw enSobre(respuesta.status, texto);
    reply.code(respuesta.status);
    // CORS is @fastify/cors's, for every route alike.
    respuesta.headers.forEach((valor, nombre) => {
      if (!nombre.startsWith('access-control-')) reply.header(nombre, valor);
    });
    return reply.send(texto || undefined);
  }

  // tus bodies are raw bytes: left unread here, streamed by tus into the store.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
  // Uploading makes archivos: the roles that write them.
  const rutaTus = { ...conCabeceraTus, acceso: { recurso: repo.registry.get('archivos'), op: 'escribir' as const } };
  app.route({ method: ['POST'], url: '/subidas', config: rutaTus, handler: serveSubida });
  app.route({ method: ['HEAD', 'PATCH', 'DELETE'], url: '/subidas/:id', config: rutaTus, handler: serveSubida });
}

/**
 * A web stream that reads its source only when asked (highWaterMark 0): the socket is paused
 * while the store writes, so a 2 GB chunk never piles up in memory. (Readable.toWeb on Node 20
 * reads ahead without waiting.)
 */
function flujoConEspera(fuente: AsyncIterable<Buffer>): ReadableStream<Uint8Array> {
  const it = fuente[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controlador) {
        const { value, done } = await it.next();
        if (done) controlador.close();
        else controlador.enqueue(value);
      },
      async cancel() {
        await it.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}

/** The `carpeta` of an Upload-Metadata header (`key base64,key base64`), before tus parses it. */
function metadatoCarpeta(cabecera: string | string[] | undefined): Carpeta | undefined {
  if (typeof cabecera !== 'string') return undefined;
  for (const par of cabecera.split(',')) {
    const [clave, valor] = par.trim().split(' ');
    if (clave === 'carpeta' && valor) {
      const c = Buffer.from(valor, 'base64').toString('utf8');
      return (CARPETAS as readonly string[]).includes(c) ? (c as Carpeta) : undefined;
    }
  }
  return undefined;
}
