// A committed change of records as the live lists receive it (docs/arquitectura.md §17): what the
// repository announces after each write and what a `logs` row says again when a client resumes.
// Shared by the REST engine, which announces, and eventos/, which delivers.
import type { Knex } from 'knex';

/** One committed write, as its `logs` row says it. Never a field's value. */
export interface Cambio {
  /** The `logs` row's id: the SSE `id:`, so a client resumes after the last one it saw. */
  evento: number;
  recurso: string;
  /** The records it touched: one, or the many of a bulk PATCH/DELETE. */
  ids: number[];
  /** crear, cambiar, borrar, or the name of the action or job that made it (emitir, facturar…); a deletion is always borrar. */
  accion: string;
  /** The record's version after the write, where records keep one; null otherwise. */
  version: number | null;
  /** Who wrote it: the admin ignores the events of its own writes. */
  loginId: number | null;
}

/** Who hears of a write: told inside its transaction and once it is committed (rest/repository.ts). */
export interface AvisoCambios {
  /** Inside the transaction, last thing before COMMIT: what must commit or roll back with it. */
  enTransaccion(trx: Knex.Transaction, cambios: Cambio[]): Promise<void>;
  /** After COMMIT, never after a rollback. */
  trasConfirmar(cambios: Cambio[]): void;
}

const ACCIONES: Record<string, string> = { CREATE: 'crear', UPDATE: 'cambiar', DELETE: 'borrar' };

/** The tipos of `logs` rows that are changes of records (the others are about accounts). */
export const TIPOS_CAMBIO = Object.keys(ACCIONES);

interface FilaLog {
  id: number | string;
  tipo: string;
  recurso: string | null;
  recursoId: number | string | null;
  loginId: number | string | null;
  datos: string | Record<string, unknown> | null;
  /** The version the write left the record at (logs.version); null for a delete or an unversioned table. */
  version?: number | string | null;
}

const datosDe = (datos: FilaLog['datos']): Record<string, unknown> => {
  if (!datos) return {};
  if (typeof datos === 'object') return datos;
  try {
    const v = JSON.parse(datos);
    return v && typeof v === 'object' ? v : {};
  } catch {
    return {};
  }
};

/**
 * A change as its audit row tells it: the action's name when the row is an action's, the ids of
 * a bulk write from `datos.ids`, the version the row kept. A deletion is `borrar` whatever wrote
 * it (a file freed, an upload swept): that is how an open page learns its record is gone, and
 * what the history calls it too; its action's name stays in the row.
 */
export function cambioDeLog(fila: FilaLog): Cambio | undefined {
  const accionBase = ACCIONES[fila.tipo];
  if (!accionBase || !fila.recurso) return undefined;
  const datos = datosDe(fila.datos);
  const ids = fila.recursoId !== null ? [Number(fila.recursoId)] : Array.isArray(datos.ids) ? datos.ids.map(Number) : [];
  return {
    evento: Number(fila.id),
    recurso: fila.recurso,
    ids,
    accion: typeof datos.accion === 'string' && fila.tipo !== 'DELETE' ? datos.accion : accionBase,
    // Not datos.version: a restore's datos name the version it brought back, not the one it left.
    version: fila.version === undefined || fila.version === null ? null : Number(fila.version),
    loginId: fila.loginId === null ? null : Number(fila.loginId),
  };
}
