// The LoopBack routes of one resource (docs/arquitectura.md §3), and the nested routes of its `nested`
// hasMany relations. Everything resource-specific comes from the registry entry.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import './request.js';
import type { Config } from '../config/index.js';
import { mensajes } from '../mensajes.js';
import type { Resource } from '../base/types.js';
import { registryOf } from './registry.js';
import { badRequest, forbidden } from '../base/errors.js';
import { parseFilter, parseWhereParam, type WhereNode } from './filter.js';
import { readPreferences } from './prefer.js';
import { presupuestoDe } from './presupuesto.js';
import { combine, type Repository } from './repository.js';
import { assertCuerpo, assertPropio, camposDeAmbito, filtroPermitido, quienDe, trimCampos, refusalOf, wherePermitido } from './permisos.js';
import { validateActionBody, validateBody } from './validate.js';
import { esperadaDe, etag, VersionCambiada } from './versiones.js';
import { registerHistorialRoutes } from './historial.js';
import { actorOf, parseId } from './peticion.js';

export interface CrudOptions {
  repo: Repository;
  config: Pick<Config, 'maxLimit' | 'countCap' | 'countBudgetMs' | 'countMemoryMs' | 'lectura'>;
}

type Query = { filter?: unknown; where?: unknown };
type Params = { id: string };

