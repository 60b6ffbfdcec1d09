// A record's history and its restore (docs/arquitectura.md §17): `GET /R/{id}/historial` reads the
// record's audit rows newest first, each with what it changed; `POST /R/{id}/restaurar` brings
// a restorable record back to one of its versions by an ordinary write.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import type { Config } from '../config/index.js';
import { AUDIT_TIPOS, type Resource } from '../base/types.js';
import { badRequest, HttpError, validationFailed } from '../base/errors.js';
import { fromDb, INT_MAX } from '../base/values.js';
import { mensajes } from '../mensajes.js';
import { registryOf } from './registry.js';
import { parseFilter, readJsonParam } from './filter.js';
import { actorOf, parseId } from './peticion.js';
import { assertCuerpo, assertPropio, camposDeAmbito, camposVisibles, permisoDe, quienDe, trimCampos, wherePermitido } from './permisos.js';
import type { Repository } from './repository.js';
import { validateActionBody, validateBody } from './validate.js';
import { esperadaDe } from './versiones.js';
import type { Cambios } from './cambios.js';

type Params = { id: string };
type Row = Record<string, unknown>;

interface Opciones {
  repo: Repository;
  config: Pick<Config, 'maxLimit'>;
  conVersion<T>(req: FastifyRequest, write: () => Promise<T>): Promise<T>;
}

/** Both name a row of integer columns: past INT_MAX, PostgreSQL refuses to bind the value at all. */
export const CUERPO_RESTAURAR = {
  type: 'object',
  properties: {
    version: { type: 'integer', minimum: 1, maximum: INT_MAX, description: 'La versión a la que volver' },
    logId: { type: 'integer', minimum: 1, maximum: INT_MAX, description: 'O la fila del historial que la dejó' },
  },
  additionalProperties: false,
};

/**
 * What each audit row says was done: the action that made it when one did (datos.accion:
 * `facturar` created this invoice, `emitir` numbered it, `restaurar`), else the write itself. The
 * live events name a change the same way (base/cambios.ts).
 */
function accionDe(tipo: string, datos: string | null): string {
  const accion = datos ? (JSON.parse(datos) as { accion?: unknown }).accion : undefined;
  if (typeof accion === 'string') return accion;
  return tipo === 'CREATE' ? 'crear' : tipo === 'DELETE' ? 'borrar' : 'modificar';
}

/** The record's audit rows, newest first; this one index range (logs_recurso_historial) at any size. */
function filasDe(db: Knex | Knex.Transaction, resource: Resource, id: number) {
  return db('logs').where({ 'logs.recurso': resource.name, 'logs.recursoId': id }).whereIn('logs.tipo', AUDIT_TIPOS);
}

