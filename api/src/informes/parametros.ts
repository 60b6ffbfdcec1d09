// The query string of a report, checked and turned into calendar periods. Anything the
// administrator could mistype answers 400 in Spanish naming the parameter, never a 500 and never
// a silently different period.
import type { NombreParametro } from '../../../contrato/catalogoInformes.js';
import { badRequest } from '../base/errors.js';
import { mensajes } from '../mensajes.js';
import {
  agrupaciones,
  cuantosIntervalos,
  diaEn,
  diasEntre,
  esDia,
  inicioDelDia,
  mesesEnteros,
  primeroDelMes,
  addDias,
  type Agrupacion,
  type Dia,
} from '../base/tiempo.js';

const m = mensajes.informes;

/** Whole calendar days `desde`..`hasta` (inclusive) and the instants [inicio, fin) they span. */
export interface Periodo {
  desde: Dia;
  hasta: Dia;
  inicio: string;
  fin: string;
}

export type Query = Record<string, unknown>;

/** Default period: the last 30 days, today included. */
export const DIAS_POR_DEFECTO = 30;
/** About three years of days: more buckets than any chart can show and a heavy query. */
export const MAX_INTERVALOS = 1100;
export const MAX_DIAS_PENDIENTE = 3650;
/** How old a pago pendiente must be, by default, to count as stuck. */
export const DIAS_PENDIENTE = 7;

/** Each parameter as /openapi.json documents it: a report declares which it takes, by name. */
export const esquemasParametro: Record<NombreParametro, object> = {
  desde: { name: 'desde', in: 'query', description: 'Primer día (AAAA-MM-DD); por defecto, 29 días antes de «hasta»', schema: { type: 'string', format: 'date' } },
  hasta: { name: 'hasta', in: 'query', description: 'Último día, incluido (AAAA-MM-DD); por defecto, hoy', schema: { type: 'string', format: 'date' } },
  agrupacion: { name: 'agrupacion', in: 'query', schema: { type: 'string', enum: agrupaciones, default: 'dia' } },
  dias: {
    name: 'dias',
    in: 'query',
    description: 'Antigüedad mínima de un pago pendiente, en días',
    schema: { type: 'integer', minimum: 0, maximum: MAX_DIAS_PENDIENTE, default: DIAS_PENDIENTE },
  },
};

export function checkNombres(query: Query, permitidos: readonly string[]) {
  for (const nombre of Object.keys(query)) {
    if (!permitidos.includes(nombre)) {
      throw badRequest(m.parametroDesconocido(nombre), [{ path: nombre, code: 'unknown', message: m.parametroDesconocido(nombre) }]);
    }
  }
}

function invalido(param: string, message: string) {
  return badRequest(message, [{ path: param, code: 'invalid', message }]);
}

const dateTime = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/;

/**
 * A date, or a date-time reduced to the calendar day it falls on in the business's zone (a
 * date-time without offset is already wall-clock time there).
 */
function parseDia(query: Query, param: string, timeZone: string): Dia | undefined {
  const raw = query[param];
  if (raw === undefined || raw === '') return undefined;
  const texto = typeof raw === 'string' ? raw.trim() : JSON.stringify(raw);
  const year = Number(texto.slice(0, 4));
  if (typeof raw === 'string' && year >= 1900 && year <= 2999) {
    if (esDia(texto)) return texto;
    const match = dateTime.exec(texto);
    if (match && esDia(match[1])) {
      const instant = new Date(match[4] ? texto : `${texto}Z`);
      if (!Number.isNaN(instant.getTime())) return match[4] ? diaEn(instant, timeZone) : match[1];
    }
  }
  throw invalido(param, m.fechaInvalida(param, texto));
}

export function periodo(desde: Dia, hasta: Dia, timeZone: string): Periodo {
  return { desde, hasta, inicio: inicioDelDia(desde, timeZone), fin: inicioDelDia(addDias(hasta, 1), timeZone) };
}

