// Opening the list of pagos as the admin does: the page and its total, both at once,
// against the page alone, with a filter that matches about half the table (método tarjeta, 56 %
// of the generated pagos). The total is asked as the admin asks it (`Prefer: count=estimated`)
// and, for comparison, exact, as the admin asked before. All sides go through one load generator
// (node:http, keep-alive), so the ratios compare like with like; autocannon cannot send two
// requests at once per caller.
import http from 'node:http';
import type { ApiUnderTest } from './api.js';
import type { Driver } from './driver.js';
import { explain, type Plan } from './explain.js';
import { closedLoop } from './load.js';
import { measureSides, type Load } from './measure.js';
import type { Figures } from './stats.js';

// Target: page + total at ≥ 50 % of the page alone's throughput, at concurrency 16.
export const APERTURA_OBJETIVO = 0.5;
const PAGE = 25;

/** What the admin's dataProvider sends for «Método: Tarjeta», newest first, first page of 25. */
const where = { metodo: 'tarjeta' };
const pagePath = `/pagos?filter=${encodeURIComponent(JSON.stringify({ where, order: 'fecha DESC', limit: PAGE, skip: 0 }))}`;
const countPath = `/pagos/count?where=${encodeURIComponent(JSON.stringify(where))}`;

export interface AperturaMedida {
  concurrency: number;
  pagina: Figures;
  /** Page + `GET /pagos/count` with `Prefer: count=estimated`, in parallel: what the admin does. */
  conTotal: Figures;
  /** Page + the exact count, in parallel: what the admin did before. */
  conTotalExacto: Figures;
  /** conTotal req/s ÷ pagina req/s (one "request" = one list opened). */
  ratio: number;
  ratioExacto: number;
  verdict: string;
}

export interface Apertura {
  /** The count as the API answered it (`{count, approximate?}`) and its Preference-Applied. */
  respuesta: { body: unknown; preferenceApplied: string | null };
  exacto: number;
  plans: Plan[];
  medidas: AperturaMedida[];
}

/** GETs over keep-alive connections, two per caller (a page and its count go together). */
export function getter(api: ApiUnderTest, concurrency: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 * concurrency });
  const url = new URL(api.origin);
  const get = (path: string, extra: Record<string, string> = {}) =>
    new Promise<void>((resolve, reject) => {
      const req = http.get({ host: url.hostname, port: url.port, path, agent, headers: { ...api.headers, ...extra } }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode! >= 200 && res.statusCode! < 300 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`))));
        res.on('error', reject);
      });
      req.on('error', reject);
    });
  return { get, close: () => agent.destroy() };
}

/**
 * The SQL behind the estimated count above the cap, for the plan: SQLite runs the capped count;
 * PostgreSQL only plans the count's SELECT (EXPLAIN), so its plan is shown and never a finding.
 */
async function countPlans(driver: Driver, cap: number): Promise<Plan[]> {
  if (driver.dialect === 'sqlite') {
    return [await explain(driver, { sql: 'SELECT count(*) AS "count" FROM (SELECT 1 FROM pagos WHERE metodo = ? LIMIT ?) AS "hasta"', params: ['tarjeta', cap + 1] })];
  }
  const plan = await explain(driver, { sql: 'SELECT 1 FROM pagos WHERE metodo = ?', params: ['tarjeta'] });
  return [{ ...plan, sql: `EXPLAIN (FORMAT JSON) ${plan.sql}   (solo se planifica: no lee filas)`, fullScans: [] }];
}

/** `cap`: the API's COUNT_CAP default for the dialect (api/src/config/index.ts), for the plan shown. */
export async function measureApertura(api: ApiUnderTest, driver: Driver, duration: number, concurrencies: number[], cap = driver.dialect === 'pg' ? 10000 : 1000): Promise<Apertura> {
  const res = await fetch(api.origin + countPath, { headers: { ...api.headers, prefer: 'count=estimated' } });
  if (!res.ok) throw new Error(`apertura: HTTP ${res.status} ${await res.text()}`);
  const respuesta = { body: await res.json(), preferenceApplied: res.headers.get('preference-applied') };
  const exacto = ((await (await fetch(api.origin + countPath, { headers: api.headers })).json()) as { count: number }).count;
  const plans = await countPlans(driver, cap);

  const medidas: AperturaMedida[] = [];
  for (const c of concurrencies) {
    const { get, close } = getter(api, c);
    const side = (op: () => Promise<unknown>): Load => (t, rec) => closedLoop(op, c, t, rec);
    try {
      const [pagina, conTotal, conTotalExacto] = await measureSides(duration, [
        side(() => get(pagePath)),
        side(() => Promise.all([get(pagePath), get(countPath, { prefer: 'count=estimated' })])),
        side(() => Promise.all([get(pagePath), get(countPath)])),
      ]);
      const ratio = conTotal.rps / pagina.rps;
      const errores = pagina.errors + conTotal.errors + conTotalExacto.errors;
      const verdict =
        (c === 16 ? `página + total ≥${APERTURA_OBJETIVO * 100}% de la página sola ${ratio >= APERTURA_OBJETIVO ? 'PASS' : 'FAIL'}` : 'solo informativo') +
        (errores ? `, ${errores} errores` : '');
      medidas.push({ concurrency: c, pagina, conTotal, conTotalExacto, ratio, ratioExacto: conTotalExacto.rps / pagina.rps, verdict });
    } finally {
      close();
    }
  }
  return { respuesta, exacto, plans, medidas };
}

export function describeApertura(a: Apertura): string[] {
  const pct = (v: number) => `${(v * 100).toFixed(0)}%`;
  const f = (x: Figures) => `${x.rps.toFixed(0)} aperturas/s p99 ${x.p99.toFixed(2)} ms`;
  return [
    `apertura de la lista de pagos (método tarjeta: ${a.exacto} pagos; count=estimated responde ${JSON.stringify(a.respuesta.body)}, Preference-Applied: ${a.respuesta.preferenceApplied})`,
    ...a.plans.flatMap((p) => [`  plan: ${p.sql}${p.fullScans.length ? '  ← FULL SCAN' : ''}`, ...p.lines.map((l) => `    ${l}`)]),
    ...a.medidas.map(
      (m) =>
        `  c=${m.concurrency}: página sola ${f(m.pagina)} · página + total (estimated) ${f(m.conTotal)} = ${pct(m.ratio)} · página + total exacto ${f(m.conTotalExacto)} = ${pct(m.ratioExacto)} · ${m.verdict}`,
    ),
  ];
}
