// The figures as a markdown table on the console and as JSON in data/bench-results.json, with
// each target (docs/arquitectura.md §10) judged beside the figure it is about.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Plan } from './explain.js';
import { describeRemision, type RemisionMedida } from './verifactu.js';
import type { Dialect, FillInfo } from './fill.js';
import type { PageTiming } from './informes.js';
import { describeApertura, type Apertura } from './apertura.js';
import { describeBusqueda, type Busqueda } from './busqueda.js';
import { describeExport, type Exportacion } from './exportacion.js';
import { describeHistorial, type HistorialLleno } from './historial.js';
import { describeInclude, type IncludeAnidado } from './include.js';
import { describeLoginBurst, type LoginBurst } from './login.js';
import type { Perfil } from './perfil.js';
import type { Figures } from './stats.js';
import { describeWorkers, type WorkersComparison } from './workers.js';

// Issue 2: on the page query at concurrency 16, ≥60% of the driver's req/s and p99 ≤ 3× its p99.
// Issue 4: the whole Informes page within 2× the bare SQL's time.
// Issue 31 (after issue 13): page, get-by-id and page + usuario at concurrency 16, ≥85% of the req/s
// of a ceiling that does what any secure server must (ceiling.ts), and p99 ≤ 2× its p99.
export const TARGETS = { pageThroughput: 0.6, p99At16: 3, informesPage: 2, ceilingThroughput: 0.85, ceilingP99: 2 } as const;

export interface Measurement {
  scenario: string;
  concurrency: number;
  api: Figures;
  /** Absent for calls with no driver equivalent (the /ping floor). */
  driver?: Figures;
  /** The bare-HTTP ceiling (ceiling.ts), for the calls it serves. */
  ceiling?: Figures;
  /** The ceiling's work in a bare Fastify: the framework's own share of the API's distance. */
  fastify?: Figures;
  /** API requests/s ÷ driver requests/s. */
  rpsRatio?: number;
  /** API p99 ÷ driver p99. */
  p99Ratio?: number;
  /** API requests/s ÷ ceiling requests/s: the share of what HTTP allows that the API reaches. */
  ceilingRatio?: number;
  /** API p99 ÷ ceiling p99. */
  ceilingP99Ratio?: number;
  /** Bare Fastify requests/s ÷ ceiling requests/s. */
  fastifyRatio?: number;
  /** Ceiling requests/s ÷ driver requests/s: what a server doing only HTTP, the query and JSON reaches here. */
  ceilingDriverRatio?: number;
  verdicts: string[];
}

export interface ScenarioPlans {
  scenario: string;
  /** The hand-written SQL the driver runs. */
  plans: Plan[];
  /** What the API ran for one call (session lookup included), and the plans of its SELECTs. */
  api: { status: number; queries: number; plans: Plan[] };
  verdict: string;
}

export interface DbReport {
  dialect: Dialect;
  /** The big database filled to scale; absent when only a scratch database was measured (--only historial). */
  fill?: FillInfo;
  plans: ScenarioPlans[];
  measurements: Measurement[];
  /** Every informe once, one after another, API against bare SQL. */
  informesPage?: PageTiming & { ratio: number; verdict: string };
  loginBurst?: LoginBurst;
  exportacion?: Exportacion;
  include?: IncludeAnidado;
  /** The page of pagos with WORKERS=N against one process (PostgreSQL). */
  workers?: WorkersComparison;
  /** The pagos list opened as the admin opens it: page + total against the page alone. */
  apertura?: Apertura;
  /** The remission of the VeriFactu records to the local AEAT. */
  verifactu?: RemisionMedida;
  /** Search-as-you-type on the pagos list, keystroke by keystroke. */
  busqueda?: Busqueda;
  /** The scratch database of a million audit rows whose histories were measured (historial.ts). */
  historial?: HistorialLleno;
  /** CPU per request and where it goes, per scenario with a ceiling: the API's and the ceiling's (--only perfil). */
  perfiles?: Record<string, Record<string, Perfil>>;
}

