// Saves that know what they overwrite (docs/arquitectura.md §17): a record's `version` travels as
// its ETag, and a write that sends `If-Match` is refused with 412 and the record as it is now
// when the version moved on since. Without If-Match a write goes through as LoopBack's would.
import 'fastify';
import type { FastifyRequest } from 'fastify';
import type { Resource } from '../base/types.js';
import { badRequest, HttpError } from '../base/errors.js';
import { mensajes } from '../mensajes.js';
import { rutaDe } from './ruta.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route compares If-Match with the record's version: a write on one record or its action. */
    condicional?: boolean;
  }
}

/** The preconditions a client may put on a write; of them, only If-Match is ever evaluated. */
const PRECONDICIONES = { 'if-match': 'If-Match', 'if-none-match': 'If-None-Match', 'if-unmodified-since': 'If-Unmodified-Since' } as const;
const SIN_EFECTOS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * preValidation hook: a write that carries a precondition its route does not evaluate (If-Match
 * on a bulk or nested change, on a creation; any If-None-Match or If-Unmodified-Since) is refused
 * before anything is written. Applied as if unconditioned, it would overwrite what the client
 * believed guarded by the version it sent.
 */
export function rejectPrecondicionNoEvaluada(request: FastifyRequest) {
  if (SIN_EFECTOS.has(request.method)) return;
  const evaluada = rutaDe(request).condicional ? 'if-match' : undefined;
  for (const [cabecera, nombre] of Object.entries(PRECONDICIONES)) {
    if (cabecera !== evaluada && request.headers[cabecera] !== undefined) throw badRequest(mensajes.historial.precondicionNoEvaluada(nombre));
  }
}

/** The versions a write accepts: any existing one (`*`) or these. */
export type Esperada = '*' | number[];

/**
 * Strong, `"3"`: If-Match compares strongly (RFC 9110 §13.1.1), so a weak `W/"3"` could never
 * match and would make every conditional save fail. The tag names the record's state, not the
 * bytes of one representation: the same version read with fewer `fields` is the same record,
 * and the write it guards replaces the record, not the bytes.
 */
export const etag = (version: unknown) => `"${Number(version)}"`;

/** The If-Match header as versions; absent means no precondition. A weak tag never matches. */
export function esperadaDe(req: FastifyRequest): Esperada | undefined {
  const raw = req.headers['if-match'];
  if (raw === undefined) return undefined;
  const text = String(raw).trim();
  if (text === '*') return '*';
  const versiones: number[] = [];
  for (const parte of text.split(',')) {
    const m = /^(W\/)?"(\d{1,10})"$/.exec(parte.trim());
    if (!m) throw badRequest(mensajes.historial.ifMatchInvalido);
    if (!m[1]) versiones.push(Number(m[2]));
  }
  return versiones;
}

export const cumple = (esperada: Esperada | undefined, version: unknown) =>
  esperada === undefined || esperada === '*' || esperada.includes(Number(version));

/** 412 in the usual envelope, with the record as it is now in `actual` (cut to what the caller may read). */
export class VersionCambiada extends HttpError {
  constructor(
    resource: Resource,
    public actual: Record<string, unknown>,
  ) {
    super(412, mensajes.historial.versionCambiada(resource.labels, Number(actual.version)), 'PRECONDITION_FAILED', undefined, { etag: etag(actual.version) });
  }
  toJSON() {
    const { error } = super.toJSON();
    return { error: { ...error, actual: this.actual } };
  }
}
