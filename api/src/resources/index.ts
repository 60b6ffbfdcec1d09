// The registry: every entity the API serves, by route name.
import categorias from './categorias.js';
import cursos from './cursos/index.js';
import clases from './clases.js';
import usuarios from './usuarios.js';
import pagos from './pagos/index.js';
import facturas from './facturas/index.js';
import logins from './logins/index.js';
import logs from './logs.js';
import archivos from './archivos.js';
import registros from './registros.js';
import reembolsos from './reembolsos.js';
import remisiones from './remisiones.js';
import tokens from './tokens.js';
import notificaciones from './notificaciones.js';
import extractos from './extractos/index.js';
import movimientos from './extractos/movimientos.js';
import matriculas from './matriculas/index.js';
import lotes from './matriculas/lotes.js';
import cupones from './cupones/index.js';
import canjes from './cupones/canjes.js';
import correos from './correos/index.js';
import plantillas from './plantillas.js';
import type { Resource } from '../base/types.js';
import { createRegistry } from '../rest/registry.js';

const capital = (s: string) => s[0].toUpperCase() + s.slice(1);

/**
 * The registry of the given entities, by route name. A field that names an entity (logs.recurso)
 * reads each value as that entity's name, so it knows every entity of the list it is part of.
 */
export function resourcesByName(list: Resource[]): Record<string, Resource> {
  const nombres = Object.fromEntries(list.map((r) => [r.name, capital(r.labels.singular)]));
  const conNombres = (r: Resource): Resource =>
    Object.values(r.fields).some((f) => f.nombraRecurso)
      ? { ...r, fields: Object.fromEntries(Object.entries(r.fields).map(([name, f]) => [name, f.nombraRecurso ? { ...f, enumLabels: nombres } : f])) }
      : r;
  return Object.fromEntries(list.map((r) => [r.name, conNombres(r)]));
}

export const resources = resourcesByName([categorias, cursos, clases, usuarios, pagos, facturas, logins, logs, archivos, registros, reembolsos, remisiones, tokens, notificaciones, extractos, movimientos, matriculas, lotes, cupones, canjes, correos, plantillas]);

export const registry = createRegistry(resources);

export const getResource = (name: string): Resource => registry.get(name);

export type { Resource, Field, Relation } from '../base/types.js';
