// The registry: every entity the API serves, by route name.
import categorias from './categorias.js';
import cursos from './cursos/index.js';
import clases from './clases.js';
import usuarios from './usuarios.js';
import pagos from './pagos/index.js';
import facturas from './facturas/index.js';
import logins from './logins.js';
import logs from './logs.js';
import archivos from './archivos.js';
import registros from './registros.js';
import reembolsos from './reembolsos.js';
import remisiones from './remisiones.js';
import type { Resource } from '../base/types.js';
import { createRegistry } from '../rest/registry.js';

export const resources: Record<string, Resource> = { categorias, cursos, clases, usuarios, pagos, facturas, logins, logs, archivos, registros, reembolsos, remisiones };

export const registry = createRegistry(resources);

export const getResource = (name: string): Resource => registry.get(name);

export type { Resource, Field, Relation } from '../base/types.js';
