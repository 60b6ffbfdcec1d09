// Closed-loop load: `concurrency` callers, each starting its next call as soon as the previous one
// answers, for a fixed time. Used for the bare driver; http.ts does the same over HTTP.
import { performance } from 'node:perf_hooks';
import type { Recorder } from './stats.js';

/** Records each call's latency into `recorder`; returns the seconds it ran. */
export async function closedLoop(call: () => Promise<unknown>, concurrency: number, seconds: number, recorder: Recorder): Promise<number> {
  const start = performance.now();
  const end = start + seconds * 1000;
  const caller = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      try {
        await call();
        recorder.add(performance.now() - t0);
      } catch {
        recorder.errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, caller));
  return (performance.now() - start) / 1000;
}
