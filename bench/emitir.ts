// Issuing invoices (issue 30): `POST /facturas/{id}/emitir` and `POST /pagos/{id}/facturar`, the
// writes that take the serie's counter, the chain and the record in one transaction. Measured two
// ways on a scratch database with the demo data: what one call runs (statements, the locks among
// them and the reads of its factura, recorded in this process as trace.ts does), and how many
// calls a second the API in its own process answers, one caller and four (the serie's counter
// makes them queue: four callers measure the wait, not parallelism).
import { performance } from 'node:perf_hooks';
import { buildApp } from '../api/src/app.js';
import { loadConfig } from '../api/src/config/index.js';
import { createDb, type Db } from '../api/src/db/index.js';
import { prepareDatabase } from '../api/src/preparacion.js';
import { sembrarDemo } from '../seeds/prepare.js';
import { startApiProcess } from './api.js';
import { baseDePrueba, type Target } from './fill.js';
import { Recorder, type Figures } from './stats.js';

/** What one call ran, as the database saw it. */
export interface Traza {
  sentencias: number;
  /** Row locks taken: SELECT … FOR UPDATE / FOR NO KEY UPDATE (PostgreSQL; SQLite locks the whole database). */
  bloqueos: number;
  /** Statements that read the record the action is called on (the factura issued, the pago invoiced), by its id. */
  lecturas: number;
}

export interface EmitirMedida {
  emitir: Traza;
  facturar: Traza;
  /** Calls answered per second and latencies, by concurrency. */
  carga: Record<string, { emitir: Figures; facturar: Figures }>;
}

const SCHEMA = 'emitir';
const ORIGEN = 'http://localhost:8080';
const CONCURRENCIAS = [1, 4];

type Row = Record<string, any>;

/** `n` drafts of complete invoices and `n` completed pagos without one, for the calls to take. */
export async function seedDatos(db: Db, n: number): Promise<{ borradores: number[]; pagos: number[] }> {
  const iso = new Date().toISOString();
  const usuario = (await db('usuarios').whereNotNull('nif').first('id')) as Row;
  const borradores: number[] = [];
  const pagos: number[] = [];
  for (let i = 0; i < n; i += 500) {
    const k = Math.min(500, n - i);
    const filas = Array.from({ length: k }, (_, j) => ({
      serie: 'A', usuarioId: usuario.id, clienteNombre: 'Ana Ibáñez', clienteNif: '12345678Z', clienteDireccion: 'Calle Mayor 1, Madrid',
      concepto: `Curso ${i + j}`, base: 4050, tipoIva: 21, cuotaIva: 851, total: 4901, estado: 'borrador', createdAt: iso, updatedAt: iso,
    }));
    borradores.push(...((await db('facturas').insert(filas).returning('id')) as Row[]).map((r) => Number(typeof r === 'object' ? r.id : r)));
    const sinFactura = Array.from({ length: k }, () => ({ usuarioId: usuario.id, importe: 4901, moneda: 'EUR', metodo: 'tarjeta', estado: 'completado', fecha: iso, createdAt: iso, updatedAt: iso }));
    pagos.push(...((await db('pagos').insert(sinFactura).returning('id')) as Row[]).map((r) => Number(typeof r === 'object' ? r.id : r)));
  }
  return { borradores, pagos };
}

