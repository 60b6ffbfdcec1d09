// What a kind of background work is (docs/arquitectura.md §19): declared once, run by the one
// runner. The declaration says when it runs (every `cada` ms, or only when queued), whether one
// may run at a time in the whole installation or several, how a failure is retried, and how long
// a run may take; `run` does the work.
import type { Escritor } from '../base/types.js';

export interface Reintentos {
  /** How many times a failed run is tried again before the job is `fallido`. */
  maximo: number;
  /** The pause before the first retry; each further one doubles, up to `maximaMs`. */
  pausaMs: number;
  maximaMs: number;
}

export interface Registro {
  info(contexto: object, mensaje: string): void;
  warn(contexto: object, mensaje: string): void;
  error(contexto: object, mensaje: string): void;
}

/** What a run receives besides its payload. */
export interface Contexto<S = unknown> {
  /** The application's services the kind uses (the runner's `servicios`). */
  servicios: S;
  /** The job's row. */
  id: number;
  /** 1 on the first attempt of this run. */
  intento: number;
  /** The fencing token: the generation this holder claimed. */
  generacion: number;
  /** Aborted when the lease is lost, the time limit passes or the application stops. */
  signal: AbortSignal;
  /**
   * A transaction that first checks, in itself, that the lease is still this holder's (the row
   * still has `generacion` and is running): otherwise it throws `ArriendoPerdido` and nothing of
   * `fn` is committed. Whatever must not be written twice is written through here. Records are
   * written through its Escritor (rest/escritura.ts) as the server's, named after the kind in
   * their history; `w.db` is the transaction itself, for what is no entity's.
   */
  transaction<T>(fn: (w: Escritor) => Promise<T>): Promise<T>;
  log: Registro;
}

/** What a run may answer: nothing (done; a recurring kind waits its `cada`), or when to run again. */
export type Resultado = void | { otraVezEnMs: number };

export interface Trabajo<S = any, D = any> {
  /** Stored in each job's row: never rename one that has rows. */
  nombre: string;
  /** What the administrator reads on the page, in Spanish. */
  etiqueta: string;
  /** Recurring: one job of the kind, run again this long after each run. Without it, only what is queued runs. */
  cada?: number;
  /** At most one job of the kind running in the whole installation (every process, every machine). */
  unoALaVez: boolean;
  /** Jobs of the kind one process runs at once (a one-at-a-time kind: 1). */
  concurrencia: number;
  reintentos: Reintentos;
  /** Longest a run may take: then its signal is aborted and the attempt counts as failed. */
  limiteMs: number;
  /** Whether the configuration wants it (a kind switched off is neither run nor scheduled). Default: always. */
  activo?(servicios: S): boolean;
  run(datos: D, ctx: Contexto<S>): Promise<Resultado>;
}

export function defineTrabajo<S = unknown, D = Record<string, never>>(def: Trabajo<S, D>): Trabajo<S, D> {
  if (def.unoALaVez && def.concurrencia !== 1) throw new Error(`${def.nombre}: un trabajo de uno en uno tiene concurrencia 1`);
  if (def.concurrencia < 1 || def.limiteMs <= 0 || (def.cada !== undefined && def.cada <= 0)) throw new Error(`${def.nombre}: concurrencia, límite y periodo deben ser positivos`);
  return def;
}

/** Thrown by a run for a failure no retry would mend: the job is `fallido` at once. */
export class FalloDefinitivo extends Error {
  override name = 'FalloDefinitivo';
}

/** The holder's lease is gone (lapsed, or another process claimed the job): it must not commit. */
export class ArriendoPerdido extends Error {
  override name = 'ArriendoPerdido';
}
