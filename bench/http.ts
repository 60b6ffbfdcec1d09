// Closed-loop HTTP load with autocannon: one keep-alive connection per concurrent caller.
// Latencies are taken from autocannon's per-response event, which has sub-millisecond
// precision (its own histogram rounds to whole milliseconds).
import autocannon from 'autocannon';
import { performance } from 'node:perf_hooks';
import type { Recorder } from './stats.js';

/** Records each response's latency into `recorder`; returns the seconds it ran. */
export async function httpLoad(
  origin: string,
  path: () => string,
  headers: Record<string, string>,
  concurrency: number,
  seconds: number,
  recorder: Recorder,
): Promise<number> {
  const start = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: origin,
        connections: concurrency,
        duration: seconds,
        headers,
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: path() }) }],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client, statusCode, _bytes, ms) => {
      if (statusCode >= 200 && statusCode < 300) recorder.add(ms);
      else recorder.errors++;
    });
  });
  recorder.errors += result.errors + result.timeouts;
  return (performance.now() - start) / 1000;
}
