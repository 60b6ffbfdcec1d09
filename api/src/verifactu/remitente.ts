// The sender: one per installation, it takes the pending records in chain
// order, at most 1000 per message, and waits between messages what the AEAT said
// (TiempoEsperaEnvio, 60 s until it has said anything) unless 1000 are already waiting. The
// wait runs from the end of the previous exchange, so the AEAT never receives two messages
// closer than it asked, however long the first took to arrive.
//
// Nothing it must not lose lives in its memory: before a message leaves, its records' XML, their
// attempt and the message itself are committed; the answer is applied in one more transaction.
// A process killed between the two leaves a message «enviando»: whoever takes the lock next —
// another process, or one that held it before and lost it — marks its records as having lost
// their answer, waits VERIFACTU_TIMEOUT (the message may still be at the AEAT) and sends the same
// XML again, and the AEAT's «duplicado» for a record it had already registered is read as
// registered.
//
// Fencing: each taking of the lock bumps `verifactu.generacion`, and every write transaction of a
// sender first checks, with a write, that the generation is still the one it took. A sender whose
// lock went while a message was out (its PostgreSQL connection dropped, its SQLite lease lapsed)
// thus writes nothing more: it neither sends again nor applies its answer over its successor's
// state. The lock says who should send; the generation, checked in the same transaction as each
// write, is what makes a late writer harmless.
//
// What each outcome does:
// - an answer: each line's state, CSV and error on its record; the wait it names, kept.
// - no answer (network, timeout), a Fault «Server», a body that is no answer, or anything else
//   that fails once the message left (reading the answer, a database error applying it): the
//   records stay pendiente and the next try waits VERIFACTU_REINTENTO, doubled on each failure in
//   a row, up to an hour; whatever goes late goes with Incidencia=S.
// - a Fault «Client» (the AEAT refused the whole message): the records stay pendiente with their
//   XML forgotten (nothing was registered, so it may be built again), and the sender stops until
//   the configuration changes or an administrator asks to retry. Resending it unchanged would be
//   refused again, in a loop.
import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import type { Knex } from 'knex';
import pg from 'pg';
import { SERVIDOR, type Escritor, type Escritura } from '../base/types.js';
import type { Config } from '../config/index.js';
import { insertId } from '../db/filas.js';
import { isPg } from '../db/index.js';
import { mensajes } from '../mensajes.js';
import { clienteAeat, SinRespuesta, type ClienteAeat } from './cliente.js';
import { buildXml, siguienteLote, type Pendiente } from './cola.js';
import { parseRespuesta, type LineaRespuesta, type Respuesta } from './respuesta.js';
import { sistemaInformatico, VERSION } from './sistema.js';
import { sobre } from './xml.js';

type Row = Record<string, any>;

/** What the law sets: a message holds at most 1000 records; the first wait is 60 s; retries at least hourly. */
export const MAX_REGISTROS = 1000;
export const ESPERA_INICIAL_S = 60;
const PAUSA_MAXIMA_MS = 60 * 60 * 1000;
/** A record generated more than this before it leaves goes as an incidence (Orden art. 16.4). */
export const RETRASO_MS = 60 * 60 * 1000;
/** How the sender's writes are named where a history or a live event names them. */
const ACCION = 'remitir';

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

export interface OpcionesRemitente {
  /** How often an idle sender looks for new records, and a waiting one for the lock (ms). */
  sondeoMs?: number;
  /** SQLite: a sender silent this long has died; its lease is taken (ms). */
  plazoLeaseMs?: number;
  log?: Registro;
  /** The AEAT's client: the real one unless a test brings its own. */
  cliente?: ClienteAeat;
}

type Cfg = Pick<Config, 'verifactu' | 'timeZone' | 'database' | 'emisor'>;

/** Only one sender per installation holds it: an advisory lock on PostgreSQL, a lease on SQLite. */
interface Cerrojo {
  acquire(): Promise<boolean>;
  release(): Promise<void>;
  /** Whether it is still held as far as this process knows (its connection alive, its last renewal taken). */
  sigue(): boolean;
}

/** Another sender took the lock after this one: nothing of this one's turn is written any more. */
export class TurnoPerdido extends Error {}

/** What became of a message: the AEAT's answer, or none to rely on. */
type Desenlace = Respuesta | { tipo: 'sinRespuesta'; motivo: string };

/**
 * PostgreSQL: a session advisory lock on a connection of its own (a pooled one would hand the
 * session to other queries). It dies with the process, so another machine takes over at once.
 * Keyed by schema too: advisory locks are per database, and schemas may be separate installations.
 */
