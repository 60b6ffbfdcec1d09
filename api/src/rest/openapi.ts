// The OpenAPI 3 document, generated from the registry with the same schemas that validate
// bodies. Served at /openapi.json and rendered by the explorer at /explorer.
import type { Registry, Resource } from '../base/types.js';
import { registryOf } from './registry.js';
import { INT_MAX } from '../base/values.js';
import { CUERPO_RESTAURAR } from './historial.js';
import { bodySchema, modelSchema } from './schema.js';

export const json = (schema: unknown) => ({ 'application/json': { schema } });
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const errorResponse = (description: string) => ({ description, content: json(ref('Error')) });
export const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 0, maximum: INT_MAX } };
const filterParam = {
  name: 'filter',
  in: 'query',
  description: 'Filtro LoopBack en JSON: {"where":…,"fields":…,"order":…,"limit":…,"skip":…,"include":…}',
  content: json({ type: 'object' }),
};
const whereParam = { name: 'where', in: 'query', description: 'Condición LoopBack en JSON', content: json({ type: 'object' }) };
export const countResponse = { description: 'Número de registros', content: json({ type: 'object', properties: { count: { type: 'integer' } } }) };
// `GET /R/count` only: PostgREST's count preference (rest/prefer.ts, docs/arquitectura.md §12).
const preferParam = {
  name: 'Prefer',
  in: 'header',
  description:
    'count=exact (por defecto): la cuenta exacta. count=planned: en PostgreSQL, la estimación del planificador (no lee filas); ' +
    'en SQLite, como estimated. count=estimated: exacta hasta COUNT_CAP filas (por defecto 10 000 en PostgreSQL, 1 000 en SQLite) y, por encima, la estimación ' +
    'del planificador en PostgreSQL o «más de COUNT_CAP» en SQLite. La respuesta lo dice en «approximate» y nombra el modo aplicado ' +
    'en Preference-Applied. Un valor desconocido se ignora (RFC 7240) y la cuenta es exacta, salvo con handling=strict: 400.',
  schema: { type: 'string', example: 'count=estimated' },
};
const countModeResponse = {
  description: 'Número de registros: exacto salvo que «approximate» diga otra cosa',
  headers: {
    'Preference-Applied': { description: 'El modo de cuenta aplicado (count=exact|planned|estimated), si se pidió uno válido', schema: { type: 'string' } },
  },
  content: json({
    type: 'object',
    required: ['count'],
    properties: {
      count: { type: 'integer' },
      approximate: {
        type: 'string',
        enum: ['lowerBound', 'estimate'],
        description: 'lowerBound: hay más de «count» registros (la cuenta se detuvo ahí); estimate: estimación del planificador de PostgreSQL',
      },
    },
  }),
};
export const noContent = { description: 'Hecho, sin cuerpo' };
// Saves that know what they overwrite (rest/versiones.ts, docs/arquitectura.md §17).
const ifMatchParam = {
  name: 'If-Match',
  in: 'header',
  description: 'La versión leída (la ETag de GET /R/{id}, o el campo «version»), entre comillas: si el registro cambió desde entonces, 412 y nada se escribe. Sin ella, se escribe como siempre.',
  schema: { type: 'string', example: '"3"' },
};
const versionCambiada = {
  description: 'El registro cambió desde la versión de If-Match: el error lleva el registro como está ahora en «actual» y su ETag',
  headers: { ETag: { description: 'La versión actual', schema: { type: 'string' } } },
  content: json({ type: 'object', properties: { error: { type: 'object', properties: { statusCode: { type: 'integer' }, name: { type: 'string' }, message: { type: 'string' }, code: { type: 'string' }, actual: { type: 'object' } } } } }),
};
const historialRow = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    fecha: { type: 'string', format: 'date-time' },
    version: { type: 'integer', nullable: true },
    accion: { type: 'string', description: 'crear, modificar, borrar, restaurar o el nombre de una acción' },
    login: { type: 'object', nullable: true, properties: { id: { type: 'integer' }, nombre: { type: 'string' }, usuario: { type: 'string' } } },
    token: { type: 'object', nullable: true, description: 'El token de API que hizo el cambio, si no fue una cuenta', properties: { id: { type: 'integer' }, nombre: { type: 'string' } } },
    ip: { type: 'string', nullable: true, description: 'Solo para quien lee todo el registro de actividad' },
    cambios: { type: 'object', nullable: true, description: '{campo: [antes, después]}; un secreto, solo «cambiada»; null si se purgó (HISTORIAL_DIAS)' },
  },
};
export const common = { '400': errorResponse('Parámetros no válidos'), '401': errorResponse('Sin sesión') };

