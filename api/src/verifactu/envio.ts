// One message to the AEAT and what becomes of it (the sender's exchange, remitente.ts decides
// when). What each outcome does:
// - an answer: each line's state, CSV and error on its record; the wait it names, kept.
// - no answer (network, timeout), a Fault «Server», a body that is no answer, or anything else
//   that fails once the message left (reading the answer, a database error applying it): the
//   records stay pendiente and the next try waits VERIFACTU_REINTENTO, doubled on each failure in
//   a row, up to an hour; whatever goes late goes with Incidencia=S.
// - a Fault «Client» (the AEAT refused the whole message): the records stay pendiente with their
//   XML forgotten (nothing was registered, so it may be built again), and the sender stops until
//   the configuration changes or an administrator asks to retry. Resending it unchanged would be
//   refused again, in a loop.
// Every write goes through `escribir`: the job's fenced transaction (trabajos/ejecucion.ts), so a
// sender that lost its lease neither sends again nor applies its answer over its successor's state.
import type { Knex } from 'knex';
import type { Escritor } from '../base/types.js';
import type { Config } from '../config/index.js';
import { insertId } from '../db/filas.js';
import { ArriendoPerdido } from '../trabajos/definir.js';
import { mensajes } from '../mensajes.js';
import { SinRespuesta, type ClienteAeat } from './cliente.js';
import { buildXml, siguienteLote, type Pendiente } from './cola.js';
import { parseRespuesta, type LineaRespuesta, type Respuesta } from './respuesta.js';
import { sistemaInformatico } from './sistema.js';
import { sobre } from './xml.js';

type Row = Record<string, any>;

/** What the law sets: a message holds at most 1000 records; retries at least hourly. */
export const MAX_REGISTROS = 1000;
const PAUSA_MAXIMA_MS = 60 * 60 * 1000;
/** A record generated more than this before it leaves goes as an incidence (Orden art. 16.4). */
export const RETRASO_MS = 60 * 60 * 1000;

/**
 * Codes of a Fault «Client» that say the AEAT failed, not the message («Error técnico…»,
 * «Servicio no activo»): retried like a Fault «Server».
 */
const CLIENT_TECNICOS = new Set([3500, 3501, 4108, 4110, 4111, 4128, 4134]);

