// Every pago exported at once (GET /pagos.csv, the Pagos list's «Exportar» with no filter): how
// fast the rows leave, and how much memory the API process reached doing it. The API runs in a
// process of its own, so the peak resident memory (VmHWM) is its own; one small export first
// maps the code and the cursor's memory, and then the peak is reset, so that what is reported
// is the export's own peak and not the start-up's.
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { startApiProcess } from './api.js';
import { memoryMb } from './login.js';

export interface Exportacion {
  filas: number;
  megabytes: number;
  segundos: number;
  filasPorSegundo: number;
  /** API process memory (MB): resident before the export, and the peak by its end. */
  rssBeforeMb: number;
  rssPeakMb: number;
}

/** Reads the whole answer as it arrives, keeping nothing: its lines and bytes. */
async function drain(res: Response): Promise<{ lines: number; bytes: number }> {
  let lines = 0;
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
  }
  return { lines, bytes };
}

export async function measureExport(databaseUrl: string, pagos: number): Promise<Exportacion> {
  const api = await startApiProcess(databaseUrl);
  try {
    const get = (query = '') => fetch(`${api.origin}/pagos.csv${query}`, { headers: api.headers });
    await drain(await get(`?filter=${encodeURIComponent('{"limit":1000}')}`));
    // Linux: writing 5 to clear_refs sets the peak resident memory back to the current one.
    writeFileSync(`/proc/${api.pid}/clear_refs`, '5');
    const before = memoryMb(api.pid);
    const start = performance.now();
    const res = await get();
    if (!res.ok) throw new Error(`GET /pagos.csv: HTTP ${res.status} ${await res.text()}`);
    const { lines, bytes } = await drain(res);
    const segundos = (performance.now() - start) / 1000;
    const filas = lines - 1; // the header
    if (filas !== pagos) throw new Error(`GET /pagos.csv: ${filas} filas, la base tiene ${pagos} pagos`);
    return { filas, megabytes: bytes / 1e6, segundos, filasPorSegundo: filas / segundos, rssBeforeMb: before.rss, rssPeakMb: memoryMb(api.pid).peak };
  } finally {
    await api.stop();
  }
}

export const describeExport = (e: Exportacion) =>
  `exportación de todos los pagos (GET /pagos.csv): ${e.filas.toLocaleString('es-ES')} filas, ${e.megabytes.toFixed(0)} MB en ${e.segundos.toFixed(1)} s ` +
  `(${e.filasPorSegundo.toFixed(0)} filas/s); RSS ${e.rssBeforeMb.toFixed(0)} → pico ${e.rssPeakMb.toFixed(0)} MB`;