/** One call of each, in this process, every statement recorded. */
async function traceAcciones(url: string, facturaId: number, pagoId: number): Promise<{ emitir: Traza; facturar: Traza }> {
  const config = loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent' });
  const db = createDb(config.database);
  const app = await buildApp({ config, db, remitente: { arrancar: false } });
  let vistas: { sql: string; bindings: unknown[] }[] = [];
  db.on('query', (q: { sql: string; bindings?: unknown[] }) => vistas.push({ sql: q.sql, bindings: q.bindings ?? [] }));
  try {
    const login = await app.inject({ method: 'POST', url: '/logins/login', payload: { usuario: 'admin', pass: 'admin' } });
    const cookie = [login.headers['set-cookie']].flat().find((c) => c?.startsWith('aula_sesion='))!.split(';')[0];
    const call = async (url: string, tabla: string, id: number): Promise<Traza> => {
      vistas = [];
      const res = await app.inject({ method: 'POST', url, headers: { cookie, origin: ORIGEN, 'content-type': 'application/json' }, payload: {} });
      if (res.statusCode !== 200 && res.statusCode !== 204) throw new Error(`${url}: HTTP ${res.statusCode} ${res.body}`);
      const sentencias = vistas;
      const lecturas = sentencias.filter((s) => /^select\b/i.test(s.sql) && new RegExp('from [`"]' + tabla + '[`"]', 'i').test(s.sql) && s.bindings.includes(id)).length;
      return { sentencias: sentencias.length, bloqueos: sentencias.filter((s) => /for (no key )?update/i.test(s.sql)).length, lecturas };
    };
    const emitir = await call(`/facturas/${facturaId}/emitir`, 'facturas', facturaId);
    const facturar = await call(`/pagos/${pagoId}/facturar`, 'pagos', pagoId);
    return { emitir, facturar };
  } finally {
    await app.close();
    await db.destroy();
  }
}

/** `c` callers, each posting to the next id left until none is, or `segundos` pass. */
async function load(origin: string, cookie: Record<string, string>, ruta: (id: number) => string, ids: number[], c: number, segundos: number): Promise<Figures> {
  const recorder = new Recorder();
  const fin = performance.now() + segundos * 1000;
  const inicio = performance.now();
  const llamador = async () => {
    while (ids.length && performance.now() < fin) {
      const id = ids.shift()!;
      const t0 = performance.now();
      const res = await fetch(origin + ruta(id), { method: 'POST', headers: { ...cookie, origin: ORIGEN, 'content-type': 'application/json' }, body: '{}' });
      await res.arrayBuffer();
      if (res.ok) recorder.add(performance.now() - t0);
      else recorder.errors++;
    }
  };
  await Promise.all(Array.from({ length: c }, llamador));
  return recorder.figures((performance.now() - inicio) / 1000);
}

export async function measureEmitir(target: Target, duracion: number, log: (m: string) => void): Promise<EmitirMedida> {
  const url = await baseDePrueba(target, SCHEMA);
  const config = loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent' });
  const db = createDb(config.database);
  try {
    await prepareDatabase(db, config, { log: () => undefined, demo: sembrarDemo });
    // Enough for every slice at the fastest rate seen (a few hundred a second), and the trace.
    const n = Math.max(2000, Math.ceil(duracion * 400 * CONCURRENCIAS.length));
    const { borradores, pagos } = await seedDatos(db, n);
    const traza = await traceAcciones(url, borradores.shift()!, pagos.shift()!);
    log(describeTraza('emitir', traza.emitir));
    log(describeTraza('facturar', traza.facturar));
    const api = await startApiProcess(url);
    const carga: EmitirMedida['carga'] = {};
    try {
      for (const c of CONCURRENCIAS) {
        const emitir = await load(api.origin, api.headers, (id) => `/facturas/${id}/emitir`, borradores, c, duracion);
        const facturar = await load(api.origin, api.headers, (id) => `/pagos/${id}/facturar`, pagos, c, duracion);
        carga[`c${c}`] = { emitir, facturar };
        log(`c=${c}: emitir ${describeCifras(emitir)} · facturar ${describeCifras(facturar)}`);
      }
    } finally {
      await api.stop();
    }
    return { ...traza, carga };
  } finally {
    await db.destroy();
  }
}

const describeTraza = (accion: string, t: Traza) => `una llamada a ${accion}: ${t.sentencias} sentencias, ${t.bloqueos} bloqueos de fila, ${t.lecturas} lecturas por id del registro de la acción`;
const describeCifras = (f: Figures) => `${f.rps.toFixed(0)} llamadas/s p50 ${f.p50.toFixed(1)} ms p95 ${f.p95.toFixed(1)} ms (${f.n}, ${f.errors} errores)`;