/**
 * What `p` is compared with. Whole calendar months: as many whole months before (October
 * against September's 30 days, not the 31 days before). A month or a year so far («Este mes»,
 * «Este año»: from its first day to some day of it): the same days of the month or year before
 * (1–25 November against 1–25 October), the last one cut to that month's end (1–30 March
 * against 1–28 February). Any other period, or any with `soloDias`: as many days, ending the day
 * before it starts.
 */
export function periodoAnterior(p: Periodo, timeZone: string, { soloDias = false } = {}): Periodo {
  const meses = soloDias ? 0 : mesesEnteros(p.desde, p.hasta);
  if (meses > 0) return periodo(primeroDelMes(p.desde, -meses), addDias(p.desde, -1), timeZone);
  if (!soloDias && p.desde === primeroDelMes(p.desde)) {
    if (p.desde.slice(0, 7) === p.hasta.slice(0, 7)) return mismosDias(p, 1, timeZone);
    if (p.desde.endsWith('-01-01') && p.desde.slice(0, 4) === p.hasta.slice(0, 4)) return mismosDias(p, 12, timeZone);
  }
  return periodo(addDias(p.desde, -(diasEntre(p.desde, p.hasta) + 1)), addDias(p.desde, -1), timeZone);
}

/** `p` moved `meses` months back, day for day, its last day cut to the end of its month. */
function mismosDias(p: Periodo, meses: number, timeZone: string): Periodo {
  const mes = primeroDelMes(p.hasta, -meses);
  const finDelMes = addDias(primeroDelMes(p.hasta, -meses + 1), -1);
  const mismoDia = `${mes.slice(0, 8)}${p.hasta.slice(8)}`;
  return periodo(primeroDelMes(p.desde, -meses), mismoDia < finDelMes ? mismoDia : finDelMes, timeZone);
}

/**
 * `desde`/`hasta` from the query. Without `hasta` the period ends today; without `desde` it
 * starts 29 days before `hasta`, so the default is the last 30 days.
 */
export function parsePeriodo(query: Query, timeZone: string, ahora: Date): Periodo {
  const hasta = parseDia(query, 'hasta', timeZone) ?? diaEn(ahora, timeZone);
  const desde = parseDia(query, 'desde', timeZone) ?? addDias(hasta, -(DIAS_POR_DEFECTO - 1));
  if (desde > hasta) throw invalido('desde', m.rangoInvertido(desde, hasta));
  return periodo(desde, hasta, timeZone);
}

/**
 * For lists of what is stuck now: without `desde` nothing is too old to show, since money stuck
 * for two months matters more than money stuck for two days.
 */
export function parsePeriodoAbierto(query: Query, timeZone: string, ahora: Date): { desde: Dia | null; hasta: Dia; inicio: string | null; fin: string } {
  if (query.desde !== undefined && query.desde !== '') return parsePeriodo(query, timeZone, ahora);
  const hasta = parseDia(query, 'hasta', timeZone) ?? diaEn(ahora, timeZone);
  return { desde: null, hasta, inicio: null, fin: inicioDelDia(addDias(hasta, 1), timeZone) };
}

export function parseAgrupacion(query: Query, p: Periodo): Agrupacion {
  const raw = query.agrupacion ?? 'dia';
  if (typeof raw !== 'string' || !(agrupaciones as readonly string[]).includes(raw)) {
    throw invalido('agrupacion', m.agrupacionInvalida(typeof raw === 'string' ? raw : JSON.stringify(raw)));
  }
  const agrupacion = raw as Agrupacion;
  const n = cuantosIntervalos(p.desde, p.hasta, agrupacion);
  if (n > MAX_INTERVALOS) throw invalido('agrupacion', m.demasiadosIntervalos(n, MAX_INTERVALOS));
  return agrupacion;
}

export function parseDias(query: Query, porDefecto: number): number {
  const raw = query.dias;
  if (raw === undefined || raw === '') return porDefecto;
  const texto = typeof raw === 'string' ? raw.trim() : JSON.stringify(raw);
  if (typeof raw !== 'string' || !/^\d{1,5}$/.test(texto) || Number(texto) > MAX_DIAS_PENDIENTE) {
    throw invalido('dias', m.diasInvalido(texto, MAX_DIAS_PENDIENTE));
  }
  return Number(texto);
}
