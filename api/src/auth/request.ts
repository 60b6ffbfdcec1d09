// What the session layer attaches to every request (null until a session is recognised).
import 'fastify';

export interface SessionLogin {
  id: number;
  usuario: string;
  nombre: string | null;
  /** The `sesiones` row this request came with. */
  sesionId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    login: SessionLogin | null;
  }
}
