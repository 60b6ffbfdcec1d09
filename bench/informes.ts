// The report calls (GET /informes/<name>?desde=&hasta=) over 12 months. Beside each, the bare
// driver runs exactly the statements the API ran for that call (recorded by trace.ts), in the
// same order on one connection: "the same SQL" without a hand-written copy that could drift.
import { performance } from 'node:perf_hooks';
import { informes } from '../api/src/informes/definiciones/index.js';
import type { ApiUnderTest } from './api.js';
import type { Driver } from './driver.js';
import type { Statement } from './scenarios.js';

/** Every report the API serves, from the catalogue its routes are built from. */
export const INFORMES = informes.map((i) => i.nombre);

export interface InformeTraced {
  name: string;
  path: string;
  statements: Statement[];
}

/** The 12 months before `until`, as the admin's date pickers send them (calendar days). */
export function informePath(name: string, until: Date): string {
  const since = new Date(until);
  since.setUTCMonth(since.getUTCMonth() - 12);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return `/informes/${name}?desde=${day(since)}&hasta=${day(until)}`;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export interface PageTiming {
  /** Seconds for every informe once, one after another: through the API, and as bare SQL. */
  apiSeconds: number;
  driverSeconds: number;
  rounds: number;
}

/**
 * The whole Informes page, as the median of a few rounds: each round calls every informe once
 * through the API, then runs every informe's statements once through the driver.
 */
export async function timeWholePage(api: ApiUnderTest, driver: Driver, informes: InformeTraced[], rounds = 5): Promise<PageTiming> {
  const apiTimes: number[] = [];
  const driverTimes: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let start = performance.now();
    for (const { name, path } of informes) {
      const res = await fetch(api.origin + path, { headers: api.headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`informe ${name}: HTTP ${res.status}`);
    }
    apiTimes.push((performance.now() - start) / 1000);
    start = performance.now();
    for (const { statements } of informes) await driver.sequence(statements);
    driverTimes.push((performance.now() - start) / 1000);
  }
  return { apiSeconds: median(apiTimes), driverSeconds: median(driverTimes), rounds };
}
