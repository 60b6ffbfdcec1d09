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

/** Who asks: the session's account, or an API token (rest/request.ts); `id` is the token's then. */
export interface Quien {
  id: number;
  rol: Rol;
  token?: boolean;
}

/**
 * What a route reaches: an entity and how (`leerTodo`: figures over every row, the reports, which
 * a role that reads only some rows may not see; `crear`: a new row, which a role that may only
 * create may do; `escribir`: anything that changes rows), or a function only some roles may use.
 */
export type AccesoRuta = { recurso: Resource; op: 'leer' | 'leerTodo' | 'crear' | 'escribir' } | { roles: readonly Rol[] };

/** Who is asking; the guard lets only signed-in requests reach the routes that ask. */
export const quienDe = (request: FastifyRequest): Quien => ({ id: request.login!.id, rol: request.login!.rol, token: request.login!.tokenId !== undefined });

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
  if (op === 'leerTodo' && (permiso.leer !== true || permiso.donde || permiso.buscarPor)) return forbidden(mensajes.acceso.leer(recurso.labels, nombreRol(rol)));
  if (op === 'crear' && !permiso.escribir) return forbidden(mensajes.acceso.escribir(recurso.labels, nombreRol(rol)));
  if (op === 'escribir' && permiso.escribir !== true) {
    return forbidden(permiso.escribir === 'crear' ? mensajes.acceso.soloCrear(recurso.labels, nombreRol(rol)) : mensajes.acceso.escribir(recurso.labels, nombreRol(rol)));
  }
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

/**
 * The field that says whose a row is, for this asker: an account's (`propio`) or a token's
 * (`propioToken`). A token has no account, so an entity whose rows are accounts' has none of its.
 */
function campoPropio(resource: Resource, quien: Quien): string {
  if (!quien.token) return resource.propio ?? 'id';
  if (!resource.propioToken) throw forbidden(mensajes.acceso.propiosToken(resource.labels));
  return resource.propioToken;
}

/** The rows the role reads of the entity: only its own, only those with the values of `donde`, or all. */
function ambito(resource: Resource, quien: Quien): WhereNode | undefined {
  const permiso = permisoDe(resource.acceso, quien.rol);
  const conds: WhereNode[] = Object.entries(permiso?.donde ?? {}).map(([field, value]) => ({ kind: 'cond', field, op: 'eq', value }));
  if (permiso?.leer === 'propios') conds.push({ kind: 'cond', field: campoPropio(resource, quien), op: 'eq', value: quien.id });
  return conds.length > 1 ? { kind: 'and', children: conds } : conds[0];
}

/** Whether the where asks for one exact value of `campo` (at its top, or in a top-level and). */
function pideValorDe(node: WhereNode | undefined, campo: string): boolean {
  if (!node) return false;
  if (node.kind === 'cond') return node.field === campo && node.op === 'eq' && node.value !== null && node.value !== undefined;
  return node.kind === 'and' && node.children.some((c) => pideValorDe(c, campo));
}

/** A role that reads the entity only by one field's exact value (`buscarPor`) must ask by it. */
function assertBusqueda(resource: Resource, quien: Quien, where: WhereNode | undefined) {
  const campo = permisoDe(resource.acceso, quien.rol)?.buscarPor;
  if (campo && !pideValorDe(where, campo)) throw forbidden(mensajes.acceso.buscarPor(campo, resource.fields[campo]?.label ?? campo, resource.labels));
}

/** The fields a row read by id must carry for assertPropio to judge it: whose it is, and `donde`'s. */
export function camposDeAmbito(resource: Resource, quien: Quien): string[] {
  const permiso = permisoDe(resource.acceso, quien.rol);
  const campos = Object.keys(permiso?.donde ?? {});
  if (permiso?.leer === 'propios') campos.push(campoPropio(resource, quien));
  else campos.push(...(resource.propio ? [resource.propio] : []));
  return campos;
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
  assertBusqueda(resource, quien, filter.where);
  for (const term of filter.order) assertCampo(resource, quien, term.field);
  for (const campo of filter.fields ?? []) assertCampo(resource, quien, campo);
  const include = filter.include.map((spec): IncludeSpec => {
    const target = registryOf(resource).get(resource.relations[spec.relation].target);
    return { relation: spec.relation, scope: filtroPermitido(target, quien, spec.scope) };
  });
  return { ...filter, where: y(filter.where, ambito(resource, quien)), include };
}

/** A where (count, bulk write) as the role may ask it. */
export function wherePermitido(resource: Resource, quien: Quien, where: WhereNode | undefined): WhereNode | undefined {
  assertLee(resource, quien);
  assertWhere(resource, quien, where);
  assertBusqueda(resource, quien, where);
  return y(where, ambito(resource, quien));
}

/** A body the role may write: every field it names must be one the role reads. */
export function assertCuerpo(resource: Resource, quien: Quien, body: Record<string, unknown>) {
  for (const campo of Object.keys(body)) assertCampo(resource, quien, campo);
}

/**
 * A row read by id the role may not read: not the account's (or the token's) own where the role
 * reads only its own, or without the values of its `donde` (a curso not published, for the shop).
 */
export function assertPropio(resource: Resource, quien: Quien, row: Record<string, unknown>) {
  const permiso = permisoDe(resource.acceso, quien.rol);
  for (const [campo, valor] of Object.entries(permiso?.donde ?? {})) {
    if (row[campo] !== valor) {
      const field = resource.fields[campo];
      throw forbidden(mensajes.acceso.donde(resource.labels, `${field?.label ?? campo} «${field?.enumLabels?.[String(valor)] ?? String(valor)}»`));
    }
  }
  if (permiso?.leer !== 'propios') return;
  if (Number(row[campoPropio(resource, quien)]) !== quien.id) throw forbidden(mensajes.acceso.propios(resource.labels));
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
