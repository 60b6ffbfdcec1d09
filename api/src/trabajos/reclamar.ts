// Taking a due job: one statement that moves it to `ejecutando` under this holder's lease and
// bumps its generation, so of two runners reaching it together only one gets it. A
// one-at-a-time kind is taken only while no job of the kind is running anywhere: on
// PostgreSQL, claims of such a kind queue on an advisory lock for their transaction, so the
// second sees the first's committed claim; SQLite runs one write statement at a time anyway.
import type { Knex } from 'knex';
import { isPg } from '../db/index.js';
import type { Trabajo } from './definir.js';
import { buildInstante } from './instante.js';

export type Fila = Record<string, any>;

/** The advisory lock of a kind, per schema: schemas may be separate installations in one database. */
export async function lockTipo(trx: Knex.Transaction, tipo: string): Promise<void> {
  if (isPg(trx as unknown as Knex)) await trx.raw(`SELECT pg_advisory_xact_lock(hashtext('aula-trabajos:' || current_schema() || ':' || ?))`, [tipo]);
}

/** The row as this holder claimed it (same generation, still running): the only row it may write. */
export function scopeArriendo(db: Knex | Knex.Transaction, fila: Fila): Knex.QueryBuilder {
  return db('trabajos').where({ id: fila.id, generacion: fila.generacion, estado: 'ejecutando' });
}

/** Claims the next due job of the kind for `titular`, or answers undefined. */
export async function claimTrabajo(db: Knex, tipo: Trabajo, titular: string, arriendoMs: number): Promise<Fila | undefined> {
  // SQLite: one statement, no transaction around it. better-sqlite3 runs a statement to its end
  // at once, while an open transaction would hold the database's one write lock across awaits,
  // and another connection's wait for it blocks the whole process, the holder's COMMIT included.
  if (!isPg(db)) return updateSiguiente(db, tipo, titular, arriendoMs);
  return db.transaction(async (trx) => {
    if (tipo.unoALaVez) await lockTipo(trx, tipo.nombre);
    return updateSiguiente(trx, tipo, titular, arriendoMs);
  });
}

async function updateSiguiente(db: Knex | Knex.Transaction, tipo: Trabajo, titular: string, arriendoMs: number): Promise<Fila | undefined> {
  const siguiente = db('trabajos')
    .where({ tipo: tipo.nombre, estado: 'pendiente' })
    .where('ejecutarEn', '<=', buildInstante(db))
    .orderBy([{ column: 'ejecutarEn' }, { column: 'id' }])
    .limit(1)
    .select('id');
  if (tipo.unoALaVez) siguiente.whereNotExists(db('trabajos as otro').where({ 'otro.tipo': tipo.nombre, 'otro.estado': 'ejecutando' }).select(db.raw('1')));
  if (isPg(db as Knex)) siguiente.forUpdate().skipLocked();
  // `= (subquery)`, not IN: PostgreSQL may run an IN's subquery again for each row it compares
  // (a nested-loop semi-join), and each run with SKIP LOCKED picks another row: one claim would
  // take several.
  const [fila] = (await db('trabajos')
    .where('id', siguiente)
    .where('estado', 'pendiente')
    .update({
      estado: 'ejecutando',
      titular,
      arriendoHasta: buildInstante(db, arriendoMs),
      generacion: db.raw('?? + 1', ['generacion']),
      intentos: db.raw('?? + 1', ['intentos']),
      inicio: buildInstante(db),
      updatedAt: new Date().toISOString(),
    })
    .returning('*')) as Fila[];
  return fila;
}

/** Running jobs whose lease lapsed: their holder died or lost the database for a whole lease. */
export async function findCaducados(db: Knex, tipos: string[]): Promise<Fila[]> {
  return (await db('trabajos')
    .where('estado', 'ejecutando')
    .where('arriendoHasta', '<', buildInstante(db))
    .whereIn('tipo', tipos)
    .select('id', 'tipo', 'clave', 'datos', 'intentos', 'generacion', 'inicio')) as Fila[];
}

/** When the next job of each kind is due (the earliest pendiente), for the runner's look. */
export async function findProximos(db: Knex, tipos: string[]): Promise<Map<string, number>> {
  const filas = (await db('trabajos').where('estado', 'pendiente').whereIn('tipo', tipos).groupBy('tipo').select('tipo').min({ proximo: 'ejecutarEn' })) as Fila[];
  return new Map(filas.map((f) => [String(f.tipo), Date.parse(String(f.proximo))]));
}
