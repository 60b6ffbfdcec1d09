// What the session layer (auth/) attaches to every request, null until a session (or an API token) is recognised:
// the engine reads who asks from here, so the type lives with it and auth/ fills it in.
import 'fastify';
import type { Rol } from '../base/types.js';

export interface SessionLogin {
  id: number;
  usuario: string;
  nombre: string | null;
  /** The `sesiones` row this request came with. */
  sesionId: number;
  rol: Rol;
  /**
   * A session that is not yet a whole one (sesiones.fase): it may use only the routes of that
   * step (auth/guard.ts), e.g. the second factor's code after the password.
   */
  fase: string | null;
  /**
   * Set when the request came with an API token (`Authorization: Bearer`), not a session: then
   * `id` is the token's, `usuario` and `nombre` its name, and there is no account behind it.
   */
  tokenId?: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    login: SessionLogin | null;
  }
}
