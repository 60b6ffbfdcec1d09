// react-admin's data calls mapped onto the API's LoopBack 4 dialect (docs/arquitectura.md §3, §5).
import { type DataProvider, type GetListParams, HttpError, type Identifier, type SortPayload } from 'react-admin';
import { whereDeBusqueda } from '../../../contrato/busqueda';
import { nestedUnder, searchFields, serverFields } from '../entidades';
import { legibleYa } from './cuenta';
import { apiUrl, fetchJson } from './http';

type Where = Record<string, unknown>;

const OPERATORS = ['gte', 'lte', 'gt', 'lt', 'neq', 'inq'];
const SUFFIX = new RegExp(`^(.+)_(${OPERATORS.join('|')})$`);

const toWire = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : value);

function condition(resource: string, key: string, value: unknown): Where | undefined {
  if (value === undefined || value === '') return undefined;
  if (Array.isArray(value) && value.length === 0) return undefined;
  // The search box: the registry says where to look (a pago's usuario and curso too), among the fields the role reads.
  if (key === 'q') return whereDeBusqueda(searchFields(resource).filter((campo) => campo.includes('.') || legibleYa(resource, campo)), String(value));
  const match = SUFFIX.exec(key);
  if (match) return { [match[1]]: { [match[2]]: Array.isArray(value) ? value.map(toWire) : toWire(value) } };
  if (Array.isArray(value)) return { [key]: { inq: value.map(toWire) } };
  return { [key]: toWire(value) };
}

/** react-admin's filter values as a LoopBack where; undefined when nothing filters. */
export function toWhere(resource: string, filter: Record<string, unknown> = {}): Where | undefined {
  const conditions = Object.entries(filter)
    .map(([key, value]) => condition(resource, key, value))
    .filter((c): c is Where => c !== undefined);
  if (conditions.length === 0) return undefined;
  const keys = conditions.flatMap(Object.keys);
  // One object reads best in logs; `and` is only needed when two conditions share a key.
  return new Set(keys).size === keys.length ? Object.assign({}, ...conditions) : { and: conditions };
}

const andWhere = (...wheres: (Where | undefined)[]): Where | undefined => {
  const present = wheres.filter((w): w is Where => w !== undefined);
  return present.length <= 1 ? present[0] : { and: present };
};

const query = (name: string, value: unknown) => `${name}=${encodeURIComponent(JSON.stringify(value))}`;

function listFilter(where: Where | undefined, { pagination, sort, meta }: Pick<GetListParams, 'pagination' | 'sort' | 'meta'>) {
  const filter: { where?: Where; fields?: string[]; order?: string; limit?: number; skip?: number } = {};
  if (where) filter.where = where;
  // `meta.fields`: only these columns (a list that needs a few, of a resource with a large one).
  if (Array.isArray(meta?.fields)) filter.fields = meta.fields;
  if (sort?.field) filter.order = `${sort.field} ${sort.order === 'DESC' ? 'DESC' : 'ASC'}`;
  if (pagination) {
    filter.limit = pagination.perPage;
    filter.skip = (pagination.page - 1) * pagination.perPage;
  }
  return filter;
}

/**
 * The list as a CSV file (GET /R.csv), with the where and order the list shows and every page:
 * the API streams it, so the browser downloads it without holding the rows.
 */
export const exportUrl = (resource: string, filterValues: Record<string, unknown>, sort?: SortPayload) =>
  apiUrl(`/${resource}.csv?${query('filter', listFilter(toWhere(resource, filterValues), { sort }))}`);

const countPath = (resource: string, where: Where | undefined) =>
  `/${resource}/count${where ? `?${query('where', where)}` : ''}`;

/**
 * What `GET /R/count` answers (README, «La API de un vistazo»): exact unless `approximate` says
 * it is a lower bound (there are more than `count`) or the planner's estimate.
 */
export interface Recuento {
  count: number;
  approximate?: 'lowerBound' | 'estimate';
}

/**
 * A page and its total as react-admin takes them. An exact total goes as `total`, as it always
 * has. An approximate one does not: page numbers worked out from it would lead past the end, or
 * stop short of it, so react-admin gets `pageInfo` and pages forwards and backwards, and the
 * pagination label reads the approximate figure from `meta.recuento` («de más de 10.000»).
 */
export function conTotal(data: any[], recuento: Recuento, { skip = 0, limit }: { skip?: number; limit?: number }) {
  if (!recuento.approximate) return { data, total: recuento.count };
  // A page that is not full is the last one: there the total is known exactly, whatever the count said.
  if (limit !== undefined && data.length < limit && (data.length > 0 || skip === 0)) return { data, total: skip + data.length };
  return {
    data,
    pageInfo: { hasNextPage: limit !== undefined && data.length === limit, hasPreviousPage: skip > 0 },
    meta: { recuento },
  };
}

