// The sender: one per installation, it takes the pending records in chain order, at most 1000
// per message, and waits between messages what the AEAT said (TiempoEsperaEnvio, 60 s until it
// has said anything) unless 1000 are already waiting. The wait runs from the end of the previous
// exchange, so the AEAT never receives two messages closer than it asked, however long the first
// took to arrive. One look at the queue (and at most one message) is a turn; the runner runs the
// turns as the job kind `remisionVerifactu` (trabajoRemision.ts), each answering when the next is due.
//
// Nothing it must not lose lives in its memory: before a message leaves, its records' XML, their
// attempt and the message itself are committed; the answer is applied in one more transaction
// (envio.ts). A process killed between the two leaves a message «enviando»: whoever runs the
// next turn after another holder — another process, or this one after another held the job —
// marks its records as having lost their answer, waits VERIFACTU_TIMEOUT (the message may still
// be at the AEAT) and sends the same XML again, and the AEAT's «duplicado» for a record it had
// already registered is read as registered.
//
// Exclusivity is the runner's (docs/arquitectura.md §19), no longer a lock of the sender's own:
// - one sender per installation: the kind is one-at-a-time, and its one job is claimed by one
//   statement that bumps its generation (on PostgreSQL under the kind's advisory xact lock, so two
//   machines' claims queue), and only while no job of the kind is running;
// - a sender that lost its lease writes nothing more: every write of a turn goes through
//   ctx.transaction, whose first statement renews the lease only if the row still has this
//   claim's generation and an unexpired lease, under the same lock as the claim; a holder that
//   stalled past its lease, or whose job another claimed, commits nothing (ArriendoPerdido);
// - recovery: when a claim's generation is not this process's previous one + 1 (or at the first
//   claim in the process), another holder may have left a message in flight: the next turn that
//   sends first recovers it (and until that recovery commits, every turn tries again). A
//   process never starts a turn while one of its own, whose lease went or whose time limit
//   passed, still awaits the AEAT: its runs answer «later» until that turn settles;
// - the AEAT's wait: a turn answers { otraVezEnMs } and the runner claims again then.
// What differs from the advisory lock it replaces: that lock went the moment its connection
// died, so another machine took over at once; a lease lapses only TRABAJOS_ARRIENDO_S after its
// last renewal (60 s by default). A killed sender is thus replaced up to a lease later (plus a
// poll), then waits VERIFACTU_TIMEOUT if its message was in flight, as before.
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { SERVIDOR, type Escritor, type Escritura } from '../base/types.js';
import type { Config } from '../config/index.js';
import { mensajes } from '../mensajes.js';
import { ArriendoPerdido, type Contexto, type Resultado } from '../trabajos/definir.js';
import { clienteAeat, type ClienteAeat } from './cliente.js';
import { buildBloqueo, failEnvio, MAX_REGISTROS, sendLote, type Escribir, type Intercambio, type Registro } from './envio.js';
import { VERSION } from './sistema.js';

export { MAX_REGISTROS, RETRASO_MS, type Registro } from './envio.js';

type Row = Record<string, any>;

/** The law's first wait, before the AEAT has said any. */
export const ESPERA_INICIAL_S = 60;
/** How often an idle sender looks for new records: the kind's period. */
export const SONDEO_MS = 1000;
/** How the sender's writes are named where a history or a live event names them, outside the runner. */
const ACCION = 'remitir';

export interface OpcionesRemitente {
  /** How often an idle sender looks for new records (ms). */
  sondeoMs?: number;
  log?: Registro;
  /** The AEAT's client: the real one unless a test brings its own. */
  cliente?: ClienteAeat;
}

type Cfg = Pick<Config, 'verifactu' | 'timeZone' | 'emisor'>;

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

/** Pending records, counted up to `tope`: the sender only needs to know whether a message is full. */
export async function countPendientes(db: Knex | Knex.Transaction, tope: number): Promise<number> {
  const [{ n }] = (await db.from(db('remisiones').where('estado', 'pendiente').select('id').limit(tope).as('p')).count({ n: '*' })) as Row[];
  return Number(n);
}

