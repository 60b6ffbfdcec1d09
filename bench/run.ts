// `npm run bench`: for each database, fill a scratch copy to scale, start the real API on it,
// and measure each scenario over HTTP and, beside it, the same SQL through the bare driver.
// Figures, not assertions: the targets are printed PASS/FAIL and never fail the run.
import { resolve } from 'node:path';
import { startApiProcess, startCeilingProcess, type ApiUnderTest } from './api.js';
import { openPg, openSqlite, type Driver } from './driver.js';
import { explain } from './explain.js';
import { describeApertura, measureApertura } from './apertura.js';
import { describeBusqueda, measureBusqueda } from './busqueda.js';
import { describeExport, measureExport } from './exportacion.js';
import { describeInclude, measureInclude } from './include.js';
import { fill, targetFor, type Target } from './fill.js';
import { httpLoad } from './http.js';
import { INFORMES, informePath, timeWholePage, type InformeTraced } from './informes.js';
import { closedLoop } from './load.js';
import { describeLoginBurst, measureLoginBurst } from './login.js';
import { parseOptions, type Options } from './options.js';
import { measureSides, type Load } from './measure.js';
import { judge, judgePage, planVerdict, printPlans, printTable, writeJson, type DbReport, type Measurement } from './report.js';
import { buildHistorialScenarios, buildScenarios, type Scenario, type Statement } from './scenarios.js';
import { describeHistorial, HISTORIAL_FILAS, fillHistorial, objetivoHistorial } from './historial.js';
import type { Figures } from './stats.js';
import { describeSubida, measureSubida, type SubidaMedida } from './subida.js';
import { traceQueries, type Trace } from './trace.js';
import { describeWorkers, measureWorkers } from './workers.js';
import { measureRemision, type RemisionMedida } from './verifactu.js';
import { measureEventos, type EventosMedida } from './eventos.js';
import { measureEmitir, type EmitirMedida } from './emitir.js';
import { measureCorreo, type CorreoMedida } from './correo.js';
import { measurePerfiles } from './perfil.js';

const CONCURRENCIES = [1, 16];
const log = (m: string) => console.log(m);

/** One API call, checked, before anything is timed: a 401 measured fast is worthless. */
async function checkAnswer(api: ApiUnderTest, { name, path, check }: Scenario) {
  const res = await fetch(api.origin + path(), { headers: api.headers });
  const body = await res.json().catch(() => undefined);
  const problem = res.ok ? check(body) : `HTTP ${res.status} ${JSON.stringify(body)}`;
  if (problem) throw new Error(`${name}: ${problem}`);
}

// Headers of the connection or of the framework, not work a server of this product must do.
const NOT_MANDATORY = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding', 'vary']);

/** The ceiling must do the work the API must (issue 31): each header the API sends, it sends too. */
async function checkSameHeaders(api: ApiUnderTest, ceiling: ApiUnderTest, { name, path }: Scenario) {
  const url = path();
  const [a, c] = await Promise.all([api, ceiling].map((s) => fetch(s.origin + url, { headers: s.headers }).then(async (r) => (await r.arrayBuffer(), r.headers))));
  const missing = [...a.keys()].filter((h) => !NOT_MANDATORY.has(h) && !c.has(h));
  if (missing.length) throw new Error(`${name}: el techo no envía ${missing.join(', ')}, que la API sí`);
}

function logMeasurement(m: Measurement) {
  const side = (label: string, f?: Figures) => (f ? `${label} ${f.rps.toFixed(0)} req/s p99 ${f.p99.toFixed(2)} ms` : '');
  log(`${m.scenario} c=${m.concurrency}: ${side('API', m.api)} ${side('· techo HTTP', m.ceiling)} ${side('· techo Fastify', m.fastify)} ${side('· driver', m.driver)} ${m.verdicts.join(', ')}`);
}

