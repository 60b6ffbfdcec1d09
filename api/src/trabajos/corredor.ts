// The one runner of background work (docs/arquitectura.md §19). It looks at `trabajos` every
// `sondeoMs` (sooner when a job is queued in this process, or when the next one is due), ends the
// runs of holders that died (their lease lapsed), and claims the due jobs of each kind this
// process has room for. Nothing it must not lose lives in its memory: a job is a row from the
// moment it is queued until it is done, and a process killed at any point leaves only a lease
// that lapses. It runs in the process that runs the machine's background work
// (config.tareasDeFondo); among processes and machines, the claim decides.
import { hostname } from 'node:os';
import type { Knex } from 'knex';
import type { Escritura } from '../base/types.js';
import { mensajes } from '../mensajes.js';
import { listenEncolados } from './aviso.js';
import type { Registro, Reintentos, Trabajo } from './definir.js';
import { CLAVE_PERIODICA, failTrabajo } from './desenlace.js';
import { startEjecucion, type Ejecucion } from './ejecucion.js';
import { enqueue } from './encolar.js';
import { claimTrabajo, findCaducados, findProximos } from './reclamar.js';

export interface OpcionesCorredor {
  /** How often an idle runner looks (ms). Default 1 s. */
  sondeoMs?: number;
  /** How long a claim holds without renewal: how soon a dead holder's job is taken up. Default 60 s. */
  arriendoMs?: number;
  /** How often a running job's lease is renewed. Default a quarter of the lease. */
  latidoMs?: number;
  /** How long stopping waits for the runs in flight before leaving their leases to lapse. Default 5 s. */
  esperaCierreMs?: number;
  /** Pauses for every kind instead of its own (the tests' short ones). */
  reintentos?: Partial<Reintentos>;
}

export interface Corredor {
  start(): void;
  /** Stops claiming; lets the runs in flight end, or their leases lapse. */
  stop(): Promise<void>;
  /** Looks now instead of at the next poll. */
  wake(): void;
  /** Who this runner is in the rows it holds. */
  readonly titular: string;
}

/**
 * The runner over `db`'s jobs; `escritura` is where they write records (the repository: their
 * `ctx.transaction`).
 */
export function createCorredor<S>(db: Knex, escritura: Escritura, lista: Trabajo<S>[], servicios: S, log: Registro, opciones: OpcionesCorredor = {}): Corredor {
  const sondeoMs = opciones.sondeoMs ?? 1000;
  const arriendoMs = opciones.arriendoMs ?? 60_000;
  const latidoMs = opciones.latidoMs ?? Math.max(50, Math.floor(arriendoMs / 4));
  const esperaCierreMs = opciones.esperaCierreMs ?? 5000;
  const titular = `${hostname()}|${process.pid}|${Math.random().toString(36).slice(2, 10)}`;
  const tipos = new Map(lista.filter((t) => t.activo?.(servicios) ?? true).map((t) => [t.nombre, t]));
  const nombres = [...tipos.keys()];
  const reintentosDe = (t: Trabajo): Reintentos => ({ ...t.reintentos, ...opciones.reintentos });
  const enCurso = new Map<string, Set<Ejecucion>>(nombres.map((n) => [n, new Set()]));

  let parado = true;
  let bucle: Promise<void> | undefined;
  let despertador: (() => void) | undefined;
  let pedido = false;
  let dejarDeOir: (() => void) | undefined;
  let programados = false;

  const wake = () => {
    pedido = true;
    despertador?.();
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (pedido) return resolve();
      const t = setTimeout(fin, ms);
      function fin() {
        clearTimeout(t);
        despertador = undefined;
        resolve();
      }
      despertador = fin;
    });

  /** A recurring kind has its one job; queued once, it re-schedules itself for ever after. */
  async function schedulePeriodicos() {
    for (const t of tipos.values()) {
      if (t.cada !== undefined) await enqueue(db, t.nombre, {}, { clave: CLAVE_PERIODICA, en: new Date(Date.now() + t.cada) });
    }
  }

  /** Runs left by holders that died: each counts as a failed attempt, and is retried as any other. */
  async function reclaimCaducados() {
    for (const fila of await findCaducados(db, nombres)) {
      const tipo = tipos.get(fila.tipo)!;
      await failTrabajo(db, tipo, fila, mensajes.trabajos.interrumpido, { reintentos: reintentosDe(tipo), soloCaducado: true });
    }
  }

  function startTrabajo(tipo: Trabajo, fila: Record<string, any>) {
    const ejecucion = startEjecucion({ db, escritura, tipo, fila, servicios, arriendoMs, latidoMs, reintentos: reintentosDe(tipo), log });
    const propias = enCurso.get(tipo.nombre)!;
    propias.add(ejecucion);
    void ejecucion.terminada.finally(() => {
      propias.delete(ejecucion);
      wake(); // room for the next one
    });
  }

  /** One look: answers how long until the next. */
  async function poll(): Promise<number> {
    if (!programados) {
      await schedulePeriodicos();
      programados = true;
    }
    await reclaimCaducados();
    const proximos = await findProximos(db, nombres);
    let espera = sondeoMs;
    const ahora = Date.now();
    for (const [nombre, proximo] of proximos) {
      const tipo = tipos.get(nombre)!;
      const propias = enCurso.get(nombre)!;
      if (proximo > ahora) {
        espera = Math.min(espera, proximo - ahora);
        continue;
      }
      while (!parado && propias.size < tipo.concurrencia) {
        const fila = await claimTrabajo(db, tipo, titular, arriendoMs);
        if (!fila) break;
        startTrabajo(tipo, fila);
      }
    }
    return espera;
  }

  async function loop() {
    while (!parado) {
      pedido = false;
      let espera = sondeoMs;
      try {
        espera = await poll();
      } catch (err) {
        // A database down for a while: /health reports it; the runner keeps looking.
        log.warn({ err }, 'el corredor de trabajos no pudo mirar la cola');
      }
      if (!parado) await sleep(Math.max(0, espera));
    }
  }

  return {
    titular,
    start() {
      if (!parado || !nombres.length) return;
      parado = false;
      dejarDeOir = listenEncolados(wake);
      bucle = loop();
    },
    async stop() {
      if (parado) return;
      parado = true;
      dejarDeOir?.();
      wake();
      await bucle;
      const todas = [...enCurso.values()].flatMap((s) => [...s]);
      let plazo: NodeJS.Timeout | undefined;
      const agotado = new Promise<void>((r) => (plazo = setTimeout(r, esperaCierreMs)));
      await Promise.race([Promise.all(todas.map((e) => e.terminada)), agotado]);
      clearTimeout(plazo);
      for (const e of todas) e.stop();
    },
    wake: wake,
  };
}