const fallbackLog: Registro = { info: console.log, warn: console.warn, error: console.error };

export class Remitente {
  /** Whether the runner's turns send (start); before, they only say when to look again. */
  private arrancado = false;
  /** The generation of this process's last claim of the job; undefined before its first. */
  private ultimaGeneracion: number | undefined;
  /** A turn of this process not yet settled (one whose lease went may still await the AEAT). */
  private enCurso: Promise<number> | undefined;
  /**
   * Whether what another holder may have left in flight is still to be recovered: from the start
   * of the process, and again whenever a claim is not the one after this process's last, until
   * a turn's recovery commits. Turns that only say when to look again leave it as it is.
   */
  private relevoPendiente = true;
  private anunciado = false;
  private despertador: (() => void) | undefined;
  private readonly cliente: ClienteAeat;
  private readonly log: Registro;
  readonly sondeoMs: number;
  /** What a refused message would need to change before it is tried again. */
  readonly huellaConfig: string;

  constructor(
    private readonly escritura: Escritura,
    private readonly db: Knex,
    private readonly config: Cfg,
    opciones: OpcionesRemitente = {},
  ) {
    this.log = opciones.log ?? fallbackLog;
    this.sondeoMs = opciones.sondeoMs ?? SONDEO_MS;
    this.cliente = opciones.cliente ?? clienteAeat(config.verifactu);
    const v = config.verifactu;
    this.huellaConfig = createHash('sha256')
      .update(JSON.stringify([VERSION, v.modo, v.url, v.certificado?.huella, v.productor, config.emisor.nif, config.emisor.nombre]))
      .digest('hex');
  }

  /** Lets the runner's turns send (the app does it when ready, unless told not to). */
  start(): void {
    this.arrancado = true;
    this.wake();
  }

  /** How to wake the runner (app.ts, once it is built). */
  setDespertador(fn: () => void): void {
    this.despertador = fn;
  }

  /** Looks again now instead of at the next poll (a retry asked for, a test). */
  wake(): void {
    this.despertador?.();
  }

  /**
   * Waits a few seconds for a turn in flight, then closes the client. A message still unanswered
   * is left: the next holder finds it «enviando» and sends it again, as after a crash, rather
   * than holding a shutdown for the AEAT's timeout.
   */
  async stop(): Promise<void> {
    this.arrancado = false;
    let plazo: NodeJS.Timeout | undefined;
    await Promise.race([this.enCurso?.catch(() => undefined), new Promise((r) => (plazo = setTimeout(r, 5000)))]);
    clearTimeout(plazo);
    this.cliente.close();
  }

  /**
   * One turn outside the runner, for the tests: deterministic, its writes the server's (no lease
   * to fence them). Answers how long to wait before the next.
   */
  turno(ahora = new Date()): Promise<number> {
    const write: Escribir = (fn) => this.escritura.transaction(SERVIDOR, fn, { accion: ACCION });
    return this.runTurno(ahora, { escribir: write });
  }

  /** The job's run (trabajoRemision.ts): one turn under the runner's claim. */
  async run(ctx: Pick<Contexto, 'generacion' | 'transaction' | 'signal'>): Promise<Resultado> {
    // Another holder between this process's last claim and this one: what it left in flight is
    // recovered by this process's next turn that sends.
    if (this.ultimaGeneracion === undefined || ctx.generacion !== this.ultimaGeneracion + 1) this.relevoPendiente = true;
    this.ultimaGeneracion = ctx.generacion;
    // Not started, or a turn of this process that lost its lease still awaits the AEAT: never
    // two messages of one process at once, and its state is not read half-written.
    if (!this.arrancado || this.enCurso) return { otraVezEnMs: this.sondeoMs };
    if (!this.anunciado) {
      this.anunciado = true;
      this.log.info(mensajes.verifactu.remitente(this.config.verifactu.modo));
    }
    const turno = this.runTurno(new Date(), { escribir: ctx.transaction, signal: ctx.signal });
    this.enCurso = turno;
    try {
      return { otraVezEnMs: await turno };
    } catch (err) {
      if (err instanceof ArriendoPerdido) this.log.warn(mensajes.verifactu.turnoPerdido);
      else this.log.error(`VeriFactu: ${(err as Error).message}`);
      throw err;
    } finally {
      this.enCurso = undefined;
    }
  }

