// Committed changes of records, as the live lists hear of them (docs/arquitectura.md §17). Only
// what changed travels, never a field's value: a session learns that a curso changed and reads
// it again through the REST routes, where its role's rules apply.
import { EventEmitter } from 'node:events';
import type { Cambio } from '../base/cambios.js';

export type { Cambio };

/**
 * The process's one bus of committed changes. Whoever learns of a commit publishes it here (this
 * process's repository on SQLite, the LISTEN connection on PostgreSQL, the cluster's relay),
 * and every open event stream of this process listens.
 */
export class BusEventos {
  private readonly emisor = new EventEmitter();

  constructor() {
    // One listener per open stream: hundreds are expected, not a leak.
    this.emisor.setMaxListeners(0);
  }

  publish(cambios: Cambio[]) {
    for (const c of cambios) this.emisor.emit('cambio', c);
  }

  /** Returns the function that stops listening. */
  listen(fn: (c: Cambio) => void): () => void {
    this.emisor.on('cambio', fn);
    return () => this.emisor.off('cambio', fn);
  }

  get oyentes(): number {
    return this.emisor.listenerCount('cambio');
  }
}
