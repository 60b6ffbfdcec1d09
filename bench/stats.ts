// Latency samples → the figures the bench prints. Samples are kept whole (not bucketed) because
// the fast calls take well under a millisecond and a 1 ms histogram would round them to 0.

export interface Figures {
  /** Completed calls per second over the measured window. */
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Calls measured (a figure from a handful of calls is noise). */
  n: number;
  /** Calls that did not answer as expected (non-2xx, driver errors). */
  errors: number;
}

export class Recorder {
  private samples = new Float64Array(1 << 16);
  private length = 0;
  errors = 0;

  add(ms: number) {
    if (this.length === this.samples.length) {
      const grown = new Float64Array(this.samples.length * 2);
      grown.set(this.samples);
      this.samples = grown;
    }
    this.samples[this.length++] = ms;
  }

  figures(seconds: number): Figures {
    const sorted = this.samples.subarray(0, this.length).sort();
    const at = (q: number) => (this.length ? sorted[Math.min(this.length - 1, Math.floor(q * this.length))] : NaN);
    return { rps: this.length / seconds, p50: at(0.5), p95: at(0.95), p99: at(0.99), n: this.length, errors: this.errors };
  }
}
