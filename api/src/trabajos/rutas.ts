// The administrator's view of background work: GET /trabajos (each kind, as resumen.ts reads
// it) and POST /trabajos/{id}/reintentar (a failed job queued again, now). Both are the
// administrador's alone: they show failures of every part of the application, and retrying may
// repeat work on data other roles do not see. Their OpenAPI is here, beside them.
import type { FastifyInstance } from 'fastify';
import { writeEvento } from '../auth/auditoria.js';
import { conflict, HttpError } from '../base/errors.js';
import { INT_MAX } from '../base/values.js';
import { lockRow } from '../db/filas.js';
import { ESTADOS_TIPO, RESULTADOS } from '../../../contrato/trabajos.js';
import { mensajes } from '../mensajes.js';
import type { AccesoRuta } from '../rest/permisos.js';
import { actorOf, parseId } from '../rest/peticion.js';
import type { Repository } from '../rest/repository.js';
import { notifyEncolados } from './aviso.js';
import type { Trabajo } from './definir.js';
import { buildInstante } from './instante.js';
import { readResumen } from './resumen.js';

const SOLO_ADMINISTRADOR: AccesoRuta = { roles: ['administrador'] };

export interface OpcionesRutas {
  /** Where the retry's row in the activity log is written (the jobs themselves are no records). */
  repo: Repository;
  tipos: Trabajo[];
  /** Whether the configuration wants a kind (its `activo`, with the application's services). */
  activo(tipo: Trabajo): boolean;
}

export function registerTrabajos(app: FastifyInstance, { repo, tipos, activo }: OpcionesRutas) {
  const db = repo.db;
  app.get('/trabajos', { config: { acceso: SOLO_ADMINISTRADOR } }, async () => readResumen(db, tipos, activo));

  app.post<{ Params: { id: string } }>('/trabajos/:id/reintentar', { config: { acceso: SOLO_ADMINISTRADOR } }, async (request, reply) => {
    const id = parseId(request.params.id);
    const actor = actorOf(request);
    await repo.transaction(actor, async (w) => {
      const trx = w.db;
      const fila = await lockRow(trx, 'trabajos', { id });
      if (!fila) throw new HttpError(404, mensajes.trabajos.noEncontrado, 'ENTITY_NOT_FOUND');
      if (fila.estado !== 'fallido') throw conflict(mensajes.trabajos.noFallido(fila.estado));
      const tipo = tipos.find((t) => t.nombre === fila.tipo);
      if (!tipo) throw conflict(mensajes.trabajos.tipoDesconocido(fila.tipo));
      // Queued again it would break the one-live-job-per-clave rule: the other one does the work.
      if (fila.clave !== null && (await trx('trabajos').where({ tipo: fila.tipo, clave: fila.clave }).whereIn('estado', ['pendiente', 'ejecutando']).first('id'))) {
        throw conflict(mensajes.trabajos.yaHayOtro);
      }
      await trx('trabajos').where('id', id).update({ estado: 'pendiente', intentos: 0, ejecutarEn: buildInstante(trx), titular: null, arriendoHasta: null, updatedAt: new Date().toISOString() });
      await writeEvento(w, { tipo: 'REINTENTO', datos: { trabajo: id, tipo: tipo.etiqueta, clave: fila.clave } });
    });
    notifyEncolados();
    return reply.code(204).send();
  });
}

const json = (schema: unknown) => ({ 'application/json': { schema } });
const error = (description: string) => ({ description, content: json({ $ref: '#/components/schemas/Error' }) });
const fecha = { type: 'string', format: 'date-time', nullable: true };

const resumenTipo = {
  type: 'object',
  required: ['tipo', 'etiqueta', 'activo', 'cadaMs', 'unoALaVez', 'estado', 'pendientes', 'ejecutando', 'fallidos', 'ultima', 'proxima', 'fallos'],
  properties: {
    tipo: { type: 'string' },
    etiqueta: { type: 'string' },
    activo: { type: 'boolean' },
    cadaMs: { type: 'integer', nullable: true },
    unoALaVez: { type: 'boolean' },
    estado: { type: 'string', enum: [...ESTADOS_TIPO] },
    pendientes: { type: 'integer' },
    ejecutando: { type: 'integer' },
    fallidos: { type: 'integer' },
    ultima: {
      type: 'object',
      nullable: true,
      properties: { id: { type: 'integer' }, inicio: fecha, fin: fecha, resultado: { type: 'string', enum: [...RESULTADOS] }, error: { type: 'string', nullable: true }, intentos: { type: 'integer' } },
    },
    proxima: fecha,
    fallos: {
      type: 'array',
      items: { type: 'object', properties: { id: { type: 'integer' }, clave: { type: 'string', nullable: true }, error: { type: 'string', nullable: true }, intentos: { type: 'integer' }, fin: fecha } },
    },
  },
};

/** Its routes in /openapi.json, beside the registry's. */
export const trabajosPaths = {
  '/trabajos': {
    get: {
      tags: ['trabajos'],
      operationId: 'Trabajos.lista',
      summary: mensajes.trabajos.resumen.lista,
      responses: { '200': { description: 'Un resumen por tipo de trabajo', content: json({ type: 'array', items: resumenTipo }) }, '403': error('Solo el administrador') },
    },
  },
  '/trabajos/{id}/reintentar': {
    post: {
      tags: ['trabajos'],
      operationId: 'Trabajos.reintentar',
      summary: mensajes.trabajos.resumen.reintentar,
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1, maximum: INT_MAX } }],
      requestBody: { content: json({ type: 'object' }) },
      responses: {
        '204': { description: 'En cola de nuevo' },
        '403': error('Solo el administrador'),
        '404': error('No existe ese trabajo'),
        '409': error('No está fallido, su tipo no existe ya, o hay otro igual en cola'),
      },
    },
  },
};
