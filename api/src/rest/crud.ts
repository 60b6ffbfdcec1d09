// The LoopBack routes of one resource (docs/arquitectura.md §3), and the nested routes of its `nested`
// hasMany relations. Everything resource-specific comes from the registry entry.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import '../auth/request.js';
import type { Config } from '../config.js';
import { mensajes } from '../mensajes.js';
import type { Resource } from '../base/types.js';
import { registryOf } from './registry.js';
import { badRequest, forbidden } from '../base/errors.js';
import { parseFilter, parseWhereParam, type WhereNode } from './filter.js';
import { readPreferences } from './prefer.js';
import { presupuestoDe } from './presupuesto.js';
import { combine, type Actor, type Repository } from './repository.js';
import { validateActionBody, validateBody } from './validate.js';

export interface CrudOptions {
  repo: Repository;
  config: Pick<Config, 'maxLimit' | 'countCap' | 'countBudgetMs' | 'countMemoryMs' | 'lectura'>;
}

type Query = { filter?: unknown; where?: unknown };
type Params = { id: string };

function parseId(raw: string): number {
  if (!/^\d{1,10}$/.test(raw) || Number(raw) > 2147483647) {
    throw badRequest(mensajes.filtro.valorInvalido('id', 'un número entero'));
  }
  return Number(raw);
}

export function actorOf(request: FastifyRequest): Actor {
  return { loginId: request.login?.id ?? null, ip: request.ip, sesionId: request.login?.sesionId };
}

/**
 * What a client may not do to a resource's rows, on whichever route reaches them: append-only
 * rows (logs) are created but never changed or deleted; server-written rows (archivos) are never
 * created or changed by a client, only deleted.
 */
function refusals(resource: Resource) {
  const refuseCreate = () => {
    if (resource.serverWritten) throw forbidden(resource.serverWritten);
  };
  const refuseDelete = () => {
    if (resource.appendOnly) throw forbidden(mensajes.peticion.soloLectura(resource.labels));
  };
  const refuseChange = () => {
    refuseDelete();
    refuseCreate();
  };
  return { refuseCreate, refuseDelete, refuseChange };
}

export function registerCrudRoutes(app: FastifyInstance, resource: Resource, { repo, config }: CrudOptions) {
  const base = `/${resource.name}`;
  const limits = { maxLimit: config.maxLimit };
  const { refuseCreate, refuseDelete, refuseChange } = refusals(resource);

  // Exact unless the caller prefers otherwise (`Prefer: count=planned|estimated`, docs/arquitectura.md §12);
  // the answer names the mode it honoured, and its body says when the number is not exact.
  app.get<{ Querystring: Query }>(`${base}/count`, async (req, reply) => {
    const mode = readPreferences(req.headers.prefer).count;
    const where = parseWhereParam(resource, req.query.where);
    // The same URL answers differently per Prefer: a cache must not hand one caller's to another.
    reply.header('vary', 'Prefer');
    if (!mode) return { count: await repo.count(resource, where) };
    reply.header('preference-applied', `count=${mode}`);
    return repo.countIn(resource, where, mode, { cap: config.countCap, presupuestoMs: config.countBudgetMs, memoriaMs: config.countMemoryMs });
  });

  app.get<{ Querystring: Query; Params: Params }>(`${base}/:id`, async (req, reply) => {
    const id = parseId(req.params.id);
    const filter = parseFilter(resource, req.query.filter, { ...limits, byId: true });
    return repo.findById(resource, id, filter, undefined, presupuestoDe(reply, config.lectura));
  });

  app.put<{ Params: Params }>(`${base}/:id`, async (req, reply) => {
    refuseChange();
    const id = parseId(req.params.id);
    const body = validateBody(resource, 'replace', req.body);
    if (body.id !== undefined && body.id !== id) throw badRequest(mensajes.validacion.idDistinto);
    delete body.id;
    await repo.replace(resource, id, body, actorOf(req));
    return reply.code(204).send();
  });

  app.patch<{ Params: Params }>(`${base}/:id`, async (req, reply) => {
    refuseChange();
    const id = parseId(req.params.id);
    await repo.update(resource, id, validateBody(resource, 'update', req.body), actorOf(req));
    return reply.code(204).send();
  });

  app.delete<{ Params: Params }>(`${base}/:id`, async (req, reply) => {
    refuseDelete();
    await repo.deleteById(resource, parseId(req.params.id), actorOf(req));
    return reply.code(204).send();
  });

  app.get<{ Querystring: Query }>(base, async (req, reply) => {
    const filter = parseFilter(resource, req.query.filter, limits);
    return repo.find(resource, filter, undefined, undefined, false, presupuestoDe(reply, config.lectura));
  });

  app.post(base, async (req) => {
    refuseCreate();
    return repo.create(resource, validateBody(resource, 'create', req.body), actorOf(req));
  });

  app.patch<{ Querystring: Query }>(base, async (req) => {
    refuseChange();
    const body = validateBody(resource, 'update', req.body);
    return { count: await repo.updateAll(resource, parseWhereParam(resource, req.query.where), body, actorOf(req)) };
  });

  for (const [name, relation] of Object.entries(resource.relations)) {
    if (relation.type === 'hasMany' && relation.nested) registerNestedRoutes(app, resource, name, { repo, config });
  }

  // The entity's own read routes: `GET /R/verificar` before `/R/:id` needs no ordering (a static
  // segment wins in Fastify's router), `GET /R/:id/pdf` is its own path.
  const readCtx = { db: repo.db, facturacion: repo.facturacion, findById: (name: string, rid: number) => repo.findById(registryOf(resource).get(name), rid) };
  for (const read of Object.values(resource.reads)) {
    app.get<{ Params: Params }>(read.collection ? `${base}/${read.path}` : `${base}/:id/${read.path}`, async (req, reply) => {
      const lectura = await read.run(read.collection ? undefined : parseId(req.params.id), readCtx);
      reply.type(lectura.type);
      if (lectura.filename) reply.header('content-disposition', `attachment; filename="${lectura.filename}"`);
      return lectura.body;
    });
  }

  // The entity's own actions, after CRUD so `/:id` routes and nested ones keep their meaning.
  for (const [name, action] of Object.entries(resource.actions)) {
    app.route<{ Params: Params }>({
      method: action.method,
      url: `${base}/:id/${action.path}`,
      handler: async (req, reply) => {
        const id = parseId(req.params.id);
        const result = await repo.runAction(resource, id, name, action, validateActionBody(action.body, req.body), actorOf(req));
        return result === undefined ? reply.code(204).send() : result;
      },
    });
  }
}