  private async runTurno(ahora: Date, { escribir, signal }: { escribir: Escribir; signal?: AbortSignal }): Promise<number> {
    const x: Intercambio = { db: this.db, config: this.config, cliente: this.cliente, log: this.log, huellaConfig: this.huellaConfig, escribir, signal };
    if (this.relevoPendiente) {
      await this.takeOver(ahora, escribir);
      this.relevoPendiente = false;
    }
    return this.ciclo(ahora, x);
  }

  /** Taking over: the messages left «enviando» by whoever held the job before, whose records lost their answer. */
  private async takeOver(ahora: Date, escribir: Escribir): Promise<void> {
    const recuperados = await escribir((w) => recoverEnviando(w, ahora.toISOString()));
    if (recuperados) this.log.warn(mensajes.verifactu.relevo(recuperados, Math.round(this.config.verifactu.timeoutMs / 1000)));
  }

  /** One look at the queue: sends if it may, else answers how long to wait. */
  private async ciclo(ahora: Date, x: Intercambio): Promise<number> {
    const v = this.config.verifactu;
    const estado = (await this.db('verifactu').where('id', 1).first()) as Row;
    if (estado.entorno && estado.entorno !== v.modo) {
      if (estado.bloqueoHuella !== this.huellaConfig) {
        const texto = mensajes.verifactu.entornoDistinto(estado.entorno, v.modo);
        await x.escribir((w) => w.db('verifactu').where('id', 1).update(buildBloqueo(this.huellaConfig, null, texto, ahora)));
        this.log.error(`VeriFactu: ${texto}`);
      }
      return this.sondeoMs;
    }
    if (estado.bloqueoHuella) {
      if (estado.bloqueoHuella === this.huellaConfig) return this.sondeoMs;
      // The configuration or the version changed since the refusal: worth one more try.
      await x.escribir((w) => w.db('verifactu').where('id', 1).update({ bloqueoCodigo: null, bloqueoTexto: null, bloqueoDesde: null, bloqueoHuella: null }));
    }
    const pendientes = await countPendientes(this.db, MAX_REGISTROS);
    if (!pendientes) return this.sondeoMs;
    const t = ahora.getTime();
    const ultimo = (await this.db('envios').orderBy('id', 'desc').first('id', 'estado', 'fin')) as Row | undefined;
    if (ultimo?.estado === 'enviando') {
      // No takeover since this process's last claim, and none of its turns in flight: a last
      // envío still «enviando» is its own, whose outcome it could not record (the database failed
      // even for the loss). Its records may be at the AEAT: lost answers, so their resend's
      // duplicates read as registered.
      await failEnvio(x, Number(ultimo.id), mensajes.verifactu.sinRespuesta.sinDesenlace, null, ahora);
      return 0;
    }
    const relevo = getFinRelevo(ultimo, v.timeoutMs);
    if (t < relevo) return Math.min(relevo - t, this.sondeoMs);
    if (estado.siguienteEnvio && t < new Date(estado.siguienteEnvio).getTime()) return Math.min(new Date(estado.siguienteEnvio).getTime() - t, this.sondeoMs);
    if (pendientes < MAX_REGISTROS && estado.ultimoEnvio) {
      const permitido = new Date(estado.ultimoEnvio).getTime() + Number(estado.tiempoEspera) * 1000;
      if (t < permitido) return Math.min(permitido - t, this.sondeoMs);
    }
    await sendLote(x, ahora);
    return 0;
  }
}
