// The «Informes» routes (docs/arquitectura.md §6): each declared report as JSON, or as CSV when
// asked with `Accept: text/csv`. Registered inside the authenticated scope under /informes.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import type { Config } from '../config/index.js';
import { aCsv, tablaCsv } from './csv.js';
import type { Informe } from './definir.js';
import { informes as todos } from './definiciones/index.js';
import { checkNombres, type Query } from './parametros.js';
import pagos from '../resources/pagos/index.js';

export interface InformesOptions {
  db: Knex;
  config: Config;
  /** The clock, replaceable so tests can pin "today". */
  ahora?: () => Date;
  /** The reports served: the application's, unless a test declares one of its own. */
  informes?: readonly Informe[];
}

/** The q-value the Accept header gives a media type: 0 when it is not listed. */
function calidad(accept: string, tipo: string): number {
  let q = 0;
  for (const parte of accept.split(',')) {
    const [nombre, ...params] = parte.split(';').map((x) => x.trim().toLowerCase());
    if (nombre !== tipo) continue;
    const valor = params.find((p) => p.startsWith('q='));
    q = Math.max(q, valor ? Number(valor.slice(2)) || 0 : 1);
  }
  return q;
}

/** CSV only when the client lists it, and not below JSON. */
function pideCsv(request: FastifyRequest) {
  const accept = request.headers.accept ?? '';
  const csv = calidad(accept, 'text/csv');
  return csv > 0 && csv >= calidad(accept, 'application/json');
}

export default async function informesRoutes(app: FastifyInstance, opts: InformesOptions) {
  const { db } = opts;
  const timeZone = opts.config.timeZone;
  const ahora = opts.ahora ?? (() => new Date());

  for (const informe of opts.informes ?? todos) {
    // Reports are figures of every pago (and their facturas): for the roles that read them all.
    app.get(`/${informe.nombre}`, { config: { acceso: { recurso: pagos, op: 'leerTodo' } } }, async (request: FastifyRequest, reply: FastifyReply) => {
      const query = (request.query ?? {}) as Query;
      checkNombres(query, informe.parametros);
      const ctx = { db, timeZone, query, ahora: ahora() };
      const r = await informe.compute(ctx);
      // Figures about the business's money: never kept by a shared cache.
      reply.header('cache-control', 'private, no-store');
      if (!pideCsv(request)) return r.cuerpo;
      const fechas = [r.periodo.desde, r.periodo.hasta].filter(Boolean).join('-');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${informe.nombre}-${fechas}.csv"`)
        .send(aCsv(tablaCsv(informe, r.cuerpo, ctx)));
    });
  }
}
