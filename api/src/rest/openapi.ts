// The OpenAPI 3 document, generated from the registry with the same schemas that validate
// bodies. Served at /openapi.json and rendered by the explorer at /explorer.
import type { Registry, Resource } from '../base/types.js';
import { registryOf } from './registry.js';
import { INT_MAX } from '../base/values.js';
import { CUERPO_RESTAURAR } from './historial.js';
import { bodySchema, modelSchema } from './schema.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errorResponse = (description: string) => ({ description, content: json(ref('Error')) });
const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 0, maximum: INT_MAX } };
const filterParam = {
  name: 'filter',
  in: 'query',
  description: 'Filtro LoopBack en JSON: {"where":…,"fields":…,"order":…,"limit":…,"skip":…,"include":…}',
  content: json({ type: 'object' }),
};
const whereParam = { name: 'where', in: 'query', description: 'Condición LoopBack en JSON', content: json({ type: 'object' }) };
const countResponse = { description: 'Número de registros', content: json({ type: 'object', properties: { count: { type: 'integer' } } }) };
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
const noContent = { description: 'Hecho, sin cuerpo' };
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
    ip: { type: 'string', nullable: true, description: 'Solo para quien lee todo el registro de actividad' },
    cambios: { type: 'object', nullable: true, description: '{campo: [antes, después]}; un secreto, solo «cambiada»; null si se purgó (HISTORIAL_DIAS)' },
  },
};
const common = { '400': errorResponse('Parámetros no válidos'), '401': errorResponse('Sin sesión') };

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