export function registerHistorialRoutes(app: FastifyInstance, resource: Resource, { repo, config, conVersion }: Opciones) {
  const base = `/${resource.name}/:id`;
  const logs = registryOf(resource).get('logs');

  app.get<{ Params: Params; Querystring: { filter?: unknown } }>(`${base}/historial`, { config: { acceso: { recurso: resource, op: 'leer' as const } } }, async (req) => {
    const id = parseId(req.params.id);
    const quien = quienDe(req);
    const permiso = permisoDe(resource.acceso, quien.rol);
    // Whoever may read the record may read its history; only its own, for a role that reads only
    // its own (or only some rows, `donde`); none by id, for a role that must search (`buscarPor`).
    if (permiso?.buscarPor) wherePermitido(resource, quien, undefined);
    if (permiso?.leer === 'propios' || permiso?.donde) assertPropio(resource, quien, await repo.findById(resource, id, { order: [], skip: 0, include: [], fields: ['id', ...camposDeAmbito(resource, quien)] }));
    const pedido = readJsonParam(req.query.filter, 'filter') ?? {};
    const otra = Object.keys(pedido).find((k) => k !== 'limit' && k !== 'skip');
    if (otra) throw badRequest(mensajes.filtro.campoDesconocido(otra));
    const { limit, skip } = parseFilter(logs, pedido, { maxLimit: config.maxLimit });
    const filas = (await filasDe(repo.db, resource, id)
      .leftJoin('logins', 'logins.id', 'logs.loginId')
      .leftJoin('tokens', 'tokens.id', 'logs.tokenId')
      .select('logs.id', 'logs.fecha', 'logs.tipo', 'logs.datos', 'logs.cambios', 'logs.version', 'logs.ip', 'logs.loginId', 'logins.nombre', 'logins.usuario', 'logs.tokenId', { tokenNombre: 'tokens.nombre' })
      .orderBy('logs.id', 'desc')
      .limit(limit ?? 100)
      .offset(skip)) as Row[];
    const visibles = camposVisibles(resource, quien.rol);
    // Where a change came from is the log's to tell: only a role that reads everyone's log sees it.
    const veIp = permisoDe(logs.acceso, quien.rol)?.leer === true;
    return filas.map((f) => {
      const cambios = f.cambios ? (JSON.parse(String(f.cambios)) as Cambios) : null;
      if (cambios && visibles) for (const campo of Object.keys(cambios)) if (!visibles.has(campo)) delete cambios[campo];
      return {
        id: Number(f.id),
        fecha: fromDb(logs.fields.fecha, f.fecha),
        version: f.version === null ? null : Number(f.version),
        accion: accionDe(String(f.tipo), f.datos as string | null),
        login: f.loginId === null ? null : { id: Number(f.loginId), nombre: f.nombre ?? null, usuario: f.usuario ?? null },
        // A write made with an API token (the shop's): no account, the token's name.
        token: f.tokenId === null ? null : { id: Number(f.tokenId), nombre: f.tokenNombre ?? null },
        ...(veIp ? { ip: f.ip ?? null } : {}),
        cambios,
      };
    });
  });

  app.post<{ Params: Params }>(`${base}/restaurar`, { config: { acceso: { recurso: resource, op: 'escribir' as const }, condicional: true } }, async (req) => {
    if (!resource.restaurable) throw new HttpError(405, mensajes.historial.noRestaurable(resource.labels), 'METHOD_NOT_ALLOWED');
    const id = parseId(req.params.id);
    const quien = quienDe(req);
    const pedido = validateActionBody(CUERPO_RESTAURAR, req.body) as { version?: number; logId?: number };
    if ((pedido.version === undefined) === (pedido.logId === undefined)) throw badRequest(mensajes.historial.restaurarUno);
    // Read and computed with the record locked: an edit cannot land between what the restore
    // compares with and what it writes.
    const restaurar = async (trx: Knex.Transaction) => {
      const actual = await repo.findById(resource, id, undefined, trx);
      assertPropio(resource, quien, actual);
      const version = await versionPedida(trx, resource, id, pedido);
      const valores = await valoresDe(trx, resource, id, version);
      // Only what differs now, and only what this role may write: the rest stays as it is.
      const visibles = camposVisibles(resource, quien.rol);
      const cuerpo: Row = {};
      for (const [campo, valor] of Object.entries(valores)) {
        const field = resource.fields[campo];
        if (!field || field.readOnly || field.writeOnly || (visibles && !visibles.has(campo))) continue;
        if (JSON.stringify(actual[campo] ?? null) !== JSON.stringify(valor)) cuerpo[campo] = valor;
      }
      if (!Object.keys(cuerpo).length) return undefined;
      // The same validation, foreign keys, unique keys and rules as any PATCH.
      const body = validateBody(resource, 'update', cuerpo);
      assertCuerpo(resource, quien, body);
      return { body, datos: { accion: 'restaurar', version } };
    };
    await conVersion(req, () => repo.updateCalculado(resource, id, restaurar, actorOf(req), esperadaDe(req)));
    return trimCampos(resource, quien.rol, await repo.findById(resource, id));
  });
}

/** The version asked for, checked to be one this record's history holds. */
async function versionPedida(db: Knex | Knex.Transaction, resource: Resource, id: number, { version, logId }: { version?: number; logId?: number }): Promise<number> {
  const fila = (await filasDe(db, resource, id)
    .where(logId !== undefined ? { 'logs.id': logId } : { 'logs.version': version })
    .whereNot('logs.tipo', 'DELETE')
    .first('logs.version')) as { version: number | null } | undefined;
  if (!fila || fila.version === null) {
    throw validationFailed([{ path: logId !== undefined ? '/logId' : '/version', code: 'version', message: mensajes.historial.versionDesconocida(version ?? logId!) }]);
  }
  return Number(fila.version);
}

/**
 * The values the record had at `version`: for each field changed since, its «before» in the
 * first change after that version. A change whose values were purged (HISTORIAL_DIAS) or a
 * secret («cambiada») cannot be undone, and the restore is refused rather than half done.
 */
async function valoresDe(db: Knex | Knex.Transaction, resource: Resource, id: number, version: number): Promise<Row> {
  const despues = (await filasDe(db, resource, id).where('logs.version', '>', version).orderBy('logs.id', 'asc').select('logs.cambios', 'logs.tipo')) as { cambios: string | null; tipo: string }[];
  const valores: Row = {};
  for (const { cambios } of despues) {
    if (cambios === null) throw validationFailed([{ path: '/version', code: 'version', message: mensajes.historial.sinVersionAnterior }]);
    for (const [campo, cambio] of Object.entries(JSON.parse(cambios) as Cambios)) {
      if (campo in valores || !Array.isArray(cambio)) continue;
      valores[campo] = cambio[0];
    }
  }
  return valores;
}