function cerrojoPg(database: Config['database'], log: Registro): Cerrojo {
  const clave = `aula-verifactu:${database.schema ?? 'public'}`;
  let cliente: pg.Client | undefined;
  let tenido = false;
  const cerrar = () => {
    const c = cliente;
    cliente = undefined;
    tenido = false;
    c?.end().catch(() => undefined);
  };
  return {
    async acquire() {
      if (tenido && cliente) return true;
      if (!cliente) {
        const c = new pg.Client({ connectionString: database.connectionString, connectionTimeoutMillis: 3000 });
        c.on('error', (err) => {
          if (tenido) log.warn(`VeriFactu: se perdió la conexión que reservaba el envío (${err.message})`);
          if (cliente === c) cerrar();
        });
        await c.connect();
        cliente = c;
      }
      try {
        const { rows } = await cliente.query('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', [clave]);
        tenido = rows[0].ok === true;
      } catch (err) {
        cerrar();
        throw err;
      }
      return tenido;
    },
    async release() {
      if (cliente && tenido) await cliente.query('SELECT pg_advisory_unlock(hashtext($1))', [clave]).catch(() => undefined);
      cerrar();
    },
    sigue: () => tenido && cliente !== undefined,
  };
}

/** Whether the process that wrote this holder id is gone (same machine only: SQLite is one machine). */
function muerto(remitente: string): boolean {
  const [host, pid] = remitente.split('|');
  if (host !== hostname() || Number(pid) === process.pid) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * SQLite: a lease in the installation's row, renewed while held. A holder whose process is gone
 * (killed: same machine, its pid no longer exists) or silent past the term is replaced.
 */
function cerrojoSqlite(db: Knex, plazoMs: number): Cerrojo {
  const yo = `${hostname()}|${process.pid}|${Math.random().toString(36).slice(2, 10)}`;
  let latido: NodeJS.Timeout | undefined;
  let tenido = false;
  const renovar = async () => {
    const n = await db('verifactu').where({ id: 1, remitente: yo }).update({ latido: new Date().toISOString() });
    tenido = n === 1;
  };
  return {
    async acquire() {
      if (tenido) return true;
      const fila = (await db('verifactu').where('id', 1).first('remitente', 'latido')) as Row;
      const vencido = !fila.latido || Date.now() - new Date(fila.latido).getTime() > plazoMs;
      if (fila.remitente && fila.remitente !== yo && !vencido && !muerto(fila.remitente)) return false;
      const q = db('verifactu').where('id', 1);
      if (fila.remitente) q.where('remitente', fila.remitente);
      else q.whereNull('remitente');
      tenido = (await q.update({ remitente: yo, latido: new Date().toISOString() })) === 1;
      if (tenido) {
        // Renewed apart from the loop, so a send that takes long does not let the lease lapse.
        clearInterval(latido);
        latido = setInterval(() => void renovar().catch(() => (tenido = false)), Math.max(200, plazoMs / 3));
        latido.unref();
      }
      return tenido;
    },
    async release() {
      clearInterval(latido);
      if (tenido) await db('verifactu').where({ id: 1, remitente: yo }).update({ remitente: null, latido: null }).catch(() => undefined);
      tenido = false;
    },
    sigue: () => tenido,
  };
}

/**
 * Envíos left «enviando» whose sender will record nothing more: interrupted, and their pending
 * records marked as having lost their answer. Answers how many records.
 */
async function recoverEnviando(w: Escritor, iso: string): Promise<number> {
  const ids = ((await w.db('envios').where('estado', 'enviando').select('id')) as Row[]).map((e) => Number(e.id));
  if (!ids.length) return 0;
  await w.db('envios').whereIn('id', ids).update({ estado: 'interrumpido', fin: iso, error: mensajes.verifactu.sinRespuesta.interrumpido });
  return w.updateWhere('remisiones', { envioId: ids, estado: 'pendiente' }, { respuestaPerdida: true });
}

/**
 * Until when a takeover holds back a message its predecessor left in flight: VERIFACTU_TIMEOUT
 * from when it found it (the envío's end as recovered), so the AEAT is never sent the same
 * records while the first message may still be there. 0 when the last envío is no such message.
 */
export function getFinRelevo(ultimo: Row | undefined, timeoutMs: number): number {
  return ultimo?.estado === 'interrumpido' && ultimo.fin ? new Date(ultimo.fin).getTime() + timeoutMs : 0;
}

const fallbackLog: Registro = { info: console.log, warn: console.warn, error: console.error };

export class Remitente {
  private parado = true;
  private bucle?: Promise<void>;
  private despertador?: () => void;
  /** The generation this sender took with the lock; undefined while it has not taken it. */
  private generacion: number | undefined;
  private readonly cerrojo: Cerrojo;
  private readonly cliente: ClienteAeat;
  private readonly log: Registro;
  private readonly sondeoMs: number;
  /** What a refused message would need to change before it is tried again. */
  readonly huellaConfig: string;
  /** Whether this process holds the lock now. */
  tieneCerrojo = false;

  constructor(
    private readonly escritura: Escritura,
    private readonly db: Knex,
    private readonly config: Cfg,
    opciones: OpcionesRemitente = {},
  ) {
    this.log = opciones.log ?? fallbackLog;
    this.sondeoMs = opciones.sondeoMs ?? 1000;
    this.cerrojo = isPg(db) ? cerrojoPg(config.database, this.log) : cerrojoSqlite(db, opciones.plazoLeaseMs ?? 30_000);
    this.cliente = opciones.cliente ?? clienteAeat(config.verifactu);
    const v = config.verifactu;
    this.huellaConfig = createHash('sha256')
      .update(JSON.stringify([VERSION, v.modo, v.url, v.certificado?.huella, v.productor, config.emisor.nif, config.emisor.nombre]))
      .digest('hex');
  }

  arrancar(): void {
    if (!this.parado) return;
    this.parado = false;
    this.bucle = this.girar();
  }

  /**
   * Stops after the message in flight, if any, and lets another process take over. A message
   * still unanswered after a few seconds is left: the next sender finds it «enviando» and sends
   * it again, as after a crash, rather than holding a shutdown for the AEAT's timeout.
   */
  async parar(): Promise<void> {
    this.parado = true;
    this.despertar();
    await Promise.race([this.bucle, new Promise((r) => setTimeout(r, 5000).unref())]);
    await this.soltar();
    this.cliente.cerrar();
  }

  /** Looks again now instead of at the next poll (a retry asked for, a test). */
  despertar(): void {
    this.despertador?.();
  }

  private dormir(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const t = setTimeout(fin, ms);
      function fin() {
        clearTimeout(t);
        resolve();
      }
      this.despertador = fin;
    });
  }

  private async girar(): Promise<void> {
    while (!this.parado) {
      let espera = this.sondeoMs;
      try {
        espera = await this.turno();
      } catch (err) {
        if (err instanceof TurnoPerdido) {
          // After parar() the turn was given up, not taken: nothing to tell.
          if (!this.parado) this.log.warn(mensajes.verifactu.turnoPerdido);
          await this.soltar();
        } else this.log.error(`VeriFactu: ${(err as Error).message}`);
      }
      if (espera > 0 && !this.parado) await this.dormir(espera);
    }
  }

  /**
   * One turn of the loop: the lock, the takeover when it was not held, and one look at the
   * queue. Answers how long to wait before the next.
   */
  async turno(ahora = new Date()): Promise<number> {
    const seguia = this.cerrojo.sigue();
    this.tieneCerrojo = await this.cerrojo.acquire();
    if (!this.tieneCerrojo) {
      this.generacion = undefined;
      return this.sondeoMs;
    }
    if (!seguia) {
      this.log.info(mensajes.verifactu.remitente(this.config.verifactu.modo));
      this.generacion = undefined;
    }
    if (this.generacion === undefined) await this.relevar(ahora);
    return this.ciclo(ahora);
  }

  private async soltar(): Promise<void> {
    this.generacion = undefined;
    this.tieneCerrojo = false;
    await this.cerrojo.release();
  }

  /**
   * Taking over, at every acquisition (a first one, or after the lock was lost): a generation of
   * its own, and the messages left «enviando» by whoever held the lock before, whose records lost
   * their answer. One transaction, the bump first: a predecessor's write either committed before
   * it (and is recovered here) or comes after and finds the generation moved.
   */
  private async relevar(ahora: Date): Promise<void> {
    const iso = ahora.toISOString();
    let recuperados = 0;
    this.generacion = await this.escritura.transaction(
      SERVIDOR,
      async (w) => {
        await w.db('verifactu').where('id', 1).increment('generacion', 1);
        const { generacion } = (await w.db('verifactu').where('id', 1).first('generacion')) as Row;
        recuperados = await recoverEnviando(w, iso);
        return Number(generacion);
      },
      { accion: ACCION },
    );
    if (recuperados) this.log.warn(mensajes.verifactu.relevo(recuperados, Math.round(this.config.verifactu.timeoutMs / 1000)));
  }

  /**
   * A write transaction of the sender, fenced: its first statement checks, as a write, that no
   * other sender took over since this one's acquisition. Being a write, it takes SQLite's writer
   * lock (or PostgreSQL's row lock) for the whole transaction, so a takeover's bump either waits
   * for it or is seen by it.
   */
  private escribir<T>(fn: (w: Escritor) => Promise<T>): Promise<T> {
    const generacion = this.generacion;
    return this.escritura.transaction(
      SERVIDOR,
      async (w) => {
        if (generacion === undefined) throw new TurnoPerdido();
        const vigente = await w.db('verifactu').where({ id: 1, generacion }).update({ generacion });
        if (vigente !== 1) throw new TurnoPerdido();
        return fn(w);
      },
      { accion: ACCION },
    );
  }

  /** One look at the queue: sends if it may, else answers how long to wait. */
  private async ciclo(ahora: Date): Promise<number> {
    const v = this.config.verifactu;
    const estado = (await this.db('verifactu').where('id', 1).first()) as Row;
    if (estado.entorno && estado.entorno !== v.modo) {
      if (estado.bloqueoHuella !== this.huellaConfig) {
        const texto = mensajes.verifactu.entornoDistinto(estado.entorno, v.modo);
        await this.escribir((w) => w.db('verifactu').where('id', 1).update(this.bloqueo(null, texto, ahora)));
        this.log.error(`VeriFactu: ${texto}`);
      }
      return this.sondeoMs;
    }
    if (estado.bloqueoHuella) {
      if (estado.bloqueoHuella === this.huellaConfig) return this.sondeoMs;
      // The configuration or the version changed since the refusal: worth one more try.
      await this.escribir((w) => w.db('verifactu').where('id', 1).update({ bloqueoCodigo: null, bloqueoTexto: null, bloqueoDesde: null, bloqueoHuella: null }));
    }
    const pendientes = await countPendientes(this.db, MAX_REGISTROS);
    if (!pendientes) return this.sondeoMs;
    const t = ahora.getTime();
    const ultimo = (await this.db('envios').orderBy('id', 'desc').first('id', 'estado', 'fin')) as Row | undefined;
    if (ultimo?.estado === 'enviando') {
      // Nothing of this sender is in flight while it looks: a last envío still «enviando» is its
      // own, whose outcome it could not record (the database failed even for the loss). Its
      // records may be at the AEAT: lost answers, so their resend's duplicates read as registered.
      await this.perder(Number(ultimo.id), mensajes.verifactu.sinRespuesta.sinDesenlace, null, ahora);
      return 0;
    }
    const relevo = getFinRelevo(ultimo, v.timeoutMs);
    if (t < relevo) return Math.min(relevo - t, this.sondeoMs);
    if (estado.siguienteEnvio && t < new Date(estado.siguienteEnvio).getTime()) return Math.min(new Date(estado.siguienteEnvio).getTime() - t, this.sondeoMs);
    if (pendientes < MAX_REGISTROS && estado.ultimoEnvio) {
      const permitido = new Date(estado.ultimoEnvio).getTime() + Number(estado.tiempoEspera) * 1000;
      if (t < permitido) return Math.min(permitido - t, this.sondeoMs);
    }
    await this.enviar(ahora);
    return 0;
  }

  /** The installation's row blocked: nothing leaves until the configuration changes or an administrator retries. */
  private bloqueo(codigo: number | null, texto: string, ahora: Date): Row {
    return { bloqueoCodigo: codigo, bloqueoTexto: texto.slice(0, 2000), bloqueoDesde: ahora.toISOString(), bloqueoHuella: this.huellaConfig, siguienteEnvio: null };
  }

  /** One message: its records marked as attempted, sent, and the outcome applied. */
  private async enviar(ahora: Date): Promise<void> {
    const { verifactu: v, timeZone } = this.config;
    const lote = await siguienteLote(this.db, MAX_REGISTROS);
    if (!lote.length) return;
    const sistema = await sistemaInformatico(this.db, v.productor);
    const nuevos = await buildXml(this.db, lote, sistema, timeZone);
    const xmls = lote.map((p) => p.xml ?? nuevos.get(p.remisionId)!);
    const incidencia = lote.some((p) => p.respuestaPerdida || ahora.getTime() - new Date(p.generado).getTime() > RETRASO_MS);
    const { emisorNombre } = (await this.db('facturas').where('id', lote[0].facturaId).first('emisorNombre')) as Row;
    // Built before the message is recorded as leaving, so that it leaves right after.
    const mensaje = sobre({ obligado: { nombre: emisorNombre, nif: lote[0].idEmisorFactura }, incidencia }, xmls);
    const iso = ahora.toISOString();
    const envioId = await this.escribir(async (w) => {
      const trx = w.db;
      // A lock known lost is not worth a message its successor will resend anyway.
      if (!this.cerrojo.sigue()) throw new TurnoPerdido();
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
    let desenlace: Desenlace;
    try {
      const { cuerpo } = await this.cliente.enviar(mensaje);
      desenlace = parseRespuesta(cuerpo);
    } catch (err) {
      desenlace = { tipo: 'sinRespuesta', motivo: err instanceof SinRespuesta ? err.message : mensajes.verifactu.sinRespuesta.noLeida((err as Error).message) };
    }
    try {
      await this.aplicar(envioId, lote, desenlace, new Date());
    } catch (err) {
      if (err instanceof TurnoPerdido || desenlace.tipo === 'sinRespuesta') throw err;
      await this.perder(envioId, mensajes.verifactu.sinRespuesta.noGuardada((err as Error).message), null, new Date());
    }
  }

  private async aplicar(envioId: number, lote: Pendiente[], r: Desenlace, fin: Date): Promise<void> {
    const iso = fin.toISOString();
    const ids = lote.map((p) => p.remisionId);
    if (r.tipo === 'respuesta') {
      const lineas = new Map(r.lineas.map((l) => [l.clave, l]));
      await this.escribir(async (w) => {
        const trx = w.db;
        // Records that end alike (most of a message: Correcto, the same CSV) in one statement.
        const grupos = new Map<string, { cambios: Row; ids: number[] }>();
        const anuladas: Pendiente[] = [];
        for (const p of lote) {
          const l = lineas.get(p.clave);
          // A record the answer does not name stays pending; its fate is unknown.
          const cambios: Row = l ? { ...resultado(p, l, r.csv), respondidoEn: iso } : { respuestaPerdida: true };
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
      this.log.info(mensajes.verifactu.enviado(lote.length, r.estadoEnvio, r.csv));
      return;
    }
    if (r.tipo === 'fault' && r.lado === 'Client' && !CLIENT_TECNICOS.has(r.codigo ?? -1)) {
      await this.escribir(async (w) => {
        const trx = w.db;
        // Refused whole: nothing of it was registered, so its records may be built again.
        await w.updateWhere('remisiones', { id: ids }, { xml: null });
        await trx('envios').where('id', envioId).update({ estado: 'rechazado', fin: iso, codigoError: r.codigo ?? null, error: r.texto.slice(0, 2000) });
        await trx('verifactu').where('id', 1).update(this.bloqueo(r.codigo ?? null, r.texto, fin));
      });
      this.log.error(mensajes.verifactu.rechazado(r.texto));
      return;
    }
    await this.perder(envioId, r.tipo === 'fault' ? `Fault ${r.lado}: ${r.texto}` : r.motivo, r.tipo === 'fault' ? (r.codigo ?? null) : null, fin);
  }

  /**
   * No answer to rely on: the envío failed, its records stay pendiente having lost their answer
   * (the AEAT may hold them), and the next try waits the back-off.
   */
  private async perder(envioId: number, motivo: string, codigoError: number | null, fin: Date): Promise<void> {
    const iso = fin.toISOString();
    const pausa = await this.escribir(async (w) => {
      const trx = w.db;
      const estado = (await trx('verifactu').where('id', 1).first('fallosSeguidos')) as Row;
      const fallos = Number(estado.fallosSeguidos) + 1;
      const pausa = Math.min(this.config.verifactu.reintentoMs * 2 ** (fallos - 1), PAUSA_MAXIMA_MS);
      await w.updateWhere('remisiones', { envioId, estado: 'pendiente' }, { respuestaPerdida: true });
      await trx('envios').where('id', envioId).update({ estado: 'fallido', fin: iso, codigoError, error: motivo.slice(0, 2000) });
      await trx('verifactu').where('id', 1).update({ ultimoEnvio: iso, fallosSeguidos: fallos, siguienteEnvio: new Date(fin.getTime() + pausa).toISOString() });
      return pausa;
    });
    this.log.warn(mensajes.verifactu.fallo(motivo, Math.round(pausa / 1000)));
  }
}

/** The AEAT's line applied to its record. A duplicate after a lost answer is the record itself, registered then. */
function resultado(p: Pendiente, l: LineaRespuesta, csv?: string): Row {
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

/** Pending records, counted up to `tope`: the sender only needs to know whether a message is full. */
export async function countPendientes(db: Knex | Knex.Transaction, tope: number): Promise<number> {
  const [{ n }] = (await db.from(db('remisiones').where('estado', 'pendiente').select('id').limit(tope).as('p')).count({ n: '*' })) as Row[];
  return Number(n);
}