/** Each scenario's plans: the driver's statements and those the API ran for it (`traces`, in the same order). */
async function planScenarios(driver: Driver, scenarios: Scenario[], traces: Trace[], report: DbReport) {
  for (const [i, s] of scenarios.entries()) {
    const plans = await Promise.all((await s.plans()).map((st) => explain(driver, st)));
    const { status, statements } = traces[i];
    const api = await Promise.all(statements.map((st) => explain(driver, st)));
    report.plans.push({ scenario: s.name, plans, api: { status, queries: statements.length, plans: api }, verdict: planVerdict([...plans, ...api]) });
  }
}

/**
 * Plans of every statement measured, the driver's and the API's (recorded for one call of each
 * scenario and each informe). Returns the informes the API answered, with their statements.
 */
async function explainAll(target: Target, driver: Driver, scenarios: Scenario[], report: DbReport, now: Date): Promise<InformeTraced[]> {
  const informeCalls = INFORMES.map((name) => ({ name: `informe ${name}`, path: informePath(name, now) }));
  const traces = await traceQueries(target.url, [...scenarios.map((s) => ({ name: s.name, path: s.path() })), ...informeCalls]);
  const apiPlans = (statements: Statement[]) => Promise.all(statements.map((st) => explain(driver, st)));
  await planScenarios(driver, scenarios, traces, report);
  const informes: InformeTraced[] = [];
  for (const [j, call] of informeCalls.entries()) {
    const { status, statements } = traces[scenarios.length + j];
    if (status !== 200) {
      log(`${call.name}: HTTP ${status}, no se mide`);
      continue;
    }
    const api = await apiPlans(statements);
    report.plans.push({ scenario: call.name, plans: [], api: { status, queries: statements.length, plans: api }, verdict: planVerdict(api) });
    // The driver replays the report's own statements; the session lookup is the API's overhead.
    informes.push({ name: INFORMES[j], path: call.path, statements: statements.filter((st) => !/\bsesiones\b/.test(st.sql)) });
  }
  printPlans(report);
  return informes;
}

/** The ceiling on node:http and the same work in a bare Fastify (ceiling.ts). */
interface Ceilings {
  node: ApiUnderTest;
  fastify: ApiUnderTest;
}

/**
 * Every HTTP measurement against the running API, the driver's beside each scenario, and for the
 * page of pagos (the call with a target) the bare-HTTP ceiling between the two.
 */
/** The loads measured against the API under test, the ceilings and the driver, each recorded as it is judged. */
function loadsFor(api: ApiUnderTest, report: DbReport) {
  const record = (m: Measurement) => {
    report.measurements.push(m);
    logMeasurement(m);
  };
  // When the load generator stops, the API still works through the calls it had accepted; a
  // slow informe can leave seconds of them. One more call that waits for the database (queued
  // behind them on SQLite's single connection) keeps that backlog out of the next measurement.
  const settle = () => fetch(`${api.origin}/pagos/count?where=${encodeURIComponent('{"id":1}')}`, { headers: api.headers }).then((r) => r.arrayBuffer());
  const viaHttp = (path: () => string, c: number, server = api): Load => async (t, rec) => {
    const seconds = await httpLoad(server.origin, path, server.headers, c, t, rec);
    if (server === api) await settle();
    return seconds;
  };
  const direct = (call: () => Promise<unknown>, c: number): Load => (t, rec) => closedLoop(call, c, t, rec);
  return { record, viaHttp, direct };
}

/**
 * The /ping floor, then each scenario at each concurrency: API and driver and, for a scenario with
 * a ceiling, both ceilings, in alternating slices. `targets`: the ceiling's targets (issue 13)
 * judged, or only its ratios printed; `extra` adds a scenario's own target.
 */
async function measureScenarios(api: ApiUnderTest, ceilings: Ceilings, scenarios: Scenario[], report: DbReport, duration: number, { targets = true, extra = (m: Measurement) => m } = {}) {
  const { record, viaHttp, direct } = loadsFor(api, report);
  // The floor: what this machine and load generator reach on a route that does no work.
  for (const c of CONCURRENCIES) {
    const [floor] = await measureSides(duration, [viaHttp(() => '/ping', c, { ...api, headers: {} })]);
    record(judge('GET /ping (suelo HTTP)', false, c, floor));
  }
  for (const s of scenarios) {
    for (const c of CONCURRENCIES) {
      const top = s.ceiling ? [viaHttp(s.path, c, ceilings.node), viaHttp(s.path, c, ceilings.fastify)] : [];
      const [a, d, ceil, fastify] = await measureSides(duration, [viaHttp(s.path, c), direct(s.direct, c), ...top]);
      record(extra(judge(s.name, targets && s === scenarios[0], c, a, d, ceil, fastify, targets)));
    }
  }
}

