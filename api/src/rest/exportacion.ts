// GET /<R>.csv: a list as a file a Spanish spreadsheet opens (rest/csv.ts), with the filter
// GET /R takes (where, order, fields, limit, skip) but no page cap, so a whole table can leave.
// It never holds the table: rows come one by one from a database cursor (db/reader.ts) and
// go out in chunks as fast as the client reads them; a closed download stops the cursor, and so
// does one that reads nothing for a minute.
import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { Config } from '../config/index.js';
import { isPg, type Db } from '../db/index.js';
import { streamRows, type Row } from '../db/reader.js';
import { diaEn } from '../base/tiempo.js';
import { mensajes } from '../mensajes.js';
import type { Registry, Resource } from '../base/types.js';
import { camposVisibles, filtroPermitido, quienDe } from './permisos.js';
import { columnas, exportSql, type Columna } from './columnas.js';
import { BOM, lineaCsv } from './csv.js';
import { planBusqueda } from './busqueda.js';
import { badRequest, HttpError } from '../base/errors.js';
import { parseFilter } from './filter.js';
import { orderTerms } from './repository.js';

export interface ExportacionOptions {
  db: Db;
  registry: Registry;
  config: Pick<Config, 'maxLimit' | 'timeZone'>;
  /** The clock that dates the file name, replaceable in tests. */
  ahora?: () => Date;
  /** How long a client may read nothing before its download is cut (ms); shorter in tests. */
  inactividadMs?: number;
}

/**
 * A download that reads nothing holds its cursor, its connection and (on PostgreSQL) a snapshot
 * that keeps VACUUM from cleaning, and a slot: six of them left every other export with 503.
 * A minute without reading is a client gone or stuck, not one reading slowly.
 */
export const INACTIVIDAD_MS = 60_000;

/** Text gathered before a write: one write per row would cost more than writing the row. */
const CHUNK = 64 * 1024;

/**
 * Exports running at once in this process. Each holds a database connection for as long as its
 * client takes to read it; PostgreSQL's pool has 10, which the lists must keep getting.
 */
export const MAX_EXPORTACIONES = 3;

async function* lineas(cols: Columna[], primera: IteratorResult<Row>, resto: AsyncGenerator<Row>): AsyncGenerator<string> {
  const claves = cols.map((_, i) => `c${i}`);
  let buf = BOM + lineaCsv(cols.map((c) => c.cabecera));
  for (let r = primera; !r.done; r = await resto.next()) {
    const row = r.value;
    buf += lineaCsv(cols.map((c, i) => c.celda(row[claves[i]])));
    if (buf.length >= CHUNK) {
      yield buf;
      buf = '';
    }
  }
  yield buf;
}

const ocupado = () =>
  new HttpError(503, mensajes.exportar.ocupado(MAX_EXPORTACIONES), 'SERVICE_UNAVAILABLE', undefined, { 'retry-after': '10' });

/**
 * Cuts the response when its client has read nothing for `ms`: the socket stays full (a write
 * waits for 'drain') that long. Cutting closes the body, and with it the cursor. A slow query
 * between chunks is not the client's doing, and does not count.
 */
function watchLectura(res: ServerResponse, ms: number): () => void {
  let atascadaDesde: number | undefined;
  const alVaciar = () => {
    atascadaDesde = undefined;
  };
  res.on('drain', alVaciar);
  const reloj = setInterval(() => {
    if (!res.writableNeedDrain) return alVaciar();
    atascadaDesde ??= Date.now();
    if (Date.now() - atascadaDesde >= ms) res.destroy();
  }, Math.max(10, ms / 4));
  reloj.unref();
  return () => {
    clearInterval(reloj);
    res.off('drain', alVaciar);
  };
}

export default async function exportacionRoutes(app: FastifyInstance, { db, registry, config, ahora = () => new Date(), inactividadMs = INACTIVIDAD_MS }: ExportacionOptions) {
  const dialect = isPg(db) ? 'pg' : 'sqlite';
  let enCurso = 0;

  const serveExportacion = (resource: Resource) =>
    // No automatic HEAD: Fastify would run the export and read it to the end only to drop it.
    app.get<{ Querystring: { filter?: unknown } }>(`/${resource.name}.csv`, { exposeHeadRoute: false, config: { acceso: { recurso: resource, op: 'leer' } } }, async (req, reply) => {
      const quien = quienDe(req);
      const filter = filtroPermitido(resource, quien, parseFilter(resource, req.query.filter, { maxLimit: config.maxLimit, unbounded: true }));
      if (filter.include.length) throw badRequest(mensajes.exportar.includeNoAdmitido);
      const visibles = camposVisibles(resource, quien.rol);
      const cols = columnas(resource, filter.fields ?? (visibles && [...visibles]), config.timeZone);
      const where = await planBusqueda(db, dialect, resource, filter.where, 'todas');
      const { sql, bindings } = exportSql(resource, cols, { ...filter, where, order: orderTerms(filter) }, dialect);
      if (enCurso >= MAX_EXPORTACIONES) throw ocupado();
      enCurso++;
      const rows = streamRows(db, sql, bindings);
      let primera: IteratorResult<Row>;
      try {
        // The first row is read before answering, so a query that fails at once still answers in
        // the error envelope. A failure after that cuts the response (the chunked body never
        // ends), which the browser reports as a failed download rather than a short file.
        primera = await rows.next();
      } catch (err) {
        enCurso--;
        throw err;
      }
      const body = Readable.from(lineas(cols, primera, rows), { objectMode: false });
      const dejarDeVigilar = watchLectura(reply.raw, inactividadMs);
      // However the body ends (read to the end, failed, dropped by a client that hung up, even
      // before its first chunk, or cut for reading nothing), the cursor and its connection go with it.
      body.once('close', () => {
        dejarDeVigilar();
        enCurso--;
        void rows.return(undefined);
      });
      const dia = diaEn(ahora(), config.timeZone);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${resource.name}-${dia}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(body);
    });

  for (const resource of Object.values(registry.resources)) serveExportacion(resource);
}
