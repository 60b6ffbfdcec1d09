// `Prefer: count=estimated` (docs/arquitectura.md §12): exact whenever counting costs little, which only
// counting can tell. Up to the cap a count is cheap and always exact; past it, the count goes on
// within a budget of time (COUNT_BUDGET_MS) and is exact if it ends in time. Past the budget it
// stops and says what it knows: PostgreSQL's planner estimate, or on SQLite «more than» the rows
// it did count. A count that ran out of budget, or came near it, is not run again for a while
// (COUNT_MEMORY_MS, a minute): opening the same big list again costs nothing and gives the
// figure it found, as approximate. A write through this process forgets them all.
import type { Knex } from 'knex';
import type { Db } from '../db/index.js';
import { readRows } from '../db/reader.js';
import type { Resource } from '../base/types.js';
import type { WhereNode } from './filter.js';
import { cappedCountSql, countSql, plannedCountSql } from './select.js';
import type { Dialect } from '../base/values.js';

/**
 * A count as `GET /R/count` answers it: exact unless `approximate` says otherwise. `lowerBound`:
 * more than `count` rows match (the count stopped there); `estimate`: the planner's estimate,
 * or a count that was exact a moment ago.
 */
export interface CountAnswer {
  count: number;
  approximate?: 'lowerBound' | 'estimate';
}

export interface Tope {
  /** Rows counted before anything else is tried (COUNT_CAP). */
  cap: number;
  /** Milliseconds the count may go on past the cap (COUNT_BUDGET_MS); 0: it never does. */
  presupuestoMs: number;
  /** How long a costly count's answer stands in for counting again (COUNT_MEMORY_MS); 0: never. */
  memoriaMs: number;
}
/** A count that took more than this share of its budget is costly: remembered too. */
const COSTOSA = 0.2;
const MAX_RECORDADAS = 500;
/** SQLite counts on in steps of what the last one's pace predicts fits the rest: a step cannot be stopped. */
const PRUDENCIA = 0.5;

const numero = (rows: Record<string, unknown>[]) => Number(rows[0].count);

export class Recuentos {
  private readonly recordadas = new Map<string, { respuesta: CountAnswer; hasta: number }>();
  private readonly enCurso = new Map<string, Promise<CountAnswer>>();

  /** `reloj`: milliseconds, as performance.now() gives them (a test's own clock decides what is slow). */
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly reloj: () => number = () => performance.now(),
  ) {}

  /** Whatever a write may have changed: every remembered count goes. */
  forget() {
    this.recordadas.clear();
  }

  /**
   * `clave` names the count as asked (resource and where before planning); `where` is the one to
   * run. The same count asked while it runs waits for it instead of running again.
   */
  async estimada(clave: string, resource: Resource, where: () => Promise<WhereNode | undefined>, tope: Tope): Promise<CountAnswer> {
    const recordada = this.recordadas.get(clave);
    if (recordada && recordada.hasta > Date.now()) return recordada.respuesta;
    let enCurso = this.enCurso.get(clave);
    if (!enCurso) {
      enCurso = this.countFilas(clave, resource, where, tope).finally(() => this.enCurso.delete(clave));
      this.enCurso.set(clave, enCurso);
    }
    return enCurso;
  }

  private async countFilas(clave: string, resource: Resource, where: () => Promise<WhereNode | undefined>, tope: Tope): Promise<CountAnswer> {
    // The budget is the count's: the search's own lookups (rest/busqueda.ts) are the page's too.
    const planeado = await where();
    const inicio = this.reloj();
    const { respuesta, costosa } = this.dialect === 'pg' ? await this.enPg(resource, planeado, tope, inicio) : await this.enSqlite(resource, planeado, tope, inicio);
    if (tope.presupuestoMs > 0 && tope.memoriaMs > 0 && (respuesta.approximate || costosa)) {
      if (this.recordadas.size >= MAX_RECORDADAS) this.recordadas.delete(this.recordadas.keys().next().value!);
      this.recordadas.set(clave, { respuesta: { count: respuesta.count, approximate: respuesta.approximate ?? 'estimate' }, hasta: Date.now() + tope.memoriaMs });
    }
    return respuesta;
  }

  private costosa(inicio: number, { presupuestoMs }: Tope) {
    return this.reloj() - inicio > COSTOSA * presupuestoMs;
  }

  /**
   * The planner's estimate first (no row read). Within the cap, the capped count; past it (or
   * when the capped count finds the statistics stale), the exact count under a statement timeout
   * of what is left of the budget, in a transaction of its own so the timeout ends with it.
   */
  private async enPg(resource: Resource, where: WhereNode | undefined, tope: Tope, inicio: number) {
    const plan = plannedCountSql(resource, where);
    const [row] = (await readRows(this.db, plan.sql, plan.bindings)) as { 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }[];
    const estimate = Math.round(row['QUERY PLAN'][0].Plan['Plan Rows']);
    if (estimate <= tope.cap) {
      const { sql, bindings } = cappedCountSql(resource, where, 'pg', tope.cap);
      const n = numero(await readRows(this.db, sql, bindings));
      if (n <= tope.cap) return { respuesta: { count: n }, costosa: false };
    }
    const exacta = await this.exactaEnPg(resource, where, tope.presupuestoMs - (this.reloj() - inicio));
    if (exacta !== undefined) return { respuesta: { count: exacta }, costosa: this.costosa(inicio, tope) };
    const respuesta: CountAnswer = estimate > tope.cap ? { count: estimate, approximate: 'estimate' } : { count: tope.cap, approximate: 'lowerBound' };
    return { respuesta, costosa: true };
  }

  private async exactaEnPg(resource: Resource, where: WhereNode | undefined, ms: number): Promise<number | undefined> {
    if (ms < 1) return undefined;
    const { sql, bindings } = countSql(resource, where, 'pg');
    try {
      return await this.db.transaction(async (trx: Knex.Transaction) => {
        await trx.raw(`SELECT set_config('statement_timeout', ?, true)`, [String(Math.floor(ms))]);
        return numero(await readRows(trx, sql, bindings));
      });
    } catch (err) {
      // 57014, query_canceled: the timeout, which is the answer «too costly to count».
      if ((err as { code?: string }).code === '57014') return undefined;
      throw err;
    }
  }

  /**
   * SQLite has no estimate to give and a read cannot be stopped once started: it counts up to the
   * cap, then on in capped steps, each as long as the last one's pace says fits what is left of
   * the budget (with room to spare). Whatever it counted when it stops is «more than».
   */
  private async enSqlite(resource: Resource, where: WhereNode | undefined, tope: Tope, inicio: number) {
    let hasta = tope.cap;
    for (;;) {
      const paso = this.reloj();
      const { sql, bindings } = cappedCountSql(resource, where, 'sqlite', hasta);
      const n = numero(await readRows(this.db, sql, bindings));
      if (n <= hasta) return { respuesta: { count: n } as CountAnswer, costosa: this.costosa(inicio, tope) };
      const ahora = this.reloj();
      const msPorFila = Math.max(ahora - paso, 0.01) / (hasta + 1);
      const siguiente = Math.floor((PRUDENCIA * (tope.presupuestoMs - (ahora - inicio))) / msPorFila);
      if (siguiente <= hasta) return { respuesta: { count: hasta, approximate: 'lowerBound' } as CountAnswer, costosa: true };
      hasta = siguiente;
    }
  }
}
