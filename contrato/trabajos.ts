// What GET /trabajos answers: per kind of background work, whether it runs here at all, how its
// last run went, when the next is due, how many wait, and the recent failures with their reason
// (api/src/trabajos/resumen.ts reads it; the admin's «Tareas automáticas» page shows it).

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