const readAcceso = (recurso: Resource) => ({ acceso: { recurso, op: 'leer' as const } });
const writeAcceso = (recurso: Resource) => ({ acceso: { recurso, op: 'escribir' as const } });
/** A new row, which a role that may only create (the shop) may add too. */
const createAcceso = (recurso: Resource) => ({ acceso: { recurso, op: 'crear' as const } });
/** A write on one record, which compares If-Match with its version (rest/versiones.ts). */
const writeCondicional = (recurso: Resource) => ({ ...writeAcceso(recurso), condicional: true });

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
  app.get<{ Querystring: Query }>(`${base}/count`, { config: readAcceso(resource) }, async (req, reply) => {
    const mode = readPreferences(req.headers.prefer).count;
    const where = wherePermitido(resource, quienDe(req), parseWhereParam(resource, req.query.where));
    // The same URL answers differently per Prefer: a cache must not hand one caller's to another.
    reply.header('vary', 'Prefer');
    if (!mode) return { count: await repo.count(resource, where) };
    reply.header('preference-applied', `count=${mode}`);
    return repo.countIn(resource, where, mode, { cap: config.countCap, presupuestoMs: config.countBudgetMs, memoriaMs: config.countMemoryMs });
  });

  app.get<{ Querystring: Query; Params: Params }>(`${base}/:id`, { config: readAcceso(resource) }, async (req, reply) => {
    const id = parseId(req.params.id);
    const quien = quienDe(req);
    const pedido = parseFilter(resource, req.query.filter, { ...limits, byId: true });
    // The row's owner and its version (the ETag) are read whatever fields were asked for; the
    // where of `propios` is not used by id.
    const { where: _propio, ...filter } = filtroPermitido(resource, quien, pedido);
    const siempre = [...camposDeAmbito(resource, quien), 'version'].filter((f) => f in resource.fields);
    const añadidos = filter.fields ? siempre.filter((f) => !filter.fields!.includes(f)) : [];
    const pedidos = añadidos.length ? { ...filter, fields: [...filter.fields!, ...añadidos] } : filter;
    const row = await repo.findById(resource, id, pedidos, undefined, presupuestoDe(reply, config.lectura));
    assertPropio(resource, quien, row);
    if (row.version !== undefined) reply.header('etag', etag(row.version));
    for (const f of añadidos) delete row[f];
    return trimCampos(resource, quien.rol, row);
  });

  app.put<{ Params: Params }>(`${base}/:id`, { config: writeCondicional(resource) }, async (req, reply) => {
    refuseChange();
    const id = parseId(req.params.id);
    const body = validateBody(resource, 'replace', req.body);
    assertCuerpo(resource, quienDe(req), body);
    if (body.id !== undefined && body.id !== id) throw badRequest(mensajes.validacion.idDistinto);
    delete body.id;
    await conVersion(req, () => repo.replace(resource, id, body, actorOf(req), { esperada: esperadaDe(req) }));
    return reply.code(204).send();
  });

  app.patch<{ Params: Params }>(`${base}/:id`, { config: writeCondicional(resource) }, async (req, reply) => {
    refuseChange();
    const id = parseId(req.params.id);
    const body = validateBody(resource, 'update', req.body);
    assertCuerpo(resource, quienDe(req), body);
    await conVersion(req, () => repo.update(resource, id, body, actorOf(req), { esperada: esperadaDe(req) }));
    return reply.code(204).send();
  });

  app.delete<{ Params: Params }>(`${base}/:id`, { config: writeCondicional(resource) }, async (req, reply) => {
    refuseDelete();
    const id = parseId(req.params.id);
    await conVersion(req, () => repo.deleteById(resource, id, actorOf(req), esperadaDe(req)));
    return reply.code(204).send();
  });

  app.get<{ Querystring: Query }>(base, { config: readAcceso(resource) }, async (req, reply) => {
    const quien = quienDe(req);
    const filter = filtroPermitido(resource, quien, parseFilter(resource, req.query.filter, limits));
    return trimCampos(resource, quien.rol, await repo.find(resource, filter, undefined, undefined, false, presupuestoDe(reply, config.lectura)));
  });

  app.post(base, { config: createAcceso(resource) }, async (req) => {
    refuseCreate();
    const quien = quienDe(req);
    const body = validateBody(resource, 'create', req.body);
    assertCuerpo(resource, quien, body);
    return trimCampos(resource, quien.rol, await repo.create(resource, body, actorOf(req)));
  });

  app.patch<{ Querystring: Query }>(base, { config: writeAcceso(resource) }, async (req) => {
    refuseChange();
    const quien = quienDe(req);
    const body = validateBody(resource, 'update', req.body);
    assertCuerpo(resource, quien, body);
    return { count: await repo.updateAll(resource, wherePermitido(resource, quien, parseWhereParam(resource, req.query.where)), body, actorOf(req)) };
  });

  for (const [name, relation] of Object.entries(resource.relations)) {
    if (relation.type === 'hasMany' && relation.nested) registerNestedRoutes(app, resource, name, { repo, config });
  }

  // A 412 carries the record as it is now: only what this caller may read of it.
  const conVersion = async <T>(req: FastifyRequest, write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (err) {
      if (err instanceof VersionCambiada) err.actual = trimCampos(resource, quienDe(req).rol, err.actual);
      throw err;
    }
  };

  if (resource.audited) registerHistorialRoutes(app, resource, { repo, config, conVersion });

  // The entity's own read routes: `GET /R/verificar` before `/R/:id` needs no ordering (a static
  // segment wins in Fastify's router), `GET /R/:id/pdf` is its own path.
  const readCtx = { db: repo.db, facturacion: repo.facturacion, findById: (name: string, rid: number) => repo.findById(registryOf(resource).get(name), rid) };
  for (const read of Object.values(resource.reads)) {
    app.get<{ Params: Params }>(read.collection ? `${base}/${read.path}` : `${base}/:id/${read.path}`, { config: readAcceso(resource) }, async (req, reply) => {
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
      config: writeCondicional(resource),
      handler: async (req, reply) => {
        const id = parseId(req.params.id);
        const body = validateActionBody(action.body, req.body);
        const result = await conVersion(req, () => repo.runAction(resource, id, name, action, body, actorOf(req), esperadaDe(req)));
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

  // The parent must be readable too (the guard checked the child): a role that may not see a
  // curso learns nothing of it through its clases.
  const parentId = async (req: FastifyRequest<{ Params: Params }>) => {
    const refusal = refusalOf({ recurso: parent, op: 'leer' }, req.login!.rol);
    if (refusal) throw refusal;
    const id = parseId(req.params.id);
    const quien = quienDe(req);
    // A role that finds the parent only by a field's value (`buscarPor`) reaches nothing under it by id.
    if (parent.acceso[quien.rol]?.buscarPor) wherePermitido(parent, quien, undefined);
    const row = await repo.findById(parent, id, { order: [], skip: 0, include: [], fields: ['id', ...camposDeAmbito(parent, quien)] });
    assertPropio(parent, quien, row);
    return id;
  };

  app.get<{ Querystring: Query; Params: Params }>(path, { config: readAcceso(child) }, async (req, reply) => {
    const id = await parentId(req);
    const quien = quienDe(req);
    const filter = filtroPermitido(child, quien, parseFilter(child, req.query.filter, { maxLimit: config.maxLimit }));
    return trimCampos(child, quien.rol, await repo.find(child, { ...filter, where: combine(filter.where, scopeTo(id)) }, undefined, undefined, false, presupuestoDe(reply, config.lectura)));
  });

  // The child's own rules hold under its parent too: /pagos/{id}/reembolsos is read, never written.
  const { refuseCreate, refuseDelete, refuseChange } = refusals(child);

  app.post<{ Params: Params }>(path, { config: createAcceso(child) }, async (req) => {
    refuseCreate();
    const id = await parentId(req);
    const body = validateBody(child, 'create', req.body);
    assertCuerpo(child, quienDe(req), body);
    if (body[fk] !== undefined && body[fk] !== id) throw badRequest(mensajes.validacion.padreDistinto(fk));
    return repo.create(child, { ...body, [fk]: id }, actorOf(req));
  });

  app.patch<{ Querystring: Query; Params: Params }>(path, { config: writeAcceso(child) }, async (req) => {
    refuseChange();
    const id = await parentId(req);
    const body = validateBody(child, 'update', req.body);
    assertCuerpo(child, quienDe(req), body);
    if (fk in body && body[fk] !== id) throw badRequest(mensajes.validacion.padreDistinto(fk));
    const where = combine(wherePermitido(child, quienDe(req), parseWhereParam(child, req.query.where)), scopeTo(id));
    return { count: await repo.updateAll(child, where, body, actorOf(req)) };
  });

  app.delete<{ Querystring: Query; Params: Params }>(path, { config: writeAcceso(child) }, async (req) => {
    refuseDelete();
    const id = await parentId(req);
    const where = combine(wherePermitido(child, quienDe(req), parseWhereParam(child, req.query.where)), scopeTo(id));
    return { count: await repo.deleteAll(child, where, actorOf(req)) };
  });
}
