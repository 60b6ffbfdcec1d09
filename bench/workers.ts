// WORKERS=N against WORKERS=1: the page of pagos at concurrency 16 on the
// same database, both APIs running side by side and measured in alternating slices, so the
// ratio holds on a machine whose background load drifts. The target: ≥ 1.4× with 2 workers.
import { startApiProcess, type ApiUnderTest } from './api.js';
import { httpLoad } from './http.js';
import { measureSides, type Load } from './measure.js';
import type { Scenario } from './scenarios.js';
import type { Figures } from './stats.js';

export const WORKERS_TARGET = 1.4;
const CONCURRENCY = 16;

export interface WorkersComparison {
  scenario: string;
  concurrency: number;
  workers: number;
  one: Figures;
  many: Figures;
  /** req/s with N workers ÷ req/s with one process. */
  ratio: number;
  verdict: string;
}

export async function measureWorkers(databaseUrl: string, page: Scenario, workers: number, duration: number): Promise<WorkersComparison> {
  const started: ApiUnderTest[] = [];
  try {
    started.push(await startApiProcess(databaseUrl, { workers: 1 }));
    started.push(await startApiProcess(databaseUrl, { workers }));
    for (const api of started) {
      const res = await fetch(api.origin + page.path(), { headers: api.headers });
      const problem = res.ok ? page.check(await res.json()) : `HTTP ${res.status}`;
      if (problem) throw new Error(`${page.name}: ${problem}`);
    }
    const load = (api: ApiUnderTest): Load => (t, rec) => httpLoad(api.origin, page.path, api.headers, CONCURRENCY, t, rec);
    const [one, many] = await measureSides(duration, started.map(load));
    const ratio = many.rps / one.rps;
    const errors = one.errors + many.errors ? `, ${one.errors + many.errors} errores` : '';
    const verdict = `${workers === 2 ? `≥${WORKERS_TARGET}× ${ratio >= WORKERS_TARGET ? 'PASS' : 'FAIL'}` : 'sin objetivo'}${errors}`;
    return { scenario: page.name, concurrency: CONCURRENCY, workers, one, many, ratio, verdict };
  } finally {
    for (const api of started) await api.stop();
  }
}

export function describeWorkers(w: WorkersComparison): string {
  const f = (x: Figures) => `${x.rps.toFixed(0)} req/s p99 ${x.p99.toFixed(2)} ms`;
  return `${w.scenario} c=${w.concurrency}: WORKERS=1 ${f(w.one)} · WORKERS=${w.workers} ${f(w.many)} → ${w.ratio.toFixed(2)}× (${w.verdict})`;
}
