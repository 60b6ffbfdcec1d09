// The «Informes» routes (docs/arquitectura.md §6): each report as JSON, or as CSV when asked with
// `Accept: text/csv`. Registered inside the authenticated scope under /informes.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import type { Config } from '../config.js';
import * as csv from './csv.js';
import { comprobarNombres, leerAgrupacion, leerDias, leerPeriodo, leerPeriodoAbierto, periodoAnterior, type Query } from './parametros.js';
import * as q from './queries.js';
import pagos from '../resources/pagos/index.js';
import { intervalos, type Intervalo } from '../base/tiempo.js';

export interface InformesOptions {
  db: Knex;
  config: Config;
  /** The clock, replaceable so tests can pin "today". */
  ahora?: () => Date;
}

export const DIAS_PENDIENTE = 7;
const LIMITE_LISTA = 100;

interface Resultado {
  cuerpo: object;
  tabla: () => csv.Tabla;
  periodo: { desde: string | null; hasta: string };
}

type Informe = { calcular: (query: Query, ahora: Date) => Promise<Resultado> };

const rango = ['desde', 'hasta'] as const;
const conAgrupacion = ['desde', 'hasta', 'agrupacion'] as const;

/** Every report, what it answers and the query parameters it takes: the routes and /openapi.json read this. */
export const catalogoInformes = {
  resumen: { parametros: rango, descripcion: 'Cifras clave del periodo y del anterior: tantos meses enteros antes si el periodo son meses enteros, si no tantos días' },
  ingresos: { parametros: conAgrupacion, descripcion: 'Ingresos por día, semana o mes, sin huecos' },
  'ventas-por-curso': { parametros: rango, descripcion: 'Ventas, ingresos, ticket medio y reembolsos por curso' },
  'pagos-por-metodo': { parametros: rango, descripcion: 'Número e importe de pagos por método' },
  'pagos-por-estado': { parametros: rango, descripcion: 'Número e importe de pagos por estado' },
  'usuarios-nuevos': { parametros: conAgrupacion, descripcion: 'Usuarios nuevos por intervalo y cuántos de ellos compraron' },
  pendientes: { parametros: [...rango, 'dias'], descripcion: 'Dinero atascado: pagos pendientes, pagos sin factura y facturas sin pago' },
} as const satisfies Record<string, { parametros: readonly string[]; descripcion: string }>;

export type NombreInforme = keyof typeof catalogoInformes;
const dias = (p: { desde: string | null; hasta: string }) => ({ desde: p.desde, hasta: p.hasta });

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
  const tz = opts.config.timeZone;
  const ahora = opts.ahora ?? (() => new Date());

  /** A report over the period, its figures under `clave`. */
  const deRango = <K extends string, T>(clave: K, consulta: (db: Knex, p: q.Rango) => Promise<T>, tabla: (d: Record<K, T>) => csv.Tabla): Informe => ({
    async calcular(query, hoy) {
      const p = leerPeriodo(query, tz, hoy);
      const datos = { [clave]: await consulta(db, p) } as Record<K, T>;
      return { cuerpo: { periodo: dias(p), ...datos }, periodo: p, tabla: () => tabla(datos) };
    },
  });

  /** A series over the period, one point per day, week or month, none missing. */
  const serie = <T>(consulta: (db: Knex, params: { intervalos: Intervalo[] }) => Promise<T[]>, tabla: (d: { serie: T[] }) => csv.Tabla): Informe => ({
    async calcular(query, hoy) {
      const p = leerPeriodo(query, tz, hoy);
      const agrupacion = leerAgrupacion(query, p);
      const puntos = await consulta(db, { intervalos: intervalos(p.desde, p.hasta, agrupacion, tz) });
      return { cuerpo: { periodo: dias(p), agrupacion, serie: puntos }, periodo: p, tabla: () => tabla({ serie: puntos }) };
    },
  });

  const informes: Record<NombreInforme, Informe> = {
    resumen: {
      async calcular(query, hoy) {
        const actual = leerPeriodo(query, tz, hoy);
        // The default period is «the last 30 days»: compared with the 30 before, even when it happens to start on the 1st.
        const anterior = periodoAnterior(actual, tz, { soloDias: query.desde === undefined || query.desde === '' });
        const cifras = await q.resumen(db, { actual, previo: anterior });
        const cuerpo = { periodo: dias(actual), anterior: dias(anterior), ...cifras };
        return { cuerpo, periodo: actual, tabla: () => csv.resumenCsv(cuerpo) };
      },
    },
    ingresos: serie(q.ingresos, csv.ingresosCsv),
    'ventas-por-curso': deRango('cursos', q.ventasPorCurso, csv.ventasPorCursoCsv),
    'pagos-por-metodo': deRango('metodos', q.pagosPorMetodo, csv.pagosPorMetodoCsv),
    'pagos-por-estado': deRango('estados', q.pagosPorEstado, csv.pagosPorEstadoCsv),
    'usuarios-nuevos': serie(q.usuariosNuevos, csv.usuariosNuevosCsv),
    pendientes: {
      async calcular(query, hoy) {
        const p = leerPeriodoAbierto(query, tz, hoy);
        const n = leerDias(query, DIAS_PENDIENTE);
        const antesDe = new Date(hoy.getTime() - n * 86_400_000).toISOString();
        const listas = await q.pendientes(db, { rango: p, antesDe, limite: LIMITE_LISTA });
        const cuerpo = { periodo: dias(p), dias: n, limite: LIMITE_LISTA, ...listas };
        return { cuerpo, periodo: p, tabla: () => csv.pendientesCsv(listas, tz) };
      },
    },
  };

  for (const [nombre, informe] of Object.entries(informes) as [NombreInforme, Informe][]) {
    // Reports are figures of the pagos (and their facturas): for the roles that read them.
    app.get(`/${nombre}`, { config: { acceso: { recurso: pagos, op: 'leer' } } }, async (request: FastifyRequest, reply: FastifyReply) => {
      const query = (request.query ?? {}) as Query;
      comprobarNombres(query, catalogoInformes[nombre].parametros);
      const r = await informe.calcular(query, ahora());
      // Figures about the business's money: never kept by a shared cache.
      reply.header('cache-control', 'private, no-store');
      if (!pideCsv(request)) return r.cuerpo;
      const fechas = [r.periodo.desde, r.periodo.hasta].filter(Boolean).join('-');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${nombre}-${fechas}.csv"`)
        .send(csv.aCsv(r.tabla()));
    });
  }
}
