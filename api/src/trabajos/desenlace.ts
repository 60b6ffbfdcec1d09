// How a run ends, written on its row, and only while the row is still this holder's (same
// generation, still running): a holder that lost its lease writes nothing. A run that went well
// is `hecho`, or waits again (a recurring kind, or a run that asked to run again later). One
// that failed waits a pause that doubles at each attempt, up to the kind's maximum; past its
// retries it is `fallido`, with the reason, until an administrator retries it. A recurring kind
// never stops for that: its failed run is kept apart as `fallido` and the kind keeps its schedule.
import type { Knex } from 'knex';
import type { Reintentos, Resultado, Trabajo } from './definir.js';
import { buildInstante } from './instante.js';
import { scopeArriendo, type Fila } from './reclamar.js';

/** The clave of a recurring kind's own job, the one that re-schedules itself. */
export const CLAVE_PERIODICA = 'periodico';

const MAX_ERROR = 2000;

const esPeriodica = (tipo: Trabajo, fila: Fila) => tipo.cada !== undefined && fila.clave === CLAVE_PERIODICA;

/** The pause before retrying after the `intento`-th failed attempt. */
export const pausaTras = (r: Reintentos, intento: number) => Math.min(r.pausaMs * 2 ** Math.max(0, intento - 1), r.maximaMs);

const libre = (db: Knex | Knex.Transaction) => ({ titular: null, arriendoHasta: null, fin: buildInstante(db), updatedAt: new Date().toISOString() });

/** A run that went well. Answers false if the row was no longer this holder's. */
export async function finishTrabajo(db: Knex, tipo: Trabajo, fila: Fila, resultado: Resultado): Promise<boolean> {
  const otraVez = resultado && typeof resultado === 'object' ? resultado.otraVezEnMs : esPeriodica(tipo, fila) ? tipo.cada : undefined;
  const cambios =
    otraVez !== undefined
      ? { ...libre(db), estado: 'pendiente', intentos: 0, error: null, ejecutarEn: buildInstante(db, otraVez) }
      : { ...libre(db), estado: 'hecho', error: null };
  return Number(await scopeArriendo(db, fila).update(cambios)) === 1;
}

export interface OpcionesFallo {
  reintentos: Reintentos;
  /** No retry would mend it. */
  definitivo?: boolean;
  /** Only if its lease has lapsed (a dead holder's job, ended by whoever finds it). */
  soloCaducado?: boolean;
}

/** A run that failed, with the reason the administrator will read. Answers false if the row was no longer this holder's. */
export async function failTrabajo(db: Knex, tipo: Trabajo, fila: Fila, motivo: string, { reintentos, definitivo = false, soloCaducado = false }: OpcionesFallo): Promise<boolean> {
  const error = motivo.slice(0, MAX_ERROR);
  const intentos = Number(fila.intentos);
  const condicion = (q: Knex.QueryBuilder) => (soloCaducado ? q.where('arriendoHasta', '<', buildInstante(db)) : q);
  if (!definitivo && intentos <= reintentos.maximo) {
    const n = await condicion(scopeArriendo(db, fila)).update({ ...libre(db), estado: 'pendiente', error, ejecutarEn: buildInstante(db, pausaTras(reintentos, intentos)) });
    return Number(n) === 1;
  }
  if (!esPeriodica(tipo, fila)) return Number(await condicion(scopeArriendo(db, fila)).update({ ...libre(db), estado: 'fallido', error })) === 1;
  return db.transaction(async (trx) => {
    const n = await condicion(scopeArriendo(trx, fila)).update({ ...libre(trx), estado: 'pendiente', intentos: 0, error, ejecutarEn: buildInstante(trx, tipo.cada!) });
    if (Number(n) !== 1) return false;
    const ahora = new Date().toISOString();
    await trx('trabajos').insert({
      tipo: tipo.nombre, clave: null, datos: fila.datos, estado: 'fallido', intentos, ejecutarEn: ahora, generacion: fila.generacion,
      error, inicio: fila.inicio, fin: buildInstante(trx), createdAt: ahora, updatedAt: ahora,
    });
    return true;
  });
}