async function listAndCount(listPath: string, countResource: string, countWhere: Where | undefined, filter: { skip?: number; limit?: number }, prefer?: string) {
  const [list, count] = await Promise.all([
    fetchJson<any[]>(`${listPath}?${query('filter', filter)}`),
    fetchJson<Recuento>(countPath(countResource, countWhere), prefer ? { headers: { Prefer: prefer } } : undefined),
  ]);
  return conTotal(list.json, count.json, filter);
}

/** What may be written: no server-set field (id, timestamps, totals…), dates as ISO strings. */
function writable(resource: string, data: Record<string, unknown>): Record<string, unknown> {
  const hidden = new Set(serverFields(resource));
  return Object.fromEntries(
    Object.entries(data)
      .filter(([key, value]) => !hidden.has(key) && value !== undefined)
      .map(([key, value]) => [key, toWire(value)]),
  );
}

const same = (a: unknown, b: unknown) => JSON.stringify(toWire(a)) === JSON.stringify(toWire(b));

/** PATCH is partial: only what the form changed, so a concurrent edit of another field survives. */
function changes(data: Record<string, unknown>, previous: Record<string, unknown> | undefined) {
  if (!previous) return data;
  return Object.fromEntries(Object.entries(data).filter(([key, value]) => !same(value, previous[key])));
}

/** PATCH /R?where=: one change to every record the where matches, in one transaction; how many. */
async function patchWhere(resource: string, where: Where, data: Record<string, unknown>): Promise<number> {
  const { json } = await fetchJson<{ count: number }>(`/${resource}?${query('where', where)}`, {
    method: 'PATCH',
    body: writable(resource, data),
  });
  return json.count;
}

const recordPath = (resource: string, id: Identifier) => `/${resource}/${encodeURIComponent(String(id))}`;

/**
 * The record a save builds on once the API answered 412 and the administrator chose, knowingly,
 * what to keep (common/versiones): its version goes in If-Match and the PATCH is what differs
 * from it, not from the version the form was opened with (docs/arquitectura.md §17).
 */
const bases = new Map<string, Record<string, unknown>>();
export const rebase = (resource: string, id: Identifier, actual: Record<string, unknown>) => bases.set(`${resource}/${id}`, actual);

/** `If-Match: "<version>"`, when the record read carries one. */
const siVersion = (record: Record<string, unknown> | undefined) =>
  typeof record?.version === 'number' ? { headers: { 'If-Match': `"${record.version}"` } } : {};

/**
 * The version the list read of each selected row, by id (`meta.versiones` of updateMany and
 * deleteMany): a row changed since is left as it is (docs/arquitectura.md §17).
 */
export type VersionesLeidas = Record<string, number>;

const versionesDe = (meta: unknown): VersionesLeidas => (meta as { versiones?: VersionesLeidas } | undefined)?.versiones ?? {};

/**
 * A bulk change some of whose rows were not touched because they had changed since the list read
 * them (or were gone): the others were applied. A 412, as the API answers a single such write.
 */
export class NoAplicados extends HttpError {
  constructor(
    public readonly noAplicados: number,
    public readonly total: number,
  ) {
    super('aula.masivo.noAplicados', 412, { noAplicados, total });
    // HttpError sets its own prototype, which would make `instanceof NoAplicados` false.
    Object.setPrototypeOf(this, NoAplicados.prototype);
  }
}

/** A record's file as the API serves it (a factura's PDF, its QR), for a plain link or an image. */
export const recordFileUrl = (resource: string, id: Identifier, file: string) => apiUrl(`${recordPath(resource, id)}/${file}`);

/** One row of a record's history as the API answers it. */
export interface FilaHistorial {
  id: number;
  fecha: string;
  version: number | null;
  accion: string;
  login: { id: number; nombre: string | null; usuario: string | null } | null;
  /** The API token that made it (the shop's), when no account did. */
  token?: { id: number; nombre: string | null } | null;
  ip?: string | null;
  cambios: Record<string, [unknown, unknown] | string> | null;
}

