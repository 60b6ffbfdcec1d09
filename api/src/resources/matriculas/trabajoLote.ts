// The job that works through a bulk enrolment (lotes.ts), queued with it. Each batch of usuarios
// is one transaction that also moves the lote's counters, so a run stopped half-way (a restart,
// a lost lease) resumes at the first usuario not yet counted and never does one twice.
import { mensajes } from '../../mensajes.js';
import { defineTrabajo } from '../../trabajos/definir.js';
import type { Escritor } from '../../base/types.js';
import { grantMatricula, lockActiva, revokeMatricula } from './conceder.js';
import { MAX_ERRORES_LOTE } from './lotes.js';

type Row = Record<string, any>;

/** Usuarios per transaction: short enough not to hold the writers back, long enough for 10 000 in seconds. */
export const LOTE_TRANSACCION = 500;

interface Recuento {
  hechas: number;
  saltadas: number;
  rechazos: { usuarioId: number; motivo: string }[];
}

async function applyUsuario(w: Escritor, lote: Row, usuarioId: number, existentes: Set<number>, r: Recuento) {
  if (!existentes.has(usuarioId)) {
    r.rechazos.push({ usuarioId, motivo: mensajes.matriculas.usuarioBorrado });
    return;
  }
  const cursoId = Number(lote.cursoId);
  if (lote.accion === 'matricular') {
    const hasta = lote.hasta == null ? null : new Date(lote.hasta).toISOString();
    const { resultado } = await grantMatricula(w, { usuarioId, cursoId, origen: 'manual', hasta, siYaActiva: 'saltar' });
    if (resultado === 'saltada') r.saltadas++;
    else r.hechas++;
    return;
  }
  const activa = await lockActiva(w, usuarioId, cursoId);
  if (!activa) {
    r.saltadas++;
    return;
  }
  // Revoked by whoever launched the lote, though the job writes it.
  await revokeMatricula(w, Number(activa.id), String(lote.motivo ?? ''), { loginId: lote.loginId == null ? null : Number(lote.loginId) });
  r.hechas++;
}

export default defineTrabajo<unknown, { loteId: number }>({
  nombre: 'loteMatriculas',
  etiqueta: mensajes.matriculas.etiquetaTrabajoLote,
  unoALaVez: false,
  concurrencia: 1,
  reintentos: { maximo: 5, pausaMs: 5_000, maximaMs: 300_000 },
  limiteMs: 60 * 60_000,
  async run({ loteId }, { transaction, signal }) {
    for (;;) {
      if (signal.aborted) throw signal.reason ?? new Error('abortado');
      const terminado = await transaction(async (w) => {
        const lote = await w.lock('lotes', loteId);
        if (lote.estado === 'terminado') return true;
        const ids = (JSON.parse(String(lote.usuarioIds)) as number[]).slice(Number(lote.procesados), Number(lote.procesados) + LOTE_TRANSACCION);
        if (!ids.length) {
          await w.update('lotes', loteId, { estado: 'terminado', terminadoEn: new Date().toISOString() });
          return true;
        }
        const existentes = new Set(((await w.db('usuarios').whereIn('id', ids).pluck('id')) as unknown[]).map(Number));
        const r: Recuento = { hechas: 0, saltadas: 0, rechazos: [] };
        for (const usuarioId of ids) await applyUsuario(w, lote, usuarioId, existentes, r);
        const errores = (lote.errores ? (JSON.parse(String(lote.errores)) as Recuento['rechazos']) : []).concat(r.rechazos).slice(0, MAX_ERRORES_LOTE);
        await w.update('lotes', loteId, {
          estado: 'enCurso',
          procesados: Number(lote.procesados) + ids.length,
          hechas: Number(lote.hechas) + r.hechas,
          saltadas: Number(lote.saltadas) + r.saltadas,
          rechazadas: Number(lote.rechazadas) + r.rechazos.length,
          errores: JSON.stringify(errores),
        });
        return false;
      });
      if (terminado) return;
    }
  },
});
