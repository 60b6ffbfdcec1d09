// A record's row in the remission queue (`remisiones`), written in the transaction that adds the
// record to the chain (cadena.ts, docs/arquitectura.md §11): part of the invoice chain, so the
// chain never reaches up into verifactu/, which reads the queue and sends it (verifactu/cola.ts).
import type { Knex } from 'knex';
import { lockRow } from '../../db/filas.js';

type Db = Knex | Knex.Transaction;
type Row = Record<string, any>;

/** How the record was generated (the AEAT's table of admissible operations). */
export interface Operacion {
  subsanacion?: 'S' | null;
  rechazoPrevio?: 'S' | 'X' | null;
  sinRegistroPrevio?: 'S' | null;
}

/** What the AEAT registered: a record it accepted, with or without errors. */
export const REGISTRADO = ['correcto', 'aceptadoConErrores'] as const;

/**
 * The new record's row in the queue, as it is created. An anulación of an invoice whose alta the
 * AEAT rejected (and so never registered) goes as «sin registro previo»; a correction carries its
 * flags.
 */
export async function remisionDe(
  trx: Db,
  registro: { id: number; facturaId: number; tipo: string },
  correccion: Operacion & { corrigeId?: number } = {},
): Promise<Row> {
  let operacion: Operacion = correccion;
  if (registro.tipo === 'anulacion' && !correccion.corrigeId) {
    const altas = (await trx('remisiones as m')
      .join('registros as r', 'r.id', 'm.registroId')
      .where('r.facturaId', registro.facturaId)
      .where('r.tipo', 'alta')
      .select('m.estado')) as Row[];
    if (altas.length && altas.every((a) => a.estado === 'incorrecto')) operacion = { sinRegistroPrevio: 'S' };
  }
  return {
    ...nuevaRemision(registro),
    subsanacion: operacion.subsanacion ?? null,
    rechazoPrevio: operacion.rechazoPrevio ?? null,
    sinRegistroPrevio: operacion.sinRegistroPrevio ?? null,
    corrigeId: correccion.corrigeId ?? null,
  };
}

/** A record's queue row as it starts: pendiente, in force, never tried. */
export const nuevaRemision = (registro: { id: number; facturaId: number }): Row => ({
  registroId: registro.id,
  facturaId: registro.facturaId,
  estado: 'pendiente',
  vigente: true,
  duplicado: false,
  respuestaPerdida: false,
  intentos: 0,
});

/** A row of `remisiones` locked for the transaction (PostgreSQL; SQLite has one writer). */
export async function remisionBloqueada(trx: Knex.Transaction, registroId: number): Promise<Row | undefined> {
  return lockRow(trx, 'remisiones', { registroId });
}
