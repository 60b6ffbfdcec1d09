// One gateway event, processed once (docs/arquitectura.md §20): in one transaction, serialized per
// payment reference, the event is looked for among the notificaciones; if it is there (a
// redelivery, or a twin delivery that got in first) nothing happens; if not, what it says is
// applied and its row written, so both commit together or neither does. A process killed half
// way commits nothing, and the gateway's redelivery finds the event new.
import type { Escritor, Escritura } from '../base/types.js';
import { isPg, type Db } from '../db/index.js';

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
      if (isPg(db)) await w.db.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`aula:pasarela:${evento.pasarela}:${evento.referencia ?? evento.id}`]);
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