const authPaths = {
  '/logins/login': {
    post: {
      tags: ['auth'], operationId: 'Login.login', security: [],
      requestBody: { required: true, content: json({ type: 'object', required: ['usuario', 'pass'], properties: { usuario: { type: 'string' }, pass: { type: 'string', format: 'password' } } }) },
      responses: { '200': { description: 'Sesión iniciada (cookie aula_sesion)', content: json(ref('Login')) }, '401': errorResponse('login incorrecto'), '429': errorResponse('Demasiados intentos') },
    },
  },
  '/logins/logout': { post: { tags: ['auth'], operationId: 'Login.logout', responses: { '204': noContent } } },
  '/logins/me': { get: { tags: ['auth'], operationId: 'Login.me', responses: { '200': { description: 'Administrador actual', content: json(ref('Login')) }, '401': errorResponse('Sin sesión') } } },
  '/logins/sesion': {
    get: {
      tags: ['auth'], operationId: 'Login.sesion',
      description: 'Cuándo caduca la sesión. Preguntarlo, como cualquier petición, la prolonga.',
      responses: {
        '200': {
          description: 'Caducidad de la sesión actual',
          content: json({
            type: 'object',
            required: ['inactividadMinutos', 'margenSegundos', 'caducaPorInactividad', 'caduca', 'ahora'],
            properties: {
              inactividadMinutos: { type: 'integer', description: 'SESSION_IDLE_MINUTES' },
              margenSegundos: { type: 'integer', description: 'La actividad se anota como mucho con esta frecuencia: tras una petición, la sesión dura al menos inactividadMinutos menos esto' },
              caducaPorInactividad: { type: 'string', format: 'date-time', description: 'Si no hay más peticiones' },
              caduca: { type: 'string', format: 'date-time', description: 'Caducidad absoluta (SESSION_ABSOLUTE_HOURS desde el login)' },
              ahora: { type: 'string', format: 'date-time', description: 'El reloj del servidor' },
            },
          }),
        },
        '401': errorResponse('Sin sesión'),
      },
    },
  },
  '/logins/codigo': {
    post: {
      tags: ['auth'], operationId: 'Login.codigo',
      description: 'Segundo paso del login de una cuenta con verificación en dos pasos (fase «codigo»): un código de la aplicación o uno de recuperación, cada uno válido una vez. Emite un token de sesión nuevo.',
      requestBody: { required: true, content: json({ type: 'object', required: ['codigo'], properties: { codigo: { type: 'string' } } }) },
      responses: { '200': { description: 'Sesión completa (o la fase que queda)', content: json(ref('Login')) }, '422': errorResponse('Código incorrecto o ya usado'), '429': errorResponse('Demasiados intentos') },
    },
  },
  '/cuenta/segundo-factor': {
    get: { tags: ['auth'], operationId: 'SegundoFactor.estado', responses: { '200': { description: 'Si está activada y cuántos códigos de recuperación quedan', content: json({ type: 'object', properties: { activo: { type: 'boolean' }, codigosRestantes: { type: 'integer' } } }) } } },
    post: {
      tags: ['auth'], operationId: 'SegundoFactor.alta',
      description: 'Empieza (o vuelve a empezar) la activación: un secreto nuevo, sin confirmar.',
      responses: {
        '200': {
          description: 'La URI otpauth:// y su QR (data URL SVG)',
          content: json({
            type: 'object',
            properties: {
              uri: { type: 'string' },
              qr: { type: 'string' },
              pideContrasena: { type: 'boolean', description: 'Si confirmar pedirá la contraseña actual: siempre, salvo en el paso «enrolar» del propio login, que acaba de probarla' },
            },
          }),
        },
        '409': errorResponse('Ya está activada'),
      },
    },
    delete: {
      tags: ['auth'], operationId: 'SegundoFactor.baja',
      requestBody: { required: true, content: json({ type: 'object', required: ['pass', 'codigo'], properties: { pass: { type: 'string', format: 'password' }, codigo: { type: 'string' } } }) },
      responses: { '200': { description: 'Desactivada' }, '409': errorResponse('Obligatoria para el rol (MFA_ROLES) o no activada'), '422': errorResponse('Contraseña o código incorrectos'), '429': errorResponse('Demasiados intentos') },
    },
  },
  '/cuenta/segundo-factor/confirmar': {
    post: {
      tags: ['auth'], operationId: 'SegundoFactor.confirmar',
      description: 'Vincula el teléfono: un código del secreto pendiente y, si el alta lo pidió (pideContrasena), la contraseña actual, contada como un intento de login.',
      requestBody: { required: true, content: json({ type: 'object', required: ['codigo'], properties: { codigo: { type: 'string' }, pass: { type: 'string', format: 'password' } } }) },
      responses: {
        '200': { description: 'Activada: los diez códigos de recuperación, que no se vuelven a mostrar', content: json({ type: 'object', properties: { codigosRecuperacion: { type: 'array', items: { type: 'string' } } } }) },
        '409': errorResponse('Sin activación pendiente'),
        '422': errorResponse('Código incorrecto, o contraseña que falta o no es (junto a «pass»)'),
        '429': errorResponse('Demasiados intentos'),
      },
    },
  },
  '/cuenta/contrasena': {
    post: {
      tags: ['cuenta'], operationId: 'Cuenta.contrasena',
      description: 'Cambia la contraseña de la propia cuenta (también el paso «cambiarPass» tras un restablecimiento). Cierra las demás sesiones de la cuenta.',
      requestBody: { required: true, content: json({ type: 'object', required: ['actual', 'nueva'], properties: { actual: { type: 'string', format: 'password' }, nueva: { type: 'string', format: 'password' } } }) },
      responses: {
        '200': { description: 'Contraseña cambiada; «fase» es el paso que aún falta, o null', content: json({ type: 'object', properties: { fase: { type: 'string', nullable: true } } }) },
        '422': errorResponse('Contraseña actual incorrecta o nueva no válida'),
        '429': errorResponse('Demasiados intentos'),
      },
    },
  },
  '/cuenta/sesiones': {
    get: {
      tags: ['cuenta'], operationId: 'Cuenta.sesiones',
      responses: {
        '200': {
          description: 'Sesiones abiertas de la propia cuenta',
          content: json({
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: 'integer' }, dispositivo: { type: 'string', nullable: true, description: 'User-Agent del navegador' }, ip: { type: 'string', nullable: true },
                createdAt: { type: 'string', format: 'date-time' }, lastSeenAt: { type: 'string', format: 'date-time' }, actual: { type: 'boolean', description: 'La sesión de esta petición' },
              },
            },
          }),
        },
      },
    },
    delete: { tags: ['cuenta'], operationId: 'Cuenta.cerrarOtras', description: 'Cierra las demás sesiones de la cuenta', responses: { '200': countResponse } },
  },
  '/cuenta/sesiones/{id}': {
    delete: { tags: ['cuenta'], operationId: 'Cuenta.cerrarSesion', parameters: [idParam], responses: { '204': noContent, '404': errorResponse('No existe (o es de otra cuenta)') } },
  },
  '/ping': { get: { tags: ['operación'], security: [], responses: { '200': { description: 'Vivo' } } } },
  '/health': { get: { tags: ['operación'], security: [], responses: { '200': { description: 'Base de datos disponible' }, '503': errorResponse('Base de datos caída') } } },
};