export interface Registro {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

/** A write transaction of the sender: fenced by its lease when the runner runs it. */
export type Escribir = <T>(fn: (w: Escritor) => Promise<T>) => Promise<T>;

/** What one exchange needs of its sender. */
export interface Intercambio {
  db: Knex;
  config: Pick<Config, 'verifactu' | 'timeZone'>;
  cliente: ClienteAeat;
  log: Registro;
  /** What a refused message would need to change before it is tried again. */
  huellaConfig: string;
  escribir: Escribir;
  /** Aborted when the runner's lease is lost: a message is not sent after that. */
  signal?: AbortSignal;
}

/** What became of a message: the AEAT's answer, or none to rely on. */
type Desenlace = Respuesta | { tipo: 'sinRespuesta'; motivo: string };

/** The installation's row blocked: nothing leaves until the configuration changes or an administrator retries. */
export function buildBloqueo(huellaConfig: string, codigo: number | null, texto: string, ahora: Date): Row {
  return { bloqueoCodigo: codigo, bloqueoTexto: texto.slice(0, 2000), bloqueoDesde: ahora.toISOString(), bloqueoHuella: huellaConfig, siguienteEnvio: null };
}

/** One message: its records marked as attempted, sent, and the outcome applied. */
export async function sendLote(x: Intercambio, ahora: Date): Promise<void> {
  const { verifactu: v, timeZone } = x.config;
  const lote = await siguienteLote(x.db, MAX_REGISTROS);
  if (!lote.length) return;
  const sistema = await sistemaInformatico(x.db, v.productor);
  const nuevos = await buildXml(x.db, lote, sistema, timeZone);
  const xmls = lote.map((p) => p.xml ?? nuevos.get(p.remisionId)!);
  const incidencia = lote.some((p) => p.respuestaPerdida || ahora.getTime() - new Date(p.generado).getTime() > RETRASO_MS);
  const { emisorNombre } = (await x.db('facturas').where('id', lote[0].facturaId).first('emisorNombre')) as Row;
  // Built before the message is recorded as leaving, so that it leaves right after.
  const mensaje = sobre({ obligado: { nombre: emisorNombre, nif: lote[0].idEmisorFactura }, incidencia }, xmls);
  const iso = ahora.toISOString();
  const envioId = await x.escribir(async (w) => {
    const trx = w.db;
    const id = await insertId(trx, 'envios', { entorno: v.modo, emisorNif: lote[0].idEmisorFactura, inicio: iso, registros: lote.length, incidencia, estado: 'enviando' });
    for (const p of lote) {
      const cambios: Row = { intentos: p.intentos + 1, ultimoIntento: iso, envioId: id };
      if (!p.xml) cambios.xml = nuevos.get(p.remisionId);
      if (!p.intentos) cambios.primerIntento = iso;
      await w.updateWhere('remisiones', { id: p.remisionId }, cambios);
    }
    // The wait runs from when the message leaves, not from when it began to be prepared.
    const salida = new Date().toISOString();
    await trx('envios').where('id', id).update({ inicio: salida });
    await trx('verifactu').where('id', 1).update({ ultimoEnvio: salida, entorno: v.modo });
    return id;
  });

  // From here the message has left: whatever fails is an answer lost, never an envío left
  // «enviando» whose records would later be resent as if the AEAT did not have them.
  // A lease known lost is not worth a message its successor will resend anyway.
  if (x.signal?.aborted) throw new ArriendoPerdido(mensajes.trabajos.arriendoPerdido);
  let desenlace: Desenlace;
  try {
    const { cuerpo } = await x.cliente.send(mensaje);
    desenlace = parseRespuesta(cuerpo);
  } catch (err) {
    desenlace = { tipo: 'sinRespuesta', motivo: err instanceof SinRespuesta ? err.message : mensajes.verifactu.sinRespuesta.noLeida((err as Error).message) };
  }
  try {
    await applyDesenlace(x, envioId, lote, desenlace, new Date());
  } catch (err) {
    if (err instanceof ArriendoPerdido || desenlace.tipo === 'sinRespuesta') throw err;
    await failEnvio(x, envioId, mensajes.verifactu.sinRespuesta.noGuardada((err as Error).message), null, new Date());
  }
}

async function applyDesenlace(x: Intercambio, envioId: number, lote: Pendiente[], r: Desenlace, fin: Date): Promise<void> {
  const iso = fin.toISOString();
  const ids = lote.map((p) => p.remisionId);
  if (r.tipo === 'respuesta') {
    const lineas = new Map(r.lineas.map((l) => [l.clave, l]));
    await x.escribir(async (w) => {
      const trx = w.db;
      // Records that end alike (most of a message: Correcto, the same CSV) in one statement.
      const grupos = new Map<string, { cambios: Row; ids: number[] }>();
      const anuladas: Pendiente[] = [];
      for (const p of lote) {
        const l = lineas.get(p.clave);
        // A record the answer does not name stays pending; its fate is unknown.
        const cambios: Row = l ? { ...buildResultado(p, l, r.csv), respondidoEn: iso } : { respuestaPerdida: true };
        const clave = JSON.stringify(cambios);
        if (!grupos.has(clave)) grupos.set(clave, { cambios, ids: [] });
        grupos.get(clave)!.ids.push(p.remisionId);
        if (l && p.tipo === 'anulacion' && cambios.estado !== 'incorrecto') anuladas.push(p);
      }
      for (const { cambios, ids: grupo } of grupos.values()) await w.updateWhere('remisiones', { id: grupo }, cambios);
      // An invoice the AEAT now holds as annulled needs nothing more for an alta it rejected.
      for (const p of anuladas) {
        const otras = (await trx('remisiones').where({ facturaId: p.facturaId, estado: 'incorrecto', vigente: true }).whereNot('id', p.remisionId).select('id')) as Row[];
        if (otras.length) await w.updateWhere('remisiones', { id: otras.map((o) => Number(o.id)) }, { vigente: false });
      }
      await trx('envios').where('id', envioId).update({ estado: 'respondido', fin: iso, estadoEnvio: r.estadoEnvio, csv: r.csv ?? null, tiempoEspera: r.tiempoEspera });
      // Counted from the answer: the AEAT never sees two messages closer than it asked.
      await trx('verifactu').where('id', 1).update({ ultimoEnvio: iso, tiempoEspera: r.tiempoEspera, fallosSeguidos: 0, siguienteEnvio: null });
    });
    x.log.info(mensajes.verifactu.enviado(lote.length, r.estadoEnvio, r.csv));
    return;
  }
  if (r.tipo === 'fault' && r.lado === 'Client' && !CLIENT_TECNICOS.has(r.codigo ?? -1)) {
    await x.escribir(async (w) => {
      const trx = w.db;
      // Refused whole: nothing of it was registered, so its records may be built again.
      await w.updateWhere('remisiones', { id: ids }, { xml: null });
      await trx('envios').where('id', envioId).update({ estado: 'rechazado', fin: iso, codigoError: r.codigo ?? null, error: r.texto.slice(0, 2000) });
      await trx('verifactu').where('id', 1).update(buildBloqueo(x.huellaConfig, r.codigo ?? null, r.texto, fin));
    });
    x.log.error(mensajes.verifactu.rechazado(r.texto));
    return;
  }
  await failEnvio(x, envioId, r.tipo === 'fault' ? `Fault ${r.lado}: ${r.texto}` : r.motivo, r.tipo === 'fault' ? (r.codigo ?? null) : null, fin);
}

/**
 * No answer to rely on: the envío failed, its records stay pendiente having lost their answer
 * (the AEAT may hold them), and the next try waits the back-off.
 */
export async function failEnvio(x: Intercambio, envioId: number, motivo: string, codigoError: number | null, fin: Date): Promise<void> {
  const iso = fin.toISOString();
  const pausa = await x.escribir(async (w) => {
    const trx = w.db;
    const estado = (await trx('verifactu').where('id', 1).first('fallosSeguidos')) as Row;
    const fallos = Number(estado.fallosSeguidos) + 1;
    const pausa = Math.min(x.config.verifactu.reintentoMs * 2 ** (fallos - 1), PAUSA_MAXIMA_MS);
    await w.updateWhere('remisiones', { envioId, estado: 'pendiente' }, { respuestaPerdida: true });
    await trx('envios').where('id', envioId).update({ estado: 'fallido', fin: iso, codigoError, error: motivo.slice(0, 2000) });
    await trx('verifactu').where('id', 1).update({ ultimoEnvio: iso, fallosSeguidos: fallos, siguienteEnvio: new Date(fin.getTime() + pausa).toISOString() });
    return pausa;
  });
  x.log.warn(mensajes.verifactu.fallo(motivo, Math.round(pausa / 1000)));
}

/** The AEAT's line applied to its record. A duplicate after a lost answer is the record itself, registered then. */
function buildResultado(p: Pendiente, l: LineaRespuesta, csv?: string): Row {
  const ya = (l.codigo === 3000 || l.codigo === 3001) && p.respuestaPerdida;
  if (ya) {
    const conErrores = l.duplicado?.estado === 'AceptadaConErrores';
    return {
      estado: conErrores ? 'aceptadoConErrores' : 'correcto',
      duplicado: true,
      codigoError: conErrores ? (l.duplicado?.codigo ?? null) : null,
      descripcionError: conErrores ? (l.duplicado?.descripcion?.slice(0, 1500) ?? null) : null,
    };
  }
  const estado = l.estado === 'Correcto' ? 'correcto' : l.estado === 'AceptadoConErrores' ? 'aceptadoConErrores' : 'incorrecto';
  return {
    estado,
    csv: estado === 'incorrecto' ? null : (csv ?? null),
    codigoError: l.codigo ?? null,
    descripcionError: l.descripcion?.slice(0, 1500) ?? null,
  };
}
