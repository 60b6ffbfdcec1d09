// The request that once multiplied rows: usuarios, their pagos, each pago's usuario and
// that usuario's pagos again, a page of 1 000. How long the API takes to answer it, how much
// memory its process reaches (VmHWM, reset after a warm-up, as the export's measurement does),
// and how long a /ping sent meanwhile waits. A run that does not answer within the limit is
// killed, and reported as at least that long and at least that much memory.
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { startApiProcess } from './api.js';
import { memoryMb } from './login.js';

export interface IncludeAnidado {
  status: number | 'sin respuesta';
  segundos: number;
  bytes: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  /** The /ping sent half a second after the request, or undefined when it had not answered by the end. */
  pingMs?: number;
}

export const INCLUDE_ANIDADO = `/usuarios?filter=${encodeURIComponent(
  JSON.stringify({ include: [{ relation: 'pagos', scope: { include: [{ relation: 'usuario', scope: { include: ['pagos'] } }] } }], limit: 1000 }),
)}`;

export async function measureInclude(databaseUrl: string, limiteSegundos = 180): Promise<IncludeAnidado> {
  const api = await startApiProcess(databaseUrl);
  let colgada = false;
  try {
    await (await fetch(`${api.origin}/usuarios?filter=${encodeURIComponent('{"limit":10,"include":["pagos"]}')}`, { headers: api.headers })).arrayBuffer();
    writeFileSync(`/proc/${api.pid}/clear_refs`, '5');
    const before = memoryMb(api.pid);
    let peak = before.peak;
    const muestreo = setInterval(() => {
      peak = Math.max(peak, memoryMb(api.pid).peak);
    }, 200);
    const start = performance.now();
    let pingMs: number | undefined;
    const ping = new Promise((r) => setTimeout(r, 500)).then(async () => {
      const t0 = performance.now();
      await (await fetch(`${api.origin}/ping`, { signal: AbortSignal.timeout(limiteSegundos * 1000) })).arrayBuffer();
      pingMs = performance.now() - t0;
    });
    let status: IncludeAnidado['status'] = 'sin respuesta';
    let bytes = 0;
    try {
      const res = await fetch(api.origin + INCLUDE_ANIDADO, { headers: api.headers, signal: AbortSignal.timeout(limiteSegundos * 1000) });
      bytes = (await res.arrayBuffer()).byteLength;
      status = res.status;
    } catch {
      colgada = true;
    }
    const segundos = (performance.now() - start) / 1000;
    await Promise.race([ping.catch(() => undefined), new Promise((r) => setTimeout(r, 1000))]);
    clearInterval(muestreo);
    peak = Math.max(peak, memoryMb(api.pid).peak);
    return { status, segundos, bytes, rssBeforeMb: before.rss, rssPeakMb: peak, pingMs };
  } finally {
    // A process still working through the request would not close: it is killed instead.
    if (colgada) process.kill(api.pid, 'SIGKILL');
    else await api.stop();
  }
}

export const describeInclude = (r: IncludeAnidado, limiteSegundos = 180) =>
  r.status === 'sin respuesta'
    ? `include anidado (GET ${decodeURIComponent(INCLUDE_ANIDADO)}): sin respuesta en ${limiteSegundos} s (> ${limiteSegundos} s), RSS ${r.rssBeforeMb.toFixed(0)} → pico ≥ ${r.rssPeakMb.toFixed(0)} MB; /ping ${r.pingMs === undefined ? 'sin respuesta' : `${r.pingMs.toFixed(0)} ms`}`
    : `include anidado (GET ${decodeURIComponent(INCLUDE_ANIDADO)}): HTTP ${r.status}, ${(r.bytes / 1e6).toFixed(1)} MB en ${r.segundos.toFixed(2)} s; RSS ${r.rssBeforeMb.toFixed(0)} → pico ${r.rssPeakMb.toFixed(0)} MB; /ping ${r.pingMs === undefined ? 'sin respuesta' : `${r.pingMs.toFixed(0)} ms`}`;