const mark = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

/** Ratios and PASS/FAIL for one scenario at one concurrency; `ceilingTargets` false: the ceiling's ratios without issue 13's targets. */
export function judge(scenario: string, isPage: boolean, concurrency: number, api: Figures, driver?: Figures, ceiling?: Figures, fastify?: Figures, ceilingTargets = true): Measurement {
  const m: Measurement = { scenario, concurrency, api, driver, ceiling, fastify, verdicts: [] };
  if (api.errors) m.verdicts.push(`${api.errors} errores API`);
  if (!driver) return m;
  if (driver.errors) m.verdicts.push(`${driver.errors} errores driver`);
  m.rpsRatio = api.rps / driver.rps;
  m.p99Ratio = api.p99 / driver.p99;
  if (ceiling) {
    if (ceiling.errors) m.verdicts.push(`${ceiling.errors} errores techo`);
    m.ceilingRatio = api.rps / ceiling.rps;
    m.ceilingP99Ratio = api.p99 / ceiling.p99;
    m.ceilingDriverRatio = ceiling.rps / driver.rps;
    if (fastify) m.fastifyRatio = fastify.rps / ceiling.rps;
  }
  // The targets are for calls under load; at concurrency 1 the HTTP round trip alone (the /ping
  // floor) is longer than the driver's whole call, so the ratios there are printed only.
  if (concurrency !== 16) return m;
  if (isPage) {
    m.verdicts.push(`req/s≥${TARGETS.pageThroughput * 100}% del driver ${mark(m.rpsRatio >= TARGETS.pageThroughput)}`);
    m.verdicts.push(`p99≤${TARGETS.p99At16}× driver ${mark(m.p99Ratio <= TARGETS.p99At16)}`);
  }
  if (ceilingTargets && m.ceilingRatio !== undefined && m.ceilingP99Ratio !== undefined) {
    m.verdicts.push(`req/s≥${TARGETS.ceilingThroughput * 100}% del techo ${mark(m.ceilingRatio >= TARGETS.ceilingThroughput)}`);
    m.verdicts.push(`p99≤${TARGETS.ceilingP99}× techo ${mark(m.ceilingP99Ratio <= TARGETS.ceilingP99)}`);
    m.verdicts.push(`techo ${ratio(m.ceilingDriverRatio, true)} del driver, Fastify vacío ${ratio(m.fastifyRatio, true)} del techo`);
  }
  return m;
}

export function judgePage(t: PageTiming): NonNullable<DbReport['informesPage']> {
  const ratio = t.apiSeconds / t.driverSeconds;
  const verdict = `API ${t.apiSeconds.toFixed(3)} s · SQL ${t.driverSeconds.toFixed(3)} s · ${ratio.toFixed(2)}× (≤${TARGETS.informesPage}× ${mark(ratio <= TARGETS.informesPage)}; mediana de ${t.rounds})`;
  return { ...t, ratio, verdict };
}

// The tables the scale fills (logs: historial.ts); a scan of a handful of rows (sesiones, logins) is not a finding.
const SCALED = /\b(pagos|usuarios|facturas|logs)\b/;

export function planVerdict(plans: Plan[]): string {
  const scans = plans.flatMap((p) => p.fullScans).map((s) => s.trim());
  const big = scans.filter((s) => SCALED.test(s));
  const small = scans.filter((s) => !SCALED.test(s));
  const note = small.length ? ` (tabla pequeña: ${small.join('; ')})` : '';
  return big.length ? `FAIL full scan: ${big.join('; ')}${note}` : `PASS sin full scan${note}`;
}

const rps = (f?: Figures) => (f ? f.rps.toFixed(0) : '—');
const ms = (v?: number) => (v === undefined || Number.isNaN(v) ? '—' : v < 10 ? v.toFixed(2) : v.toFixed(1));
const ratio = (v?: number, pct = false) => (v === undefined ? '—' : pct ? `${(v * 100).toFixed(0)}%` : `${v.toFixed(2)}×`);