async function measureAll(target: Target, api: ApiUnderTest, ceilings: Ceilings, driver: Driver, scenarios: Scenario[], informes: InformeTraced[], report: DbReport, opts: Options) {
  const { record, viaHttp, direct } = loadsFor(api, report);
  await measureScenarios(api, ceilings, opts.onlyTecho ? scenarios.filter((x) => x.ceiling) : scenarios, report, opts.duration);
  if (opts.onlyTecho) return;

  // Opening the list as the admin does: the page and its total together, against the page alone.
  report.apertura = await measureApertura(api, driver, opts.duration, CONCURRENCIES);
  for (const line of describeApertura(report.apertura)) log(line);

  // Typing in the search box of the same list: each keystroke its page and its total.
  report.busqueda = await measureBusqueda(target, driver, opts.duration, CONCURRENCIES);
  for (const line of describeBusqueda(report.busqueda)) log(line);

  // One caller: a report over a year takes long enough that 16 at once only queue behind each
  // other (and a slice of a few seconds would end before any of them answered).
  for (const { name, path, statements } of informes) {
    const [a, d] = await measureSides(opts.duration, [viaHttp(() => path, 1), direct(() => driver.sequence(statements), 1)]);
    record(judge(`informe ${name}`, false, 1, a, d));
  }
  if (informes.length) {
    report.informesPage = judgePage(await timeWholePage(api, driver, informes));
    log(`página de Informes: ${report.informesPage.verdict}`);
  }
}

/**
 * A record's history with a million audit rows, on a scratch database of its own (historial.ts):
 * plans, then the API against the driver and the ceilings, with the «opens at once» target.
 */
async function benchHistorial(target: Target, opts: Options, report: DbReport) {
  log(`\nhistorial de un registro con ${HISTORIAL_FILAS.toLocaleString('es-ES')} filas en logs (${target.dialect}):`);
  const lleno = await fillHistorial(target, HISTORIAL_FILAS, log);
  report.historial = lleno;
  log(describeHistorial(lleno));
  const driver = lleno.target.dialect === 'sqlite' ? openSqlite(lleno.target.driverPath) : openPg(lleno.target.driverPath);
  let api: ApiUnderTest | undefined;
  const ceilings: Partial<Ceilings> = {};
  try {
    const scenarios = await buildHistorialScenarios(driver, [lleno.largo, lleno.corto]);
    const traces = await traceQueries(lleno.target.url, scenarios.map((s) => ({ name: s.name, path: s.path() })));
    const planes: DbReport = { ...report, plans: [] };
    await planScenarios(driver, scenarios, traces, planes);
    printPlans(planes);
    report.plans.push(...planes.plans);
    api = await startApiProcess(lleno.target.url);
    ceilings.node = await startCeilingProcess(lleno.target, api);
    ceilings.fastify = await startCeilingProcess(lleno.target, api, 'fastify');
    for (const s of scenarios) for (const server of [api, ceilings.node, ceilings.fastify]) await checkAnswer(server, s);
    for (const s of scenarios) for (const ceiling of [ceilings.node, ceilings.fastify]) await checkSameHeaders(api, ceiling, s);
    // The ceiling's targets are issue 13's, for the pagos: here its ratios are printed only.
    await measureScenarios(api, ceilings as Ceilings, scenarios, report, opts.duration, { targets: false, extra: objetivoHistorial });
  } finally {
    await api?.stop();
    await ceilings.node?.stop();
    await ceilings.fastify?.stop();
    await driver.close();
  }
}

