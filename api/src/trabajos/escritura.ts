// Where a job writes records: the repository's transactions (rest/escritura.ts), handed to the
// runner by app.ts, so what a job changes has its history and live events as a person's change.
import type { Actor, Escritor, OpcionesEscritura } from '../base/types.js';

export interface Escritura {
  transaction<T>(actor: Actor, fn: (w: Escritor) => Promise<T>, base?: OpcionesEscritura): Promise<T>;
}
