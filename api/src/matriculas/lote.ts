// `POST /matriculas/lote` (docs/arquitectura.md §22): a bulk enrolment or revocation from the
// usuarios list, for the usuarios chosen (`usuarioIds`) or every one a filter matches (`where`,
// the list's own, in the REST dialect). The usuarios are fixed now; the lote and its job are
// written in one transaction, so the job exists if and only if the lote does. Answers 202 with
// the lote, which the admin reads back until it is terminado.
import { validationFailed, type ErrorDetail } from '../base/errors.js';
import { millisDe } from '../base/tiempo.js';
import type { Actor } from '../base/types.js';
import { mensajes } from '../mensajes.js';
import { parseWhere } from '../rest/filter.js';
import { Presupuesto } from '../rest/presupuesto.js';
import type { Repository } from '../rest/repository.js';
import { enqueue } from '../trabajos/encolar.js';

/** A lote's reach: ten times the 10 000 the issue asks for, still one JSON text of under a megabyte. */
export const MAX_USUARIOS_LOTE = 100_000;

export interface PeticionLote {
  accion: 'matricular' | 'revocar';
  cursoId: number;
  hasta?: string | null;
  motivo?: string;
  usuarioIds?: number[];
  where?: Record<string, unknown>;
}

export const loteBody = {
  type: 'object',
  required: ['accion', 'cursoId'],
  additionalProperties: false,
  properties: {
    accion: { type: 'string', enum: ['matricular', 'revocar'] },
    cursoId: { type: 'integer', minimum: 1, maximum: 2147483647 },
    hasta: { type: ['string', 'null'], format: 'date-time', description: 'Fin del acceso de las matrículas nuevas; null o sin él: el que dé el curso' },
    motivo: { type: 'string', minLength: 1, maxLength: 500, description: 'Por qué se revocan (obligatorio al revocar)' },
    usuarioIds: { type: 'array', items: { type: 'integer', minimum: 1, maximum: 2147483647 }, maxItems: MAX_USUARIOS_LOTE, uniqueItems: true },
    where: { type: 'object', description: 'Los usuarios que cumplen este where (el de la lista), en vez de usuarioIds' },
  },
} as const;

export async function launchLote(repo: Repository, actor: Actor, body: PeticionLote) {
  const errores: ErrorDetail[] = [];
  const detalle = (path: string, message: string) => errores.push({ path, code: 'lote', message });
  if (body.usuarioIds && body.where) detalle('/where', mensajes.matriculas.loteIdsYFiltro);
  if (body.accion === 'revocar' && !body.motivo?.trim()) detalle('/motivo', mensajes.matriculas.loteSinMotivo);
  if (body.accion === 'matricular' && body.hasta != null && millisDe(body.hasta) <= Date.now()) detalle('/hasta', mensajes.matriculas.loteHastaPasado);
  if (!(await repo.db('cursos').where('id', body.cursoId).first('id'))) detalle('/cursoId', mensajes.matriculas.cursoNoExiste(body.cursoId));
  if (errores.length) throw validationFailed(errores);

  const usuarios = repo.registry.get('usuarios');
  const ids = body.usuarioIds
    ? [...body.usuarioIds].sort((a, b) => a - b)
    : (
        await repo.find(
          usuarios,
          { where: parseWhere(usuarios, body.where ?? {}), fields: ['id'], order: [{ field: 'id', dir: 'asc' }], include: [], skip: 0, limit: MAX_USUARIOS_LOTE + 1 },
          undefined,
          repo.db,
          false,
          new Presupuesto(Infinity),
        )
      ).map((u) => Number(u.id));
  if (!ids.length) throw validationFailed([{ path: body.usuarioIds ? '/usuarioIds' : '/where', code: 'lote', message: mensajes.matriculas.loteSinUsuarios }]);
  if (ids.length > MAX_USUARIOS_LOTE) throw validationFailed([{ path: '/where', code: 'lote', message: mensajes.matriculas.loteDemasiados(ids.length, MAX_USUARIOS_LOTE) }]);

  return repo.transaction(
    actor,
    async (w) => {
      const id = await w.create('lotes', {
        accion: body.accion,
        cursoId: body.cursoId,
        hasta: body.accion === 'matricular' ? (body.hasta ?? null) : null,
        motivo: body.accion === 'revocar' ? body.motivo!.trim() : null,
        estado: 'pendiente',
        total: ids.length,
        usuarioIds: JSON.stringify(ids),
        loginId: actor.loginId,
      });
      await enqueue(w.db, 'loteMatriculas', { loteId: id });
      return w.findById('lotes', id);
    },
    { accion: 'lanzar' },
  );
}