async function benchDatabase(target: Target, opts: Options, now: Date): Promise<DbReport> {
  if (opts.onlyHistorial) {
    log(`\n## ${target.dialect}`);
    const report: DbReport = { dialect: target.dialect, plans: [], measurements: [] };
    await benchHistorial(target, opts, report);
    return report;
  }
  log(`\n## ${target.dialect}: ${opts.scale} pagos`);
  const filled = await fill(target, opts.scale, opts.keep, log);
  log(filled.reused ? `base reutilizada (${filled.pagos} pagos)` : `llenada en ${filled.fillSeconds.toFixed(1)} s`);

  const report: DbReport = { dialect: target.dialect, fill: filled, plans: [], measurements: [] };
  const runExport = async () => {
    report.exportacion = await measureExport(target.url, filled.pagos);
    log(describeExport(report.exportacion));
  };
  if (opts.onlyExport) {
    await runExport();
    return report;
  }
  if (opts.onlyInclude) {
    report.include = await measureInclude(target.url);
    log(describeInclude(report.include));
    return report;
  }

  const driver: Driver = target.dialect === 'sqlite' ? openSqlite(target.driverPath) : openPg(target.driverPath);
  // The page of pagos with WORKERS=N beside one process; on PostgreSQL, where processes scale.
  const compareWorkers = async (scenarios: Scenario[]) => {
    if (target.dialect !== 'pg') return;
    log(`\nWORKERS=${opts.workers} frente a WORKERS=1, la página de pagos:`);
    report.workers = await measureWorkers(target.url, scenarios[0], opts.workers, opts.duration);
    log(describeWorkers(report.workers));
  };
  if (opts.onlyWorkers) {
    try {
      await compareWorkers(await buildScenarios(driver, now));
      return report;
    } finally {
      await driver.close();
    }
  }
  let api: ApiUnderTest | undefined;
  const ceilings: Partial<Ceilings> = {};
  try {
    if (opts.onlyBusqueda) {
      report.busqueda = await measureBusqueda(target, driver, opts.duration, CONCURRENCIES);
      for (const line of describeBusqueda(report.busqueda)) log(line);
      return report;
    }
    if (opts.onlyApertura) {
      api = await startApiProcess(target.url);
      report.apertura = await measureApertura(api, driver, opts.duration, CONCURRENCIES);
      for (const line of describeApertura(report.apertura)) log(line);
      return report;
    }
    const scenarios = await buildScenarios(driver, now);
    const informes = await explainAll(target, driver, scenarios, report, now);
    api = await startApiProcess(target.url);
    ceilings.node = await startCeilingProcess(target, api);
    ceilings.fastify = await startCeilingProcess(target, api, 'fastify');
    for (const s of scenarios) await checkAnswer(api, s);
    for (const s of scenarios.filter((x) => x.ceiling)) for (const ceiling of [ceilings.node, ceilings.fastify]) {
      await checkAnswer(ceiling, s);
      await checkSameHeaders(api, ceiling, s);
    }
    if (opts.onlyPerfil) {
      report.perfiles = await measurePerfiles({ API: api, techo: ceilings.node }, scenarios, opts.duration, target.dialect, log);
      return report;
    }
    await measureAll(target, api, ceilings as Ceilings, driver, scenarios, informes, report, opts);
    if (opts.onlyTecho) return report;
    await api.stop();
    api = undefined;
    await compareWorkers(scenarios);
    report.loginBurst = await measureLoginBurst(target.url);
    log(describeLoginBurst(report.loginBurst));
    await runExport();
    log(`\nremisión VeriFactu: ${opts.registrosVerifactu} registros a la AEAT local`);
    report.verifactu = await measureRemision(target, opts.registrosVerifactu, log);
    await benchHistorial(target, opts, report);
    return report;
  } finally {
    await api?.stop();
    await ceilings.node?.stop();
    await ceilings.fastify?.stop();
    await driver.close();
  }
}

