// What the administrator's page shows of each kind of background work: whether it runs here at
// all, how its last run went, when the next is due, how many wait, and the recent failures with
// their reason, each one retryable.
import type { Knex } from 'knex';
import type { Trabajo } from './definir.js';
import { CLAVE_PERIODICA } from './desenlace.js';

type Fila = Record<string, any>;

/** How a kind is doing, worst first as the page lists what needs looking at. */
export const ESTADOS_TIPO = ['desactivado', 'conFallos', 'reintentando', 'ejecutando', 'enCola', 'alDia'] as const;
export type EstadoTipo = (typeof ESTADOS_TIPO)[number];

export const RESULTADOS = ['ejecutando', 'hecho', 'error'] as const;

export interface Ejecucion {
  id: number;
  inicio: string | null;
  fin: string | null;
  /** ejecutando: still running; hecho: it went well; error: it failed (and is retried, or is fallido). */
  resultado: (typeof RESULTADOS)[number];
  error: string | null;
  intentos: number;
}

export interface Fallo {
  id: number;
  clave: string | null;
  error: string | null;
  intentos: number;
  fin: string | null;
}

export interface ResumenTipo {
  tipo: string;
  etiqueta: string;
  activo: boolean;
  /** Recurring: its period in ms; null, run only when queued. */
  cadaMs: number | null;
  unoALaVez: boolean;
  estado: EstadoTipo;
  /** Jobs waiting to run (a recurring kind's schedule is not one). */
  pendientes: number;
  ejecutando: number;
  /** Failed for good, waiting for «Reintentar» (or to be cleared after TRABAJOS_FALLIDOS_DIAS). */
  fallidos: number;
  ultima: Ejecucion | null;
  /** When the next pending job is due. */
  proxima: string | null;
  /** The most recent failed jobs, newest first. */
  fallos: Fallo[];
}

const MAX_FALLOS = 5;
const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);

function buildEjecucion(f: Fila): Ejecucion {
  return {
    id: Number(f.id),
    inicio: iso(f.inicio),
    fin: f.estado === 'ejecutando' ? null : iso(f.fin),
    resultado: f.estado === 'ejecutando' ? 'ejecutando' : f.error ? 'error' : 'hecho',
    error: f.estado === 'ejecutando' ? null : (f.error ?? null),
    intentos: Number(f.intentos),
  };
}

export async function readResumen(db: Knex, tipos: Trabajo[], activo: (t: Trabajo) => boolean, ahora = Date.now()): Promise<ResumenTipo[]> {
  const cuentas = (await db('trabajos')
    .whereIn('tipo', tipos.map((t) => t.nombre))
    .groupBy('tipo', 'estado')
    .select('tipo', 'estado')
    .count({ n: '*' })
    .min({ proximo: 'ejecutarEn' })
    .select(db.raw('SUM(CASE WHEN ?? IS NULL THEN 0 ELSE 1 END) AS ??', ['error', 'conError']))
    .select(db.raw('SUM(CASE WHEN ?? = ? THEN 1 ELSE 0 END) AS ??', ['clave', CLAVE_PERIODICA, 'agenda']))) as Fila[];
  const resumenes: ResumenTipo[] = [];
  for (const t of tipos) {
    const de = (estado: string) => cuentas.find((c) => c.tipo === t.nombre && c.estado === estado);
    // A recurring kind's own row is its schedule (`proxima`), not work waiting.
    const pendientes = Number(de('pendiente')?.n ?? 0) - Number(de('pendiente')?.agenda ?? 0);
    const ejecutando = Number(de('ejecutando')?.n ?? 0);
    const fallidos = Number(de('fallido')?.n ?? 0);
    const reintentando = Number(de('pendiente')?.conError ?? 0);
    const enMarcha = (await db('trabajos').where({ tipo: t.nombre, estado: 'ejecutando' }).orderBy('inicio', 'desc').first()) as Fila | undefined;
    const terminada = enMarcha ?? ((await db('trabajos').where('tipo', t.nombre).whereNotNull('fin').orderBy('fin', 'desc').first()) as Fila | undefined);
    const fallos = (await db('trabajos').where({ tipo: t.nombre, estado: 'fallido' }).orderBy([{ column: 'fin', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(MAX_FALLOS)) as Fila[];
    const proxima = iso(de('pendiente')?.proximo);
    // Due already and not yet taken: waiting for room (or for a runner, if none is running).
    const enCola = proxima !== null && Date.parse(proxima) <= ahora;
    const estado: EstadoTipo = !activo(t) ? 'desactivado' : fallidos ? 'conFallos' : reintentando ? 'reintentando' : ejecutando ? 'ejecutando' : enCola ? 'enCola' : 'alDia';
    resumenes.push({
      tipo: t.nombre,
      etiqueta: t.etiqueta,
      activo: activo(t),
      cadaMs: t.cada ?? null,
      unoALaVez: t.unoALaVez,
      estado,
      pendientes,
      ejecutando,
      fallidos,
      ultima: terminada ? buildEjecucion(terminada) : null,
      proxima,
      fallos: fallos.map((f) => ({ id: Number(f.id), clave: f.clave ?? null, error: f.error ?? null, intentos: Number(f.intentos), fin: iso(f.fin) })),
    });
  }
  return resumenes;
}
