// The daily job of enrolments (docs/arquitectura.md §22): matrículas past their `hasta` become
// `caducada` (through the Escritor, so each has its history row and live event), and those that
// end within the next 7 days get their reminder by email, once per end (correo.ts).
// Access never waits for it: the access check already says no past `hasta`.
import type { AjustesCorreo, Escritor } from '../../base/types.js';
import type { Db } from '../../db/index.js';
import { mensajes } from '../../mensajes.js';
import { defineTrabajo } from '../../trabajos/definir.js';
import { queueRecordatorio } from './correo.js';

/** Rows per transaction: a backlog of a million is closed in short transactions, not one long lock. */
const LOTE = 500;
const DIA_MS = 86_400_000;
/** How many days before its end a matrícula's reminder goes. */
export const DIAS_RECORDATORIO = 7;

/** Closes every activa matrícula whose end has passed at `ahora`; answers how many. */
export async function expireMatriculas(db: Db, transaction: <T>(fn: (w: Escritor) => Promise<T>) => Promise<T>, ahora = new Date()): Promise<number> {
  const limite = ahora.toISOString();
  let total = 0;
  for (;;) {
    const ids = (await db('matriculas').where('estado', 'activa').where('hasta', '<=', limite).orderBy('id').limit(LOTE).pluck('id')).map(Number);
    if (!ids.length) return total;
    total += await transaction((w) => w.updateWhere('matriculas', { id: ids, estado: 'activa' }, { estado: 'caducada' }, { accion: 'caducar' }));
    if (ids.length < LOTE) return total;
  }
}

/** The activa matrículas that end within `dias` days of `ahora`: whom the reminder is for. */
export async function findExpiringSoon(db: Db, dias: number, ahora = new Date()) {
  return (await db('matriculas')
    .where('estado', 'activa')
    .where('hasta', '>', ahora.toISOString())
    .where('hasta', '<=', new Date(ahora.getTime() + dias * DIA_MS).toISOString())
    .orderBy('hasta')
    .select('id', 'usuarioId', 'cursoId', 'hasta')) as { id: number; usuarioId: number; cursoId: number; hasta: unknown }[];
}

/** Queues the reminder of each matrícula ending within DIAS_RECORDATORIO days that has none for its end; answers how many. */
export async function queueRecordatorios(db: Db, transaction: <T>(fn: (w: Escritor) => Promise<T>) => Promise<T>, ajustes: AjustesCorreo, ahora = new Date()): Promise<number> {
  const proximas = await findExpiringSoon(db, DIAS_RECORDATORIO, ahora);
  let n = 0;
  for (let i = 0; i < proximas.length; i += LOTE) {
    n += await transaction(async (w) => {
      let k = 0;
      for (const m of proximas.slice(i, i + LOTE)) if ((await queueRecordatorio(w, ajustes, m, DIAS_RECORDATORIO, ahora)) !== undefined) k++;
      return k;
    });
  }
  return n;
}

/** Daily, once per installation. */
export default defineTrabajo<{ db: Db; config: AjustesCorreo }>({
  nombre: 'caducidadMatriculas',
  etiqueta: mensajes.trabajos.etiqueta.caducidadMatriculas,
  cada: DIA_MS,
  unoALaVez: true,
  concurrencia: 1,
  reintentos: { maximo: 3, pausaMs: 60_000, maximaMs: 600_000 },
  limiteMs: 30 * 60_000,
  async run(_datos, { servicios: { db, config }, transaction, log }) {
    const caducadas = await expireMatriculas(db, transaction);
    const recordatorios = await queueRecordatorios(db, transaction, config);
    log.info({ caducadas, recordatorios }, 'matrículas caducadas y avisos de las que terminan en 7 días');
  },
});