const opts = parseOptions(process.argv.slice(2));
const now = new Date();
const reports: DbReport[] = [];
// --only verifactu: the remission alone, on a scratch database of its own (no fill to scale).
if (opts.onlyVerifactu) {
  const medidas: Record<string, RemisionMedida> = {};
  for (const dialect of opts.dbs) {
    log(`\n## remisión VeriFactu (${dialect}): ${opts.registrosVerifactu} registros pendientes, a la AEAT local`);
    medidas[dialect] = await measureRemision(targetFor(dialect, opts.pgServer, opts.pgDatabase), opts.registrosVerifactu, log);
  }
  const out = resolve('data/bench-verifactu.json');
  writeJson(out, { date: now.toISOString(), verifactu: medidas }, []);
  log(`\nJSON: ${out}`);
  process.exit(0);
}
// --only eventos: live streams on a scratch schema of their own (no fill to scale), PostgreSQL only.
if (opts.onlyEventos) {
  const medidas: Record<string, EventosMedida | undefined> = {};
  for (const dialect of opts.dbs) medidas[dialect] = await measureEventos(targetFor(dialect, opts.pgServer, opts.pgDatabase), log);
  const out = resolve('data/bench-eventos.json');
  writeJson(out, { date: now.toISOString(), eventos: medidas }, []);
  log(`\nJSON: ${out}`);
  process.exit(0);
}
// --only emitir: issuing invoices on a scratch database with the demo data (no fill to scale).
if (opts.onlyEmitir) {
  const medidas: Record<string, EmitirMedida> = {};
  for (const dialect of opts.dbs) {
    log(`\n## emitir y facturar (${dialect})`);
    medidas[dialect] = await measureEmitir(targetFor(dialect, opts.pgServer, opts.pgDatabase), opts.duration, log);
  }
  const out = resolve('data/bench-emitir.json');
  writeJson(out, { date: now.toISOString(), emitir: medidas }, []);
  log(`\nJSON: ${out}`);
  process.exit(0);
}
// --only correo: the outbox end to end on a scratch database with the demo data (no fill to scale).
if (opts.onlyCorreo) {
  const medidas: Record<string, CorreoMedida> = {};
  for (const dialect of opts.dbs) {
    log(`\n## correo (${dialect}): ${opts.correos} facturas emitidas, en cola y entregadas a un servidor SMTP local`);
    medidas[dialect] = await measureCorreo(targetFor(dialect, opts.pgServer, opts.pgDatabase), opts.correos, log);
  }
  const out = resolve('data/bench-correo.json');
  writeJson(out, { date: now.toISOString(), correo: medidas }, []);
  log(`\nJSON: ${out}`);
  process.exit(0);
}
// --only workers compares processes on PostgreSQL only: SQLite has one writer for all of them.
for (const dialect of opts.onlyWorkers ? opts.dbs.filter((d) => d === 'pg') : opts.dbs) {
  reports.push(await benchDatabase(targetFor(dialect, opts.pgServer, opts.pgDatabase), opts, now));
}
printTable(reports);
// Uploads depend on the store, not the database: measured once, on the first database benched.
const subidas: SubidaMedida[] = [];
if (opts.subidaMb > 0 && !opts.onlyExport && !opts.onlyWorkers && !opts.onlyApertura && !opts.onlyBusqueda && !opts.onlyTecho && !opts.onlyPerfil && !opts.onlyInclude && !opts.onlyHistorial) {
  log(`\n## subida de un vídeo de ${opts.subidaMb} MB (tus), frente a escribir lo mismo directamente`);
  const target = targetFor(opts.dbs[0], opts.pgServer, opts.pgDatabase);
  subidas.push(await measureSubida(target.url, opts.subidaMb));
  if (opts.s3) {
    const claves = { accessKeyId: process.env.S3_ACCESS_KEY_ID ?? '', secretAccessKey: process.env.S3_SECRET_ACCESS_KEY ?? '' };
    subidas.push(await measureSubida(target.url, opts.subidaMb, { url: opts.s3, ...claves }));
  }
  for (const s of subidas) log(describeSubida(s));
}
// --only historial writes its own file: the full run's data/bench-results.json stays as it was.
const out = resolve(opts.onlyHistorial ? 'data/bench-historial.json' : opts.onlyPerfil ? 'data/bench-perfil.json' : 'data/bench-results.json');
writeJson(out, { date: now.toISOString(), scale: opts.scale, duration: opts.duration, subidas }, reports);
log(`\nJSON: ${out}`);
