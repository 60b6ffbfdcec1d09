// The report calls (GET /informes/<name>?desde=&hasta=), measured through the API only: each is
// several aggregate queries with no single "same SQL" to set beside it. A report the API does
// not serve yet (404) is left out rather than failing the run.
import { performance } from 'node:perf_hooks';
import type { ApiUnderTest } from './api.js';

export const INFORMES = ['resumen', 'ingresos', 'ventas-por-curso', 'pagos-por-metodo', 'pagos-por-estado', 'usuarios-nuevos', 'pendientes'];

/** The 12 months before `until`, as the admin's date pickers send them (calendar days). */
export function informePath(name: string, until: Date): string {
  const since = new Date(until);
  since.setUTCMonth(since.getUTCMonth() - 12);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return `/informes/${name}?desde=${day(since)}&hasta=${day(until)}`;
}

/** The informes this API answers 200 to; the others are reported on the console. */
export async function servedInformes(api: ApiUnderTest, until: Date, log: (m: string) => void): Promise<string[]> {
  const served: string[] = [];
  for (const name of INFORMES) {
    const res = await fetch(api.origin + informePath(name, until), { headers: api.headers });
    const body = await res.text();
    if (res.ok) served.push(name);
    else log(`informe ${name}: HTTP ${res.status}, no se mide (${body.slice(0, 200)})`);
  }
  return served;
}

/** Seconds to call each of these informes once, one after another. */
export async function timeAllInformes(api: ApiUnderTest, names: string[], until: Date): Promise<number> {
  const start = performance.now();
  for (const name of names) {
    const res = await fetch(api.origin + informePath(name, until), { headers: api.headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`informe ${name}: HTTP ${res.status}`);
  }
  return (performance.now() - start) / 1000;
}
