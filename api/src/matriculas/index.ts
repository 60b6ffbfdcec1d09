// Enrolments beyond their CRUD (docs/arquitectura.md §22): the question the shop and the video
// player ask, `GET /usuarios/{id}/acceso/{cursoId}`, for a session or an API token that reads
// matrículas. One indexed lookup (the partial unique index of the activas, migration 0022): it is
// asked on every play.
import type { FastifyInstance } from 'fastify';
import { notFound } from '../base/errors.js';
import { millisDe } from '../base/tiempo.js';
import type { Repository } from '../rest/repository.js';
import { actorOf, parseId } from '../rest/peticion.js';
import { launchLote, loteBody, type PeticionLote } from './lote.js';

export interface MatriculasOptions {
  repo: Repository;
}

export interface Acceso {
  acceso: boolean;
  /** Until when (ISO); null: for ever, or no access. */
  hasta: string | null;
  matriculaId: number | null;
}

export default async function matriculasRoutes(app: FastifyInstance, { repo }: MatriculasOptions) {
  const matriculas = repo.registry.get('matriculas');
  const { db } = repo;

  app.get<{ Params: { id: string; cursoId: string } }>('/usuarios/:id/acceso/:cursoId', { config: { acceso: { recurso: matriculas, op: 'leer' } }, schema: { hide: true } }, async (request) => {
    const usuarioId = parseId(request.params.id);
    const cursoId = parseId(request.params.cursoId);
    const fila = (await db('matriculas').where({ usuarioId, cursoId, estado: 'activa' }).first('id', 'hasta')) as { id: number; hasta: unknown } | undefined;
    // Past its end but not yet marked by the daily job: no access already.
    if (fila && (fila.hasta == null || millisDe(fila.hasta) > Date.now())) {
      return { acceso: true, hasta: fila.hasta == null ? null : new Date(millisDe(fila.hasta)).toISOString(), matriculaId: Number(fila.id) } satisfies Acceso;
    }
    // No access: say so for a usuario and curso that exist, and 404 for ones that do not (a typo is not a «no»).
    const [usuario, curso] = await Promise.all([db('usuarios').where('id', usuarioId).first('id'), db('cursos').where('id', cursoId).first('id')]);
    if (!usuario) throw notFound('Usuario', usuarioId);
    if (!curso) throw notFound('Curso', cursoId);
    return { acceso: false, hasta: null, matriculaId: null } satisfies Acceso;
  });

  app.post<{ Body: PeticionLote }>('/matriculas/lote', { config: { acceso: { recurso: matriculas, op: 'escribir' } }, schema: { body: loteBody, hide: true } }, async (request, reply) => {
    return reply.code(202).send(await launchLote(repo, actorOf(request), request.body));
  });
}
