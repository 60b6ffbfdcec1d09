// A record's history with 1 000 000 audit rows in `logs` (issue 24, docs/arquitectura.md §17), on
// a scratch database of its own beside the big one: the demo (its catalogue and admin / admin),
// then the rows through seedHistorial's bulk inserts. Measured as the other scenarios are
// (run.ts): `GET /R/{id}/historial` as the admin's Historial tab opens it, for the curso with the
// longest history and a usuario with a few rows, beside the same SQL through the bare driver and
// the HTTP ceiling. «Opens at once» is read as p95 under 100 ms at concurrency 1.
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../api/src/config/index.js';
import { createDb } from '../api/src/db/index.js';
import { prepareDatabase } from '../api/src/preparacion.js';
import { sembrarDemo } from '../seeds/prepare.js';
import { seedHistorial, type HistorialDe } from '../seeds/scale.js';
import { baseDePrueba, type Target } from './fill.js';
import type { Measurement } from './report.js';

export const HISTORIAL_FILAS = 1_000_000;
export const HISTORIAL_P95_MS = 100;

export interface HistorialLleno {
  /** The scratch database: the API's URL and where the bare driver and the ceiling connect. */
  target: Target;
  filas: number;
  largo: HistorialDe;
  corto: HistorialDe;
  segundos: number;
}

/** The scratch database `historial` (data/bench-historial.sqlite, or that schema on PostgreSQL), filled anew. */
export async function fillHistorial(target: Target, filas: number, log: (m: string) => void): Promise<HistorialLleno> {
  const url = await baseDePrueba(target, 'historial');
  const config = loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent' });
  const db = createDb(config.database);
  try {
    const t0 = performance.now();
    await prepareDatabase(db, config, { log: () => {}, demo: sembrarDemo });
    const { largo, corto } = await seedHistorial(db, filas, { log: (m) => log(`  ${m}`) });
    // As after fill.ts's load: production PostgreSQL has statistics. Only these tables: the
    // database's other schemas (the big bench's) are not this fill's to vacuum.
    if (target.dialect === 'pg') await db.raw('VACUUM ANALYZE logs, logins');
    // The bare driver and the ceiling are no Knex: on PostgreSQL the schema goes in as the search_path.
    const driverPath = target.dialect === 'sqlite' ? url.slice('sqlite:'.length) : pgConSchema(url);
    return { target: { dialect: target.dialect, url, driverPath }, filas, largo, corto, segundos: (performance.now() - t0) / 1000 };
  } finally {
    await db.destroy();
  }
}

function pgConSchema(url: string): string {
  const u = new URL(url);
  const schema = u.searchParams.get('schema')!;
  u.searchParams.delete('schema');
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

/** The target beside the ratios: p95 at concurrency 1; at 16 the p95 is printed, not judged. */
export function objetivoHistorial(m: Measurement): Measurement {
  const p95 = `p95 ${m.api.p95.toFixed(1)} ms`;
  m.verdicts.push(m.concurrency === 1 ? `abre al instante (p95 < ${HISTORIAL_P95_MS} ms a c=1): ${p95} ${m.api.p95 < HISTORIAL_P95_MS ? 'PASS' : 'FAIL'}` : `${p95} (solo informativo)`);
  return m;
}

export const describeHistorial = (h: HistorialLleno) =>
  `historial (${h.target.dialect}): ${h.filas.toLocaleString('es-ES')} filas en logs, base llenada en ${h.segundos.toFixed(1)} s; ` +
  `historial largo ${h.largo.recurso}/${h.largo.id} (${h.largo.filas} filas de la carga), corto ${h.corto.recurso}/${h.corto.id} (${h.corto.filas})`;
