// The matched route's settings (its `config`, with its url and method), read once per request.
// Fastify's `request.routeOptions` builds a new object on every read, and the hooks every
// request passes through read it half a dozen times: a few µs of each read by id (bench/perfil.ts).
import type { FastifyContextConfig, FastifyRequest } from 'fastify';

export type RutaConfig = FastifyContextConfig & { url?: string; method?: string };

const RUTA = Symbol('ruta');

export function rutaDe(request: FastifyRequest): RutaConfig {
  const r = request as FastifyRequest & { [RUTA]?: RutaConfig };
  return (r[RUTA] ??= request.routeOptions.config as RutaConfig);
}
