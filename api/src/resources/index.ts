// The registry: every entity the API serves, by route name.
import categorias from './categorias.js';
import cursos from './cursos.js';
import clases from './clases.js';
import usuarios from './usuarios.js';
import pagos from './pagos.js';
import facturas from './facturas/index.js';
import logins from './logins.js';
import logs from './logs.js';
import archivos from './archivos.js';
import registros from './registros.js';
import reembolsos from './reembolsos.js';
import remisiones from './remisiones.js';
import type { Resource } from './types.js';

const capital = (s: string) => s[0].toUpperCase() + s.slice(1);

/**
 * The registry of the given entities, by route name. A field that names an entity (logs.recurso)
 * reads each value as that entity's name, so it knows every entity of the list it is part of.
 */
export function createRegistry(list: Resource[]): Record<string, Resource> {
  const nombres = Object.fromEntries(list.map((r) => [r.name, capital(r.labels.singular)]));
  const conNombres = (r: Resource): Resource =>
    Object.values(r.fields).some((f) => f.nombraRecurso)
      ? { ...r, fields: Object.fromEntries(Object.entries(r.fields).map(([name, f]) => [name, f.nombraRecurso ? { ...f, enumLabels: nombres } : f])) }
      : r;
  return Object.fromEntries(list.map((r) => [r.name, conNombres(r)]));
}

export const resources = createRegistry([categorias, cursos, clases, usuarios, pagos, facturas, logins, logs, archivos, registros, reembolsos, remisiones]);

export function getResource(name: string): Resource {
  const r = Object.hasOwn(resources, name) ? resources[name] : undefined;
  if (!r) throw new Error(`Unknown resource ${name}`);
  return r;
}

/** Every foreign key, anywhere, that points at `name`: what blocks deleting one of its rows. */
export function referencesTo(name: string): { resource: Resource; field: string }[] {
  return Object.values(resources).flatMap((resource) =>
    Object.entries(resource.fields)
      .filter(([, f]) => f.references === name)
      .map(([field]) => ({ resource, field })),
  );
}

/** Every field of another record that holds an archivo's path (clases.video, cursos.foto…). */
export function fileHolders(): { resource: Resource; field: string }[] {
  return Object.values(resources).flatMap((resource) =>
    resource.name === 'archivos'
      ? []
      : Object.entries(resource.fields)
          .filter(([, f]) => f.archivo)
          .map(([field]) => ({ resource, field })),
  );
}

export type { Resource, Field, Relation } from './types.js';
