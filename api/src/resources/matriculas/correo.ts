// A matrícula's messages (docs/arquitectura.md §22, §25): the welcome when it is created, however
// it came to be (a pago, a person, a lote, an import, a cupón: matriculas' afterWrite), and the
// reminder a week before it ends (the daily job, caducidad.ts). Both to the usuario's address, in
// the caller's transaction.
import type { AjustesCorreo, Escritor } from '../../base/types.js';
import { diaEn, diasEntre, millisDe } from '../../base/tiempo.js';
import { mensajes } from '../../mensajes.js';
import { fechaExpedicion } from '../facturas/formato.js';
import { queueCorreo } from '../../correo/encolar.js';
import { isDireccionUnica } from '../../correo/formato.js';

type Row = Record<string, any>;

const DIA_MS = 86_400_000;

/** A day as the messages write it, 28/11/2027, in the business's zone (as an invoice's date). */
const formatDia = (instant: unknown, timeZone: string) => fechaExpedicion(new Date(millisDe(instant)), timeZone, '/');

/** Whom a matrícula's message goes to and what it names; none when the address is not one we may write to. */
async function findDestino(w: Escritor, m: Row): Promise<{ para: string; alumno: string; curso: string } | undefined> {
  const fila = (await w
    .db('matriculas')
    .join('usuarios', 'usuarios.id', 'matriculas.usuarioId')
    .join('cursos', 'cursos.id', 'matriculas.cursoId')
    .where('matriculas.id', Number(m.id))
    .first('usuarios.nombre', 'usuarios.apellidos', 'usuarios.email', 'cursos.titulo')) as Row | undefined;
  // Never to an erased usuario: usuarios has no erasure mark yet (a later issue); its check belongs here.
  // An address the outbox would refuse (a list, a line break) must not undo the grant: no message.
  if (!fila?.email || !isDireccionUnica(String(fila.email).trim())) return undefined;
  return { para: String(fila.email), alumno: [fila.nombre, fila.apellidos].filter(Boolean).join(' '), curso: String(fila.titulo) };
}

/** The welcome of a matrícula just created: «Tienes acceso hasta el 28/11/2027» or «sin fecha de fin». */
export async function queueBienvenida(w: Escritor, ajustes: AjustesCorreo, m: Row): Promise<number | undefined> {
  const destino = await findDestino(w, m);
  if (!destino) return undefined;
  return queueCorreo(w, ajustes, {
    plantilla: 'bienvenida',
    para: destino.para,
    valores: { alumno: destino.alumno, curso: destino.curso, hasta: m.hasta == null ? mensajes.correo.accesoSinFin : mensajes.correo.accesoHasta(formatDia(m.hasta, ajustes.timeZone)) },
    matriculaId: Number(m.id),
    usuarioId: Number(m.usuarioId),
  });
}

/**
 * The reminder of a matrícula that ends within `dias` days, once per end: none if one was queued
 * for it since `dias` days before its current `hasta`. A reminder is only ever queued in that
 * window, so one found there is this end's; an extended matrícula has a later window, and gets
 * its own. (A shortened one whose reminder already went in the new window gets no second.)
 */
export async function queueRecordatorio(w: Escritor, ajustes: AjustesCorreo, m: Row, dias: number, ahora = new Date()): Promise<number | undefined> {
  const fin = millisDe(m.hasta);
  const previo = await w
    .db('correos')
    .where({ matriculaId: Number(m.id), plantilla: 'recordatorio' })
    .where('createdAt', '>=', new Date(fin - dias * DIA_MS).toISOString())
    .first('id');
  if (previo) return undefined;
  const destino = await findDestino(w, m);
  if (!destino) return undefined;
  return queueCorreo(w, ajustes, {
    plantilla: 'recordatorio',
    para: destino.para,
    valores: { alumno: destino.alumno, curso: destino.curso, hasta: formatDia(m.hasta, ajustes.timeZone), dias: Math.max(1, diasEntre(diaEn(ahora, ajustes.timeZone), diaEn(new Date(fin), ajustes.timeZone))) },
    matriculaId: Number(m.id),
    usuarioId: Number(m.usuarioId),
  });
}
