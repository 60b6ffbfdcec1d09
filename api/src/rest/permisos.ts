// What an account's role may do, read from each entity's `acceso` declaration and applied on
// every route (docs/arquitectura.md §4): a route says which entity it reaches and how (its
// `config.acceso`), the guard refuses a role that may not, and the REST routes narrow what is
// left: the rows of `propios`, the fields of `campos`, which a filter may not name either (a
// where on a field one cannot read would answer its values one question at a time).
import type { FastifyRequest } from 'fastify';
import './request.js';
import { ETIQUETAS_ROL, type Acceso, type Permiso, type Resource, type Rol } from '../base/types.js';
import { forbidden } from '../base/errors.js';
import { mensajes } from '../mensajes.js';
import type { IncludeSpec, ParsedFilter, WhereNode } from './filter.js';
import { registryOf } from './registry.js';

/** Who asks: the session's account (rest/request.ts). */
export interface Quien {
  id: number;
  rol: Rol;
}

/** What a route reaches: an entity and how, or a function only some roles may use. */
export type AccesoRuta = { recurso: Resource; op: 'leer' | 'escribir' } | { roles: readonly Rol[] };

/** The account asking; the guard lets only signed-in requests reach the routes that ask. */
export const quienDe = (request: FastifyRequest): Quien => ({ id: request.login!.id, rol: request.login!.rol });

declare module 'fastify' {
  interface FastifyContextConfig {
    acceso?: AccesoRuta;
  }
}

const nombreRol = (rol: Rol) => ETIQUETAS_ROL[rol] ?? rol;

export const permisoDe = (acceso: Acceso, rol: Rol): Permiso | undefined => acceso[rol];

/** Whether the role reads the entity at all (all its rows or its own). */
export const puedeLeer = (resource: Resource, rol: Rol) => Boolean(permisoDe(resource.acceso, rol)?.leer);

/** The 403 of a route, or nothing when the role may use it. */
export function refusalOf(acceso: AccesoRuta, rol: Rol): Error | undefined {
  if ('roles' in acceso) return acceso.roles.includes(rol) ? undefined : forbidden(mensajes.acceso.ruta(nombreRol(rol)));
  const { recurso, op } = acceso;
  const permiso = permisoDe(recurso.acceso, rol);
  if (!permiso?.leer) return forbidden(mensajes.acceso.leer(recurso.labels, nombreRol(rol)));
  if (op === 'escribir' && !permiso.escribir) return forbidden(mensajes.acceso.escribir(recurso.labels, nombreRol(rol)));
  return undefined;
}

/** The fields the role receives of the entity; undefined: every readable one. */
export function camposVisibles(resource: Resource, rol: Rol): ReadonlySet<string> | undefined {
  const campos = permisoDe(resource.acceso, rol)?.campos;
  return campos ? new Set(campos) : undefined;
}

function assertCampo(resource: Resource, quien: Quien, campo: string) {
  const visibles = camposVisibles(resource, quien.rol);
  if (visibles && !visibles.has(campo)) {
    throw forbidden(mensajes.acceso.campo(resource.fields[campo]?.label ?? campo, resource.labels, nombreRol(quien.rol)));
  }
}

function assertLee(resource: Resource, quien: Quien) {
  const refusal = refusalOf({ recurso: resource, op: 'leer' }, quien.rol);
  if (refusal) throw refusal;
}

function assertWhere(resource: Resource, quien: Quien, node: WhereNode | undefined) {
  if (!node) return;
  switch (node.kind) {
    case 'and':
    case 'or':
      for (const child of node.children) assertWhere(resource, quien, child);
      return;
    case 'cond':
      assertCampo(resource, quien, node.field);
      return;
    case 'rel': {
      const target = registryOf(resource).get(resource.relations[node.relation].target);
      assertLee(target, quien);
      assertWhere(target, quien, node.where);
      return;
    }
    default:
      // Only the search planner writes the other kinds, after this check.
      return;
  }
}

/** Only the account's own rows, where the role reads no others. */
export function ambitoPropio(resource: Resource, quien: Quien): WhereNode | undefined {
  if (permisoDe(resource.acceso, quien.rol)?.leer !== 'propios') return undefined;
  return { kind: 'cond', field: resource.propio ?? 'id', op: 'eq', value: quien.id };
}

const y = (a: WhereNode | undefined, b: WhereNode | undefined): WhereNode | undefined => (a && b ? { kind: 'and', children: [a, b] } : (a ?? b));

/**
 * The filter as the role may ask it: refused (403) if it names a field the role cannot read or
 * includes an entity it cannot read; narrowed to the account's own rows where the role reads
 * only those, at every level of include.
 */
export function filtroPermitido(resource: Resource, quien: Quien, filter: ParsedFilter): ParsedFilter {
  assertLee(resource, quien);
  assertWhere(resource, quien, filter.where);
  for (const term of filter.order) assertCampo(resource, quien, term.field);
  for (const campo of filter.fields ?? []) assertCampo(resource, quien, campo);
  const include = filter.include.map((spec): IncludeSpec => {
    const target = registryOf(resource).get(resource.relations[spec.relation].target);
    return { relation: spec.relation, scope: filtroPermitido(target, quien, spec.scope) };
  });
  return { ...filter, where: y(filter.where, ambitoPropio(resource, quien)), include };
}

/** A where (count, bulk write) as the role may ask it. */
export function wherePermitido(resource: Resource, quien: Quien, where: WhereNode | undefined): WhereNode | undefined {
  assertLee(resource, quien);
  assertWhere(resource, quien, where);
  return y(where, ambitoPropio(resource, quien));
}

/** A body the role may write: every field it names must be one the role reads. */
export function assertCuerpo(resource: Resource, quien: Quien, body: Record<string, unknown>) {
  for (const campo of Object.keys(body)) assertCampo(resource, quien, campo);
}

/** A row read by id that is not the account's own, where the role reads only its own. */
export function assertPropio(resource: Resource, quien: Quien, row: Record<string, unknown>) {
  if (permisoDe(resource.acceso, quien.rol)?.leer !== 'propios') return;
  if (Number(row[resource.propio ?? 'id']) !== quien.id) throw forbidden(mensajes.acceso.propios(resource.labels));
}

/** An answer with only the fields the role reads, its includes too, whatever asked for them. */
export function trimCampos<T>(resource: Resource, rol: Rol, data: T): T {
  if (Array.isArray(data)) return data.map((row) => trimCampos(resource, rol, row)) as T;
  if (!data || typeof data !== 'object') return data;
  const visibles = camposVisibles(resource, rol);
  const row = data as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(row)) {
    const relation = resource.relations[key];
    if (relation) {
      const hijo = trimCampos(registryOf(resource).get(relation.target), rol, row[key]);
      if (hijo !== row[key]) (out ??= { ...row })[key] = hijo;
    } else if (visibles && !visibles.has(key) && key in resource.fields) {
      out ??= { ...row };
      delete out[key];
    }
  }
  return (out ?? row) as T;
}
