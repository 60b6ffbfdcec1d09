// How much password hashing runs at once. One scrypt at OWASP's parameters holds 128 MB and a
// core for a fraction of a second; unbounded, a burst of wrong logins took every thread of the
// pool and much of the memory, and a real administrator's login waited behind all of it
// (bench/login.ts measures it; bench/RESULTADOS.md).
//
// So: as many hashes at once as there are cores; a short queue behind them; and no client (an
// address) ever holds more than one hash in flight, so a burst from one address leaves the
// other cores to everyone else. What does not fit is refused at once with a Retry-After,
// rather than queued for longer than a person waits.
import { availableParallelism } from 'node:os';
import { HttpError } from '../base/errors.js';
import { mensajes } from '../mensajes.js';

export interface HashingLimits {
  /** Hashes in flight at once. */
  slots: number;
  /** Waiting behind them, all clients together. */
  queue: number;
  /** In flight plus waiting, for one client. */
  perClient: number;
}

export const defaultHashingLimits = (): HashingLimits => {
  const slots = Math.max(1, availableParallelism());
  return { slots, queue: slots * 8, perClient: 4 };
};

interface Job {
  client: string;
  start: () => void;
}

export class HashingQueue {
  private readonly running = new Map<string, number>();
  private readonly pending = new Map<string, number>();
  private readonly waiting: Job[] = [];
  private active = 0;

  constructor(private readonly limits: HashingLimits = defaultHashingLimits()) {}

  /**
   * Runs `work` when a slot is free for this client. Throws at once, without running it, a 429
   * when the client already has its share queued and a 503 when the queue is full.
   */
  async run<T>(client: string, work: () => Promise<T>): Promise<T> {
    const mine = (this.running.get(client) ?? 0) + (this.pending.get(client) ?? 0);
    if (mine >= this.limits.perClient) throw busy(429, mensajes.auth.hashOcupadoCliente);
    if (this.waiting.length >= this.limits.queue) throw busy(503, mensajes.auth.hashOcupado);

    await new Promise<void>((start) => {
      this.waiting.push({ client, start });
      bump(this.pending, client, 1);
      this.dispatch();
    });
    try {
      return await work();
    } finally {
      this.active--;
      bump(this.running, client, -1);
      this.dispatch();
    }
  }

  /** Starts the oldest waiting jobs whose clients have nothing in flight, while slots are free. */
  private dispatch() {
    for (let i = 0; i < this.waiting.length && this.active < this.limits.slots; ) {
      const job = this.waiting[i];
      if (this.running.has(job.client)) {
        i++;
        continue;
      }
      this.waiting.splice(i, 1);
      bump(this.pending, job.client, -1);
      bump(this.running, job.client, 1);
      this.active++;
      job.start();
    }
  }
}

function bump(counts: Map<string, number>, key: string, by: number) {
  const n = (counts.get(key) ?? 0) + by;
  if (n > 0) counts.set(key, n);
  else counts.delete(key);
}

const busy = (status: 429 | 503, message: string) =>
  new HttpError(status, message, status === 429 ? 'TOO_MANY_REQUESTS' : 'SERVICE_UNAVAILABLE', undefined, { 'retry-after': '1' });