export const dataProvider: DataProvider = {
  getList: (resource, params) => {
    const where = toWhere(resource, params.filter);
    // An exact total over half a million rows costs more than the page it labels (docs/arquitectura.md §12):
    // exact up to the API's cap, then an estimate or «more than», which the list says.
    return listAndCount(`/${resource}`, resource, where, listFilter(where, params), 'count=estimated');
  },

  getOne: async (resource, { id }) => ({ data: (await fetchJson(recordPath(resource, id))).json }),

  getMany: async (resource, { ids }) => {
    const filter = { where: { id: { inq: ids } }, limit: Math.max(ids.length, 1) };
    return { data: (await fetchJson<any[]>(`/${resource}?${query('filter', filter)}`)).json };
  },

  getManyReference: (resource, { target, id, filter, pagination, sort, meta }) => {
    const where = toWhere(resource, filter);
    const withTarget = andWhere({ [target]: id }, where);
    const parent = nestedUnder(resource)[target];
    if (parent) {
      // The nested route adds the parent key itself: the where holds only the list's own filter.
      const listPath = `${recordPath(parent, id)}/${resource}`;
      return listAndCount(listPath, resource, withTarget, listFilter(where, { pagination, sort, meta }));
    }
    return listAndCount(`/${resource}`, resource, withTarget, listFilter(withTarget, { pagination, sort, meta }));
  },

  create: async (resource, { data }) => ({
    data: (await fetchJson(`/${resource}`, { method: 'POST', body: writable(resource, data) })).json,
  }),

  update: async (resource, { id, data, previousData }) => {
    const clave = `${resource}/${id}`;
    const base = bases.get(clave) ?? previousData;
    const patch = changes(writable(resource, data), base);
    // `{}` is a 400 for the API: an unchanged form only re-reads the record.
    if (Object.keys(patch).length > 0) await fetchJson(recordPath(resource, id), { method: 'PATCH', body: patch, ...siVersion(base) });
    bases.delete(clave);
    return { data: (await fetchJson(recordPath(resource, id))).json };
  },

  updateMany: async (resource, { ids, data, meta }) => {
    const versiones = versionesDe(meta);
    // Each row on the version read, where it is known: `{or:[{id,version}]}`, and the count says how many matched.
    const where = Object.keys(versiones).length
      ? { or: ids.map((id) => (typeof versiones[id] === 'number' ? { id, version: versiones[id] } : { id })) }
      : { id: { inq: ids } };
    const aplicados = await patchWhere(resource, where, data);
    if (aplicados < ids.length) throw new NoAplicados(ids.length - aplicados, ids.length);
    return { data: ids };
  },

  delete: async (resource, { id, previousData }) => {
    await fetchJson(recordPath(resource, id), { method: 'DELETE' });
    return { data: (previousData ?? { id }) as any };
  },

  deleteMany: async (resource, { ids, meta }) => {
    const versiones = versionesDe(meta);
    const borrados = await Promise.allSettled(
      ids.map((id) => fetchJson(recordPath(resource, id), { method: 'DELETE', ...siVersion({ version: versiones[String(id)] }) })),
    );
    const fallos = borrados.flatMap((r) => (r.status === 'rejected' ? [r.reason as { status?: number }] : []));
    // A refusal with a reason (a curso with clases) says it; rows changed since they were listed are counted.
    const motivo = fallos.find((error) => error?.status !== 412);
    if (motivo) throw motivo;
    if (fallos.length) throw new NoAplicados(fallos.length, ids.length);
    return { data: ids };
  },

  /**
   * One of a record's actions (`POST /R/{id}/<accion>`: emitir, rectificar, anular, facturar):
   * what the server answers, usually the record it issued, as react-admin's `{ data }`.
   */
  accion: async (resource: string, id: Identifier, accion: string, body?: Record<string, unknown>, leido?: Record<string, unknown>) => ({
    data: (await fetchJson(`${recordPath(resource, id)}/${accion}`, { method: 'POST', body, ...siVersion(leido) })).json,
  }),

  /** A record's history, newest first (GET /R/{id}/historial). */
  historial: async (resource: string, id: Identifier, limit = 50): Promise<FilaHistorial[]> =>
    (await fetchJson<FilaHistorial[]>(`${recordPath(resource, id)}/historial?${query('filter', { limit })}`)).json,

  /** Back to the version a history row left, as an ordinary write (POST /R/{id}/restaurar). */
  restaurar: async (resource: string, id: Identifier, logId: number) => ({
    data: (await fetchJson(`${recordPath(resource, id)}/restaurar`, { method: 'POST', body: { logId } })).json,
  }),

  /** How many records match the list filter `filter` (GET /R/count): a curso's clases, say. */
  count: async (resource: string, filter: Record<string, unknown>): Promise<number> =>
    (await fetchJson<Recuento>(countPath(resource, toWhere(resource, filter)))).json.count,

  /**
   * One change to every record matching the list filter `filter` («the clases of these cursos
   * still in borrador»), in one request; how many changed. A filter is required: an empty one
   * would change the whole table.
   */
  updateWhere: async (resource: string, filter: Record<string, unknown>, data: Record<string, unknown>): Promise<number> => {
    const where = toWhere(resource, filter);
    if (!where) throw new Error(`updateWhere(${resource}) sin filtro`);
    return patchWhere(resource, where, data);
  },

  /** A curso's clases in their new order, every one of them, saved in one request. */
  reorderClases: async (cursoId: Identifier, clases: Identifier[]) => {
    await fetchJson(`${recordPath('cursos', cursoId)}/clases/orden`, { method: 'PUT', body: { clases } });
    return { data: clases };
  },
};
