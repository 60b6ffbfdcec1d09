// A job queued in this process need not wait for the runner's next look: the runner of this
// process, if it has one, is told at once. Only a hint: a runner that misses it (another process,
// another machine) finds the job at its next poll, and the row, not the hint, is what counts.
type Oyente = () => void;

const oyentes = new Set<Oyente>();

/** The runner subscribes while it runs; the answer unsubscribes it. */
export function listenEncolados(oyente: Oyente): () => void {
  oyentes.add(oyente);
  return () => oyentes.delete(oyente);
}

export function notifyEncolados(): void {
  for (const oyente of oyentes) oyente();
}