/** `/cursos/{id}/clases` and the like: the child resource's calls, scoped to one parent. */
function registerNestedRoutes(app: FastifyInstance, parent: Resource, relationName: string, { repo, config }: CrudOptions) {
  const relation = parent.relations[relationName];
  const child = registryOf(parent).get(relation.target);
  const fk = relation.foreignKey;
  const path = `/${parent.name}/:id/${relationName}`;
  const scopeTo = (id: number): WhereNode => ({ kind: 'cond', field: fk, op: 'eq', value: id });
  const parentId = async (raw: string) => {
    const id = parseId(raw);
    await repo.findById(parent, id, { order: [], skip: 0, include: [], fields: ['id'] });
    return id;
  };

  app.get<{ Querystring: Query; Params: Params }>(path, async (req, reply) => {
    const id = await parentId(req.params.id);
    const filter = parseFilter(child, req.query.filter, { maxLimit: config.maxLimit });
    return repo.find(child, { ...filter, where: combine(filter.where, scopeTo(id)) }, undefined, undefined, false, presupuestoDe(reply, config.lectura));
  });

  // The child's own rules hold under its parent too: /pagos/{id}/reembolsos is read, never written.
  const { refuseCreate, refuseDelete, refuseChange } = refusals(child);

  app.post<{ Params: Params }>(path, async (req) => {
    refuseCreate();
    const id = await parentId(req.params.id);
    const body = validateBody(child, 'create', req.body);
    if (body[fk] !== undefined && body[fk] !== id) throw badRequest(mensajes.validacion.padreDistinto(fk));
    return repo.create(child, { ...body, [fk]: id }, actorOf(req));
  });

  app.patch<{ Querystring: Query; Params: Params }>(path, async (req) => {
    refuseChange();
    const id = await parentId(req.params.id);
    const body = validateBody(child, 'update', req.body);
    if (fk in body && body[fk] !== id) throw badRequest(mensajes.validacion.padreDistinto(fk));
    const where = combine(parseWhereParam(child, req.query.where), scopeTo(id));
    return { count: await repo.updateAll(child, where, body, actorOf(req)) };
  });

  app.delete<{ Querystring: Query; Params: Params }>(path, async (req) => {
    refuseDelete();
    const id = await parentId(req.params.id);
    const where = combine(parseWhereParam(child, req.query.where), scopeTo(id));
    return { count: await repo.deleteAll(child, where, actorOf(req)) };
  });
}
