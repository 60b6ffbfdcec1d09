// One run of a claimed job: its lease renewed while it works (the heartbeat), its signal aborted
// when the lease is lost or its time runs out, its transactions fenced by the generation it
// claimed, and how it ended written on its row.
import type { Knex } from 'knex';
import { SERVIDOR, type Escritor, type Escritura } from '../base/types.js';
import { mensajes } from '../mensajes.js';
import { ArriendoPerdido, FalloDefinitivo, type Contexto, type Reintentos, type Registro, type Resultado, type Trabajo } from './definir.js';
import { failTrabajo, finishTrabajo } from './desenlace.js';
import { buildInstante } from './instante.js';
import { lockTipo, scopeArriendo, type Fila } from './reclamar.js';

class LimiteSuperado extends Error {}
class Parada extends Error {}

export interface OpcionesEjecucion {
  db: Knex;
  escritura: Escritura;
  tipo: Trabajo;
  fila: Fila;
  servicios: unknown;
  arriendoMs: number;
  latidoMs: number;
  reintentos: Reintentos;
  log: Registro;
}

export interface Ejecucion {
  /** Settles once the outcome is written and the run itself has returned. */
  terminada: Promise<void>;
  /** The application is stopping: the run is told, nothing more is written, and its lease lapses by itself. */
  stop(): void;
}

export function startEjecucion({ db, escritura, tipo, fila, servicios, arriendoMs, latidoMs, reintentos, log }: OpcionesEjecucion): Ejecucion {
  const control = new AbortController();
  const { signal } = control;
  const contexto = { trabajo: fila.id, tipo: tipo.nombre, intento: fila.intentos };
  const abort = (motivo: Error) => {
    if (!signal.aborted) control.abort(motivo);
  };
  const perdido = () => new ArriendoPerdido(mensajes.trabajos.arriendoPerdido);

  // Renewed only while still live: a lease that lapsed may already be another holder's.
  const renew = async () => {
    const n = await scopeArriendo(db, fila).where('arriendoHasta', '>', buildInstante(db)).update({ arriendoHasta: buildInstante(db, arriendoMs) });
    if (Number(n) !== 1) abort(perdido());
  };
  const latido = setInterval(() => {
    if (!signal.aborted) renew().catch((err) => log.warn({ err, ...contexto }, 'renovar el arriendo de un trabajo'));
  }, latidoMs);
  const limite = setTimeout(() => abort(new LimiteSuperado(mensajes.trabajos.limite(tipo.limiteMs))), tipo.limiteMs);
  latido.unref();
  limite.unref();

  const ctx: Contexto = {
    servicios,
    id: Number(fila.id),
    intento: Number(fila.intentos),
    generacion: Number(fila.generacion),
    signal,
    log,
    transaction: <T>(fn: (w: Escritor) => Promise<T>) =>
      escritura.transaction(SERVIDOR, async (w) => {
        const trx = w.db;
        if (signal.aborted) throw signal.reason;
        // The same lock as the claim: a one-at-a-time kind's claim never sees this lease as
        // lapsed while this transaction extends it.
        if (tipo.unoALaVez) await lockTipo(trx, tipo.nombre);
        const n = await scopeArriendo(trx, fila).where('arriendoHasta', '>', buildInstante(trx)).update({ arriendoHasta: buildInstante(trx, arriendoMs) });
        if (Number(n) !== 1) {
          abort(perdido());
          throw perdido();
        }
        return fn(w);
      }, { accion: tipo.nombre }),
  };

  const corrida = Promise.resolve().then(() => tipo.run(parseDatos(fila.datos), ctx));
  const abortada = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
  abortada.catch(() => undefined);

  const desenlace = async () => {
    let resultado: Resultado;
    try {
      resultado = await Promise.race([corrida, abortada]);
    } catch (err) {
      await fail(err);
      return;
    }
    if (!(await finishTrabajo(db, tipo, fila, resultado))) log.warn(contexto, 'un trabajo terminó sin su arriendo: su resultado no se guardó');
  };
  const fail = async (err: unknown) => {
    if (err instanceof Parada) return;
    if (err instanceof ArriendoPerdido) {
      log.warn({ ...contexto, motivo: (err as Error).message }, 'un trabajo perdió su arriendo');
      return;
    }
    const motivo = err instanceof Error && err.message ? err.message : mensajes.trabajos.sinMotivo;
    log.warn({ err, ...contexto }, 'un trabajo falló');
    if (!(await failTrabajo(db, tipo, fila, motivo, { reintentos, definitivo: err instanceof FalloDefinitivo }))) log.warn(contexto, 'un trabajo falló sin su arriendo: su fallo no se guardó');
  };

  const terminada = desenlace()
    .catch((err) => log.error({ err, ...contexto }, 'no se pudo guardar cómo terminó un trabajo'))
    .then(() => corrida.then(() => undefined, () => undefined))
    .finally(() => {
      clearInterval(latido);
      clearTimeout(limite);
    });

  return {
    terminada,
    stop() {
      clearInterval(latido);
      abort(new Parada(mensajes.trabajos.parada));
    },
  };
}

function parseDatos(datos: unknown): unknown {
  if (typeof datos !== 'string') return datos ?? {};
  return JSON.parse(datos);
}