export function printPlans(report: DbReport) {
  console.log(`\n### Planes de consulta (${report.dialect})`);
  const show = (plan: Plan) => {
    console.log(`  ${plan.sql}`);
    for (const line of plan.lines) console.log(`    ${line}`);
    if (plan.sorts.length) console.log(`    nota: ordena todas las filas que cumplen el where antes del LIMIT`);
  };
  for (const { scenario, plans, api, verdict } of report.plans) {
    console.log(`\n${scenario}: ${verdict}`);
    if (plans.length) {
      console.log(' SQL del driver:');
      plans.forEach(show);
    }
    console.log(` SQL de la API (HTTP ${api.status}, ${api.queries} consultas por petición):`);
    api.plans.forEach(show);
  }
}

export function printTable(reports: DbReport[]) {
  console.log('\n## Resultados (ms; req/s; ratio = API ÷ driver; techo = node:http + driver, sin la API; Fastify vacío = lo mismo en un Fastify sin nada registrado)\n');
  console.log('| db | escenario | c | API req/s | API p50 | API p95 | API p99 | techo req/s | techo p50 | techo p99 | Fastify vacío req/s | drv req/s | drv p50 | drv p99 | req/s API/drv | p99 API/drv | API/techo | p99 API/techo | Fastify vacío/techo | objetivos |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of reports) {
    for (const m of r.measurements) {
      const d = m.driver;
      console.log(
        `| ${r.dialect} | ${m.scenario} | ${m.concurrency} | ${rps(m.api)} | ${ms(m.api.p50)} | ${ms(m.api.p95)} | ${ms(m.api.p99)} | ${rps(m.ceiling)} | ${ms(m.ceiling?.p50)} | ${ms(m.ceiling?.p99)} | ${rps(m.fastify)} | ${rps(d)} | ${ms(d?.p50)} | ${ms(d?.p99)} | ${ratio(m.rpsRatio, true)} | ${ratio(m.p99Ratio)} | ${ratio(m.ceilingRatio, true)} | ${ratio(m.ceilingP99Ratio)} | ${ratio(m.fastifyRatio, true)} | ${m.verdicts.join(', ')} |`,
      );
    }
  }
  console.log('');
  for (const r of reports) {
    if (r.fill) {
      const fill = r.fill.reused
        ? `reutilizada (--keep; llenado original ${r.fill.fillSeconds.toFixed(1)} s)`
        : `llenada en ${r.fill.fillSeconds.toFixed(1)} s (seedScale ${r.fill.seedScaleSeconds.toFixed(1)} s)`;
      console.log(`${r.dialect}: ${r.fill.pagos} pagos, ${fill}`);
    } else console.log(`${r.dialect}:`);
    for (const p of r.plans) console.log(`  ${p.scenario}: ${p.api.queries} consultas SQL por petición; plan ${p.verdict}`);
    if (r.informesPage) console.log(`  página de Informes (todos, uno tras otro): ${r.informesPage.verdict}`);
    if (r.apertura) for (const line of describeApertura(r.apertura)) console.log(`  ${line}`);
    if (r.busqueda) for (const line of describeBusqueda(r.busqueda)) console.log(`  ${line}`);
    if (r.loginBurst) console.log(`  ${describeLoginBurst(r.loginBurst)}`);
    if (r.exportacion) console.log(`  ${describeExport(r.exportacion)}`);
    if (r.include) console.log(`  ${describeInclude(r.include)}`);
    if (r.workers) console.log(`  ${describeWorkers(r.workers)}`);
    if (r.verifactu) console.log(`  ${describeRemision(r.dialect, r.verifactu)}`);
    if (r.historial) console.log(`  ${describeHistorial(r.historial)}`);
  }
}

export function writeJson(file: string, meta: object, reports: DbReport[]) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ ...meta, targets: TARGETS, databases: reports }, null, 2));
}
