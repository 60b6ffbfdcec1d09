// What one read may cost (issue 19): a list with nested includes multiplies rows (a page of
// usuarios, their pagos, each pago's usuario, its pagos again…), and one such request kept a
// process busy for minutes after its client had gone. A read gets a budget of rows and of time,
// and stops when its client hangs up; the repository spends it (rest/repository.ts) and the
// reader cancels a PostgreSQL query when it runs out (db/reader.ts).
import type { FastifyReply } from 'fastify';
import type { Config } from '../config.js';
import { mensajes } from '../mensajes.js';
import { badRequest, HttpError } from './errors.js';
import type { IncludeSpec } from './filter.js';

type Row = Record<string, unknown>;

export class Presupuesto {
  private filas = 0;
  private readonly fin: number;
  /** When this read last let the event loop turn (performance.now()). */
  private turno = performance.now();

  /**
   * `maxMs`: its time, from now. `signal` aborts, with the HttpError to answer as
   * its reason, when time runs out or the client leaves: a PostgreSQL query in flight is
   * cancelled then (db/reader.ts).
   */
  constructor(
    readonly maxFilas: number,
    readonly maxMs = Infinity,
    readonly signal?: AbortSignal,
  ) {
    this.fin = Date.now() + maxMs;
  }

  /** Rows the next query may still bring: it asks for one more, to know it went past. */
  get restantes(): number {
    return Math.max(0, this.maxFilas - this.filas);
  }

  /** Counts rows loaded; past the budget the read stops before the next query runs. */
  gastar(n: number) {
    this.filas += n;
    if (this.filas > this.maxFilas) throw demasiadasFilas(this.maxFilas);
  }

  /** Rows a query would bring, known before reading them: past the budget, refused before. */
  prever(n: number) {
    if (this.filas + n > this.maxFilas) throw demasiadasFilas(this.maxFilas);
  }

  /**
   * Between steps: a read whose time ran out, or whose client left, does no more work. The clock
   * is read too: a chain of SQLite reads never yields to the timer that would abort the signal.
   */
  comprobar() {
    this.signal?.throwIfAborted();
    if (Date.now() > this.fin) throw lecturaLenta(this.maxMs);
  }

  /**
   * Before each include: SQLite reads are synchronous, so without a turn of the event loop a
   * whole chain of them would keep every other request (a /ping) and the client's hanging up
   * waiting until the end. Only after a few milliseconds of work: a page with a small include
   * (the bench's ceiling call) does not pay a turn per include.
   */
  async ceder() {
    if (performance.now() - this.turno > CEDER_TRAS_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      this.turno = performance.now();
    }
    this.comprobar();
  }

  /**
   * The rows the answer will hold once serialised. A belongsTo row is loaded once but written
   * under every row that points at it, with its own includes each time, so the answer can be
   * far larger than what was loaded: counted here, memoised per object, before serialising.
   */
  comprobarRespuesta(rows: Row[], include: IncludeSpec[]) {
    // Without includes the rows were counted as they were read.
    if (!include.length) return;
    const pesos = new WeakMap<Row, number>();
    const peso = (row: Row, inc: IncludeSpec[]): number => {
      let n = pesos.get(row);
      if (n !== undefined) return n;
      n = 1;
      for (const { relation, scope } of inc) {
        const v = row[relation];
        if (Array.isArray(v)) for (const hijo of v) n += peso(hijo as Row, scope.include);
        else if (v && typeof v === 'object') n += peso(v as Row, scope.include);
        if (n > this.maxFilas) throw demasiadasFilas(this.maxFilas);
      }
      pesos.set(row, n);
      return n;
    };
    let total = 0;
    for (const row of rows) {
      total += peso(row, include);
      if (total > this.maxFilas) throw demasiadasFilas(this.maxFilas);
    }
  }
}

const CEDER_TRAS_MS = 5;

const demasiadasFilas = (max: number) => badRequest(mensajes.peticion.demasiadasFilas(max));
const lecturaLenta = (maxMs: number) => new HttpError(400, mensajes.peticion.lecturaLenta(maxMs), 'QUERY_TIMEOUT');

/**
 * The budget of one HTTP read: its time starts now, and both the deadline and the client's
 * hanging up abort it. 400 for time too: the request's shape is what costs (a retry of the same
 * filter would cost the same), and the message says what to ask instead.
 */
export function presupuestoDe(reply: FastifyReply, { maxFilas, maxMs }: Config['lectura']): Presupuesto {
  const control = new AbortController();
  const reloj = setTimeout(() => control.abort(lecturaLenta(maxMs)), maxMs);
  reloj.unref();
  // 'close' comes when the answer is sent or when the connection drops before that.
  reply.raw.once('close', () => {
    clearTimeout(reloj);
    if (!reply.raw.writableFinished) control.abort(badRequest(mensajes.peticion.clienteSeFue));
  });
  return new Presupuesto(maxFilas, maxMs, control.signal);
}
