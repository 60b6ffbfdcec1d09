// The LoopBack error envelope (docs/arquitectura.md §3) and the one error handler that produces it.
// Anything thrown that is not an HttpError is a bug: it is logged in full and answered as a
// bare 500 that reveals nothing.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { mensajes } from '../mensajes.js';

export interface ErrorDetail {
  path: string;
  code: string;
  message: string;
  info?: Record<string, unknown>;
}

const names: Record<number, string> = {
  400: 'BadRequestError',
  401: 'UnauthorizedError',
  403: 'ForbiddenError',
  404: 'NotFoundError',
  405: 'MethodNotAllowedError',
  408: 'RequestTimeoutError',
  409: 'ConflictError',
  410: 'GoneError',
  412: 'PreconditionFailedError',
  413: 'PayloadTooLargeError',
  414: 'URITooLongError',
  415: 'UnsupportedMediaTypeError',
  422: 'UnprocessableEntityError',
  429: 'TooManyRequestsError',
  431: 'RequestHeaderFieldsTooLargeError',
  503: 'ServiceUnavailableError',
  507: 'InsufficientStorageError',
};

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly details?: ErrorDetail[] | Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
  get name() {
    return names[this.statusCode] ?? 'HttpError';
  }
  toJSON() {
    return {
      error: {
        statusCode: this.statusCode,
        name: this.name,
        message: this.message,
        ...(this.code ? { code: this.code } : {}),
        ...(this.details ? { details: this.details } : {}),
      },
    };
  }
}

export const badRequest = (message: string, details?: ErrorDetail[]) =>
  new HttpError(400, message, 'INVALID_PARAMETER_VALUE', details);
export const unauthorized = (message: string = mensajes.auth.sinSesion) => new HttpError(401, message, 'UNAUTHORIZED');
export const forbidden = (message: string) => new HttpError(403, message, 'FORBIDDEN');
export const notFound = (model: string, id: unknown) =>
  new HttpError(404, `Entity not found: ${model} with id ${JSON.stringify(id)}`, 'ENTITY_NOT_FOUND', {
    entityName: model,
    entityId: id,
  });
export const conflict = (message: string, details?: ErrorDetail[]) => new HttpError(409, message, 'CONFLICT', details);
export const validationFailed = (details: ErrorDetail[]) =>
  new HttpError(422, mensajes.validacion.titulo, 'VALIDATION_FAILED', details);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, mensajes.auth.demasiadosIntentos(retryAfterSeconds), 'TOO_MANY_REQUESTS', undefined, {
    'retry-after': String(retryAfterSeconds),
  });

type Fallo = { name?: string; code?: string | number; message?: string; $metadata?: { httpStatusCode?: number } };

/**
 * The database could not be reached (down, restarting, pool exhausted), or its connection went
 * in the middle of a transaction (at COMMIT or ROLLBACK too: the transaction did not happen): the
 * request may succeed later, so 503 rather than the 500 that means a bug.
 */
function isDatabaseUnavailable(err: Fallo): boolean {
  if (err.name === 'KnexTimeoutError') return true;
  const code = String(err.code ?? '');
  // PostgreSQL class 08 (connection exception), 57P01-03 (shutdown, cannot connect now), and socket errors.
  return /^08|^57P0[123]$|^ECONNREFUSED$|^ECONNRESET$|^ETIMEDOUT$|^EPIPE$|^SQLITE_BUSY/.test(code) ||
    /Connection terminated|connect ECONNREFUSED|not queryable|Connection ended unexpectedly/.test(err.message ?? '');
}

const retryAfter = (segundos: number) => ({ 'retry-after': String(segundos) });

/**
 * A disk that is full or read-only, where files or SQLite live, or PostgreSQL's own disk full:
 * 507 or 503 with the reason, never 500. Nothing was written (every write is one transaction;
 * an upload keeps the offset it had).
 */
export function averiaDeDisco(err: Fallo): HttpError | undefined {
  const code = String(err.code ?? '');
  if (/^(ENOSPC|EDQUOT|SQLITE_FULL|53100)$/.test(code)) return new HttpError(507, mensajes.almacen.lleno, 'INSUFFICIENT_STORAGE');
  if (/^(EROFS|SQLITE_READONLY.*|25006|EIO|SQLITE_IOERR.*)$/.test(code)) {
    return new HttpError(503, mensajes.almacen.soloLectura, 'SERVICE_UNAVAILABLE', undefined, retryAfter(60));
  }
  return undefined;
}

/**
 * Where the error can only come from the object store (tus's S3 writes): its server unreachable,
 * slow, or answering 5xx is an outage of the store, 503 with Retry-After.
 */