function resourcePaths(r: Resource): Record<string, unknown> {
  const m = r.model;
  const tags = [r.name];
  const list = { type: 'array', items: ref(m) };
  const soloServidor = r.serverWritten ? { '403': errorResponse(r.serverWritten) } : {};
  const writes = r.appendOnly ? { '403': errorResponse('Solo se puede añadir') } : soloServidor;
  const paths: Record<string, unknown> = {
    [`/${r.name}/count`]: {
      get: { tags, operationId: `${m}.count`, parameters: [whereParam, preferParam], responses: { '200': countModeResponse, ...common } },
    },
    [`/${r.name}/{id}`]: {
      get: {
        tags, operationId: `${m}.findById`, parameters: [idParam, filterParam],
        responses: { '200': { description: m, headers: { ETag: { description: 'La versión del registro, para If-Match', schema: { type: 'string' } } }, content: json(ref(m)) }, '404': errorResponse('No existe'), ...common },
      },
      put: {
        tags, operationId: `${m}.replaceById`, parameters: [idParam, ifMatchParam], requestBody: { required: true, content: json(ref(`${m}Reemplazo`)) },
        responses: { '204': noContent, '404': errorResponse('No existe'), '412': versionCambiada, '422': errorResponse('Datos no válidos'), ...writes, ...common },
      },
      patch: {
        tags, operationId: `${m}.updateById`, parameters: [idParam, ifMatchParam], requestBody: { required: true, content: json(ref(`${m}Parcial`)) },
        responses: { '204': noContent, '404': errorResponse('No existe'), '412': versionCambiada, '422': errorResponse('Datos no válidos'), ...writes, ...common },
      },
      delete: {
        tags, operationId: `${m}.deleteById`, parameters: [idParam, ifMatchParam],
        responses: { '204': noContent, '404': errorResponse('No existe'), '412': versionCambiada, '409': errorResponse('Tiene registros que dependen de él'), ...(r.appendOnly ? writes : {}), ...common },
      },
    },
    [`/${r.name}.csv`]: {
      get: {
        tags, operationId: `${m}.exportar`,
        summary: 'La lista como CSV para una hoja de cálculo (UTF-8 con BOM, «;», euros con coma decimal, fechas en la zona horaria configurada, nombres en vez de ids), sin límite de filas',
        parameters: [{ ...filterParam, description: 'Filtro LoopBack en JSON, como en la lista, sin «include»: {"where":…,"fields":…,"order":…,"limit":…,"skip":…}' }],
        responses: { '200': { description: `Lista de ${m} en CSV`, content: { 'text/csv': { schema: { type: 'string' } } } }, '503': errorResponse('Demasiadas exportaciones en curso'), ...common },
      },
    },
    [`/${r.name}`]: {
      get: { tags, operationId: `${m}.find`, parameters: [filterParam], responses: { '200': { description: `Lista de ${m}`, content: json(list) }, ...common } },
      post: {
        tags, operationId: `${m}.create`, requestBody: { required: true, content: json(ref(`${m}Nuevo`)) },
        responses: { '200': { description: `${m} creado`, content: json(ref(m)) }, '422': errorResponse('Datos no válidos'), ...soloServidor, ...common },
      },
      patch: {
        tags, operationId: `${m}.updateAll`, parameters: [whereParam], requestBody: { required: true, content: json(ref(`${m}Parcial`)) },
        responses: { '200': countResponse, '422': errorResponse('Datos no válidos'), ...writes, ...common },
      },
    },
  };
  for (const [name, rel] of Object.entries(r.relations)) {
    if (rel.type !== 'hasMany' || !rel.nested) continue;
    const child = registryOf(r).get(rel.target);
    paths[`/${r.name}/{id}/${name}`] = {
      get: { tags, operationId: `${m}.${name}.find`, parameters: [idParam, filterParam], responses: { '200': { description: child.model, content: json({ type: 'array', items: ref(child.model) }) }, '404': errorResponse('No existe'), ...common } },
      post: { tags, operationId: `${m}.${name}.create`, parameters: [idParam], requestBody: { required: true, content: json(ref(`${child.model}Nuevo`)) }, responses: { '200': { description: child.model, content: json(ref(child.model)) }, '404': errorResponse('No existe'), ...common } },
      patch: { tags, operationId: `${m}.${name}.patch`, parameters: [idParam, whereParam], requestBody: { required: true, content: json(ref(`${child.model}Parcial`)) }, responses: { '200': countResponse, ...common } },
      delete: { tags, operationId: `${m}.${name}.delete`, parameters: [idParam, whereParam], responses: { '200': countResponse, ...common } },
    };
  }
  for (const [name, action] of Object.entries(r.actions)) {
    paths[`/${r.name}/{id}/${action.path}`] = {
      [action.method.toLowerCase()]: {
        tags, operationId: `${m}.${name}`, summary: action.summary, parameters: [idParam, ifMatchParam], requestBody: { required: true, content: json(action.body) },
        responses: {
          ...(action.returns
            ? { '200': { description: action.returns, content: json(ref(action.returns)) } }
            : action.respuesta
              ? { '200': { description: action.summary, content: json(action.respuesta) } }
              : { '204': noContent }),
          '404': errorResponse('No existe'),
          '409': errorResponse('El estado del registro no lo permite'),
          '412': versionCambiada,
          '422': errorResponse('Datos no válidos'),
          ...common,
        },
      },
    };
  }
  if (r.audited) {
    paths[`/${r.name}/{id}/historial`] = {
      get: {
        tags, operationId: `${m}.historial`, summary: 'Historial del registro: quién, cuándo, desde dónde y qué cambió (antes y después), del más reciente al más antiguo',
        parameters: [idParam, { ...filterParam, description: 'Solo {"limit":…,"skip":…}' }],
        responses: { '200': { description: 'Historial', content: json({ type: 'array', items: historialRow }) }, ...common },
      },
    };
    paths[`/${r.name}/{id}/restaurar`] = {
      post: {
        tags, operationId: `${m}.restaurar`,
        summary: r.restaurable ? 'Vuelve a una versión del historial: una escritura como cualquier otra (validación, claves, reglas), que queda en el historial' : 'No se restaura: 405 con el motivo',
        parameters: [idParam, ifMatchParam],
        requestBody: { required: true, content: json(CUERPO_RESTAURAR) },
        responses: r.restaurable
          ? { '200': { description: m, content: json(ref(m)) }, '404': errorResponse('No existe'), '412': versionCambiada, '422': errorResponse('No se puede restaurar: el motivo en details'), ...common }
          : { '405': errorResponse('No se restaura'), ...common },
      },
    };
  }
  for (const [name, read] of Object.entries(r.reads)) {
    const binary = read.produces !== 'application/json';
    paths[read.collection ? `/${r.name}/${read.path}` : `/${r.name}/{id}/${read.path}`] = {
      get: {
        tags, operationId: `${m}.${name}`, summary: read.summary, parameters: read.collection ? [] : [idParam],
        responses: {
          '200': { description: read.summary, content: { [read.produces]: { schema: binary ? { type: 'string', format: 'binary' } : { type: 'object' } } } },
          ...(read.collection ? {} : { '404': errorResponse('No existe'), '409': errorResponse('El estado del registro no lo permite') }),
          ...common,
        },
      },
    };
  }
  return paths;
}