const tusCabecera = (name: string, description: string, required = true) => ({ name, in: 'header', required, description, schema: { type: 'string' } });
const subidaParam = { name: 'id', in: 'path', required: true, description: 'Id de la subida: el último tramo de su Location', schema: { type: 'string' } };
const tusResumable = tusCabecera('Tus-Resumable', 'Versión del protocolo tus: 1.0.0');

/** Uploads (tus 1.0, docs/arquitectura.md §7) and the files served back at the paths records hold. */
const mediaPaths = {
  '/subidas': {
    post: {
      tags: ['archivos'], operationId: 'Subidas.crear', summary: 'Crea una subida reanudable (tus 1.0): cada subida es un archivo',
      parameters: [
        tusResumable,
        tusCabecera('Upload-Length', 'Tamaño del fichero en bytes'),
        tusCabecera('Upload-Metadata', 'Pares «clave base64» separados por comas: carpeta (videos|photos), filename, filetype'),
      ],
      responses: {
        '201': { description: 'Subida creada; su dirección en Location' },
        '412': errorResponse('Falta Tus-Resumable'),
        '413': errorResponse('Mayor que el máximo de su carpeta (MAX_VIDEO_MB, MAX_PHOTO_MB)'),
        '403': errorResponse('Origen no permitido'),
        ...common,
      },
    },
  },
  '/subidas/{id}': {
    head: { tags: ['archivos'], operationId: 'Subidas.desplazamiento', summary: 'Cuánto se ha recibido (Upload-Offset)', parameters: [subidaParam, tusResumable], responses: { '200': { description: 'Upload-Offset y Upload-Length' }, '404': errorResponse('No existe o ha caducado'), ...common } },
    patch: {
      tags: ['archivos'], operationId: 'Subidas.enviar', summary: 'Envía un trozo desde Upload-Offset; el tipo se juzga por los primeros bytes',
      parameters: [subidaParam, tusResumable, tusCabecera('Upload-Offset', 'Dónde empieza este trozo')],
      requestBody: { required: true, content: { 'application/offset+octet-stream': { schema: { type: 'string', format: 'binary' } } } },
      responses: { '204': { description: 'Recibido; Upload-Offset nuevo' }, '409': errorResponse('El trozo no empieza donde terminó lo recibido'), '415': errorResponse('No es un vídeo o una imagen admitidos'), '404': errorResponse('No existe o ha caducado'), ...common },
    },
    delete: { tags: ['archivos'], operationId: 'Subidas.cancelar', summary: 'Cancela una subida y borra lo recibido', parameters: [subidaParam, tusResumable], responses: { '204': noContent, '404': errorResponse('No existe o ha caducado'), ...common } },
  },
  ...Object.fromEntries(
    (['videos', 'photos'] as const).map((carpeta) => [
      `/${carpeta}/{nombre}`,
      {
        get: {
          tags: ['archivos'], operationId: `Archivos.${carpeta}`, summary: `Un fichero de /${carpeta}/: admite Range; desde S3, una redirección firmada de corta duración`,
          parameters: [{ name: 'nombre', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'El fichero' }, '206': { description: 'Un tramo del fichero' }, '302': { description: 'Enlace firmado (S3)' }, '404': errorResponse('No existe'), ...common },
        },
      },
    ]),
  ),
};

/** `extraPaths`: routes of concerns that register themselves (the VeriFactu remission). */
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
    paths: { ...authPaths, ...Object.assign({}, ...Object.values(resources).map(resourcePaths)), ...mediaPaths, ...extraPaths },
  };
}