export function averiaDeAlmacen(err: Fallo): HttpError | undefined {
  const disco = averiaDeDisco(err);
  if (disco) return disco;
  const code = String(err.code ?? '');
  const red = /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|UND_ERR_.*)$/.test(code);
  const servidor = (err.$metadata?.httpStatusCode ?? 0) >= 500 || /^(TimeoutError|RequestTimeout|SlowDown|ServiceUnavailable|InternalError)$/.test(err.name ?? '');
  if (red || servidor) return new HttpError(503, mensajes.almacen.noDisponible, 'SERVICE_UNAVAILABLE', undefined, retryAfter(10));
  return undefined;
}

/** Fastify's own client errors (bad JSON, wrong media type, body too large) in our envelope. */
function fromFastify(err: FastifyError): HttpError | undefined {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new HttpError(415, mensajes.peticion.tipoNoSoportado, 'UNSUPPORTED_MEDIA_TYPE');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new HttpError(413, mensajes.peticion.demasiadoGrande, 'PAYLOAD_TOO_LARGE');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return badRequest(mensajes.peticion.cuerpoVacio);
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return badRequest(mensajes.peticion.jsonInvalido);
  }
  if (err instanceof SyntaxError || (err.statusCode === 400 && err.code?.startsWith('FST_ERR_CTP'))) {
    return badRequest(mensajes.peticion.jsonInvalido);
  }
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500 && names[err.statusCode]) {
    return new HttpError(err.statusCode, err.message);
  }
  return undefined;
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const http = err instanceof HttpError ? err : fromFastify(err);
    if (http) {
      if (http.statusCode >= 500) request.log.warn({ err: err.message }, 'request failed');
      return reply.code(http.statusCode).headers(http.headers).send(http.toJSON());
    }
    // A client that hangs up mid-body (a reload during an upload) reads as ECONNRESET, like a
    // lost database: it is neither the database nor a bug, and nobody is left to answer.
    if (request.raw.destroyed && (err.code === 'ECONNRESET' || err.message === 'aborted')) {
      request.log.info({ err: err.message }, 'client went away');
      return reply.code(400).send(badRequest(mensajes.peticion.malFormada).toJSON());
    }
    const disco = averiaDeDisco(err);
    if (disco) {
      request.log.warn({ err: err.message, code: err.code }, 'storage fault');
      return reply.code(disco.statusCode).headers(disco.headers).send(disco.toJSON());
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err: err.message }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send(new HttpError(503, mensajes.salud.bdNoDisponible, 'SERVICE_UNAVAILABLE').toJSON());
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ error: { statusCode: 500, message: 'Internal Server Error' } });
  });
  app.setNotFoundHandler((request, reply) => {
    const http = new HttpError(404, mensajes.peticion.rutaNoEncontrada(request.method, request.url.split('?')[0]), 'NOT_FOUND');
    reply.code(404).send(http.toJSON());
  });
}

/**
 * Fastify's `frameworkErrors`: the URL did not decode (a stray or truncated «%») or a path
 * segment is over maxParamLength. No route matched, so no hook ran and setErrorHandler does not
 * apply: the envelope and the security headers are written here.
 */
export function frameworkErrorAnswer(securityHeaders: Record<string, string>) {
  return (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const http =
      err.code === 'FST_ERR_BAD_URL' ? badRequest(mensajes.peticion.urlInvalida)
      : err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? new HttpError(414, mensajes.peticion.urlDemasiadoLarga, 'URI_TOO_LONG')
      : undefined;
    reply.headers(securityHeaders);
    if (http) return reply.code(http.statusCode).send(http.toJSON());
    request.log.error({ err }, 'unhandled framework error');
    return reply.code(500).send({ error: { statusCode: 500, message: 'Internal Server Error' } });
  };
}

/**
 * Fastify's `clientErrorHandler`: Node could not parse the request (malformed HTTP, headers or
 * URL over maxHeaderSize, too slow to arrive). There is no request object, only the socket, so
 * the response is written by hand, then the connection is closed as Node does.
 */
export function clientErrorAnswer(securityHeaders: Record<string, string>) {
  return function (this: FastifyInstance, err: NodeJS.ErrnoException, socket: Duplex) {
    // A reset connection has no one left to answer.
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const http =
      err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? new HttpError(408, mensajes.peticion.tiempoAgotado, 'REQUEST_TIMEOUT')
      : err.code === 'HPE_HEADER_OVERFLOW' ? new HttpError(431, mensajes.peticion.cabecerasDemasiadoGrandes, 'HEADERS_TOO_LARGE')
      : badRequest(mensajes.peticion.malFormada);
    this.log.debug({ err: err.message, code: err.code }, 'client error');
    if (socket.writable) {
      const body = JSON.stringify(http.toJSON());
      const head = [
        `HTTP/1.1 ${http.statusCode} ${STATUS_CODES[http.statusCode]}`,
        'content-type: application/json; charset=utf-8',
        `content-length: ${Buffer.byteLength(body)}`,
        'connection: close',
        ...Object.entries(securityHeaders).map(([name, value]) => `${name}: ${value}`),
      ];
      socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
    }
    socket.destroy(err);
  };
}