/** The process's own: alive, and its database reachable (rest/health.ts). */
const operacionPaths = {
  '/ping': { get: { tags: ['operación'], security: [], responses: { '200': { description: 'Vivo' } } } },
  '/health': { get: { tags: ['operación'], security: [], responses: { '200': { description: 'Base de datos disponible' }, '503': errorResponse('Base de datos caída') } } },
};

/**
 * `extraPaths`: the routes of the plugins, each declared beside its routes (auth/, informes/,
 * media/, verifactu/, trabajos/) and handed in by app.ts; the engine knows only its own.
 */
export function buildOpenApiDocument(productName: string, { resources }: Registry, extraPaths: Record<string, unknown> = {}) {
  const schemas: Record<string, unknown> = {
    Error: {
      type: 'object',
      properties: {
        error: {
          type: 'object',
          properties: { statusCode: { type: 'integer' }, name: { type: 'string' }, message: { type: 'string' }, code: { type: 'string' }, details: {} },
        },
      },
    },
  };
  for (const r of Object.values(resources)) {
    schemas[r.model] = modelSchema(r);
    schemas[`${r.model}Nuevo`] = bodySchema(r, 'create');
    schemas[`${r.model}Reemplazo`] = bodySchema(r, 'replace');
    schemas[`${r.model}Parcial`] = bodySchema(r, 'update');
  }
  return {
    openapi: '3.0.3',
    info: { title: `${productName} Admin API`, version: '1.0.0', description: 'API REST (dialecto LoopBack 4) del back-office.' },
    components: {
      schemas,
      securitySchemes: { sesion: { type: 'apiKey', in: 'cookie', name: 'aula_sesion' } },
    },
    security: [{ sesion: [] }],
    paths: { ...Object.assign({}, ...Object.values(resources).map(resourcePaths)), ...operacionPaths, ...extraPaths },
  };
}
