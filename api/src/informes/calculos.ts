// The two ways most reports are computed, for their declarations to name: figures over the
// period, or a series over it with one point per day, week or month and none missing.
import type { Knex } from 'knex';
import { intervalos, type Intervalo } from '../base/tiempo.js';
import type { Contexto, Resultado } from './definir.js';
import { parseAgrupacion, parsePeriodo } from './parametros.js';
import type { Rango } from './queries.js';

/** The days of a period as the answer shows them. */
export const dias = (p: { desde: string | null; hasta: string }) => ({ desde: p.desde, hasta: p.hasta });

/** The query's figures over the period (`desde`, `hasta`), under `clave`. */
export const porPeriodo =
  <T>(clave: string, consulta: (db: Knex, p: Rango) => Promise<T>) =>
  async ({ db, timeZone, query, ahora }: Contexto): Promise<Resultado> => {
    const p = parsePeriodo(query, timeZone, ahora);
    return { cuerpo: { periodo: dias(p), [clave]: await consulta(db, p) }, periodo: p };
  };

/** The query's points over the period, one per `agrupacion` interval, under `serie`. */
export const porIntervalos =
  <T>(consulta: (db: Knex, params: { intervalos: Intervalo[] }) => Promise<T[]>) =>
  async ({ db, timeZone, query, ahora }: Contexto): Promise<Resultado> => {
    const p = parsePeriodo(query, timeZone, ahora);
    const agrupacion = parseAgrupacion(query, p);
    const serie = await consulta(db, { intervalos: intervalos(p.desde, p.hasta, agrupacion, timeZone) });
    return { cuerpo: { periodo: dias(p), agrupacion, serie }, periodo: p };
  };
