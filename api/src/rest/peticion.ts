// What a route reads of the request itself, shared by the routes of rows (crud.ts), of their
// history (historial.ts) and of accounts (auth/cuenta.ts): apart from crud.ts, which registers
// the history's routes, so that historial.ts need not import crud.ts back.
import type { FastifyRequest } from 'fastify';
import './request.js';
import { badRequest } from '../base/errors.js';
import { INT_MAX } from '../base/values.js';
import { mensajes } from '../mensajes.js';
import type { Actor } from './repository.js';

export function parseId(raw: string): number {
  if (!/^\d{1,10}$/.test(raw) || Number(raw) > INT_MAX) {
    throw badRequest(mensajes.filtro.valorInvalido('id', 'un número entero'));
  }
  return Number(raw);
}

/** Who writes through a route: the account or the API token, held to its role's `acceso` on whatever the write reaches. */
export function actorOf(request: FastifyRequest): Actor {
  const login = request.login;
  if (login?.tokenId !== undefined) return { loginId: null, tokenId: login.tokenId, ip: request.ip, rol: login.rol };
  return { loginId: login?.id ?? null, ip: request.ip, sesionId: login?.sesionId, rol: login?.rol };
}
