// One gateway event, processed once (docs/arquitectura.md §20): in one transaction, serialized per
// payment reference, the event is looked for among the notificaciones; if it is there (a
// redelivery, or a twin delivery that got in first) nothing happens; if not, what it says is
// applied and its row written, so both commit together or neither does. A process killed half
// way commits nothing, and the gateway's redelivery finds the event new. A refused event may be
// processed again by a person (Reprocesar), once what refused it is mended, under the same lock.
import { conflict, notFound } from '../base/errors.js';
import type { Actor, Escritor, Escritura } from '../base/types.js';
import { isPg, type Db } from '../db/index.js';
import { mensajes } from '../mensajes.js';

export type Pasarela = 'stripe' | 'redsys';

/** What Aula did with an event: what the contable reads of it. */
export interface Resultado {
  estado: 'procesada' | 'ignorada' | 'rechazada';
  motivo: string;
  pagoId?: number | null;
}

export interface Evento {
  pasarela: Pasarela;
  id: string;
  tipo: string;
  /**
   * The payment reference it is about (a PaymentIntent's id), which serializes the events of one
   * payment: two at once (a session's and its PaymentIntent's) cannot both create its pago.
   */
  referencia: string | null;
  /** The event as the gateway signed it, kept on its row. */
  cuerpo: string;
}

/** Answers what was done, or `duplicada` when the event had been processed already. */
export async function receive(db: Db, escritura: Escritura, evento: Evento, apply: (w: Escritor) => Promise<Resultado>): Promise<Resultado & { duplicada?: boolean }> {
  return escritura.transaction(
    { loginId: null, ip: evento.pasarela },
    async (w) => {
      // SQLite runs one write transaction at a time; PostgreSQL waits here for the other delivery.
      await lockReferencia(db, w, evento);
      const previa = await w.db('notificaciones').where({ pasarela: evento.pasarela, eventoId: evento.id }).first('estado', 'motivo', 'pagoId');
      if (previa) return { estado: previa.estado, motivo: previa.motivo, pagoId: previa.pagoId, duplicada: true };
      const resultado = await apply(w);
      await w.create('notificaciones', {
        pasarela: evento.pasarela,
        eventoId: evento.id,
        tipo: evento.tipo,
        estado: resultado.estado,
        motivo: resultado.motivo.slice(0, 1000),
        pagoId: resultado.pagoId ?? null,
        evento: evento.cuerpo,
      });
      return resultado;
    },
    { accion: 'pasarela', datos: { pasarela: evento.pasarela, evento: evento.id, tipo: evento.tipo } },
  );
}

/** SQLite runs one write transaction at a time; PostgreSQL waits here for the other delivery of the payment. */
async function lockReferencia(db: Db, w: Escritor, evento: Pick<Evento, 'pasarela' | 'id' | 'referencia'>): Promise<void> {
  if (isPg(db)) await w.db.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`aula:pasarela:${evento.pasarela}:${evento.referencia ?? evento.id}`]);
}

/**
 * Processes a refused event again, for `actor` (a person who mended what refused it: the shop's
 * pago opened late, its amount corrected): its row takes the new result. Only a refused one: a
 * processed or ignored event already did what it says.
 */
export async function reprocess(db: Db, escritura: Escritura, actor: Actor, notificacionId: number, leer: (fila: Record<string, any>) => Pick<Evento, 'referencia'> & { apply: (w: Escritor) => Promise<Resultado> }): Promise<Resultado> {
  return escritura.transaction(
    actor,
    async (w) => {
      const previa = await w.db('notificaciones').where('id', notificacionId).first('pasarela', 'eventoId', 'evento');
      if (!previa) throw notFound('Notificacion', notificacionId);
      const evento = leer(previa);
      await lockReferencia(db, w, { pasarela: previa.pasarela, id: previa.eventoId, referencia: evento.referencia });
      const fila = await w.lock('notificaciones', notificacionId);
      if (fila.estado !== 'rechazada') throw conflict(mensajes.pasarelas.noReprocesable(String(fila.estado)));
      const resultado = await evento.apply(w);
      await w.update('notificaciones', notificacionId, { estado: resultado.estado, motivo: resultado.motivo.slice(0, 1000), pagoId: resultado.pagoId ?? null });
      return resultado;
    },
    { accion: 'reprocesar' },
  );
}
