// A burst of wrong logins from one address, with real scrypt parameters, and an administrator
// logging in from another address meanwhile: how long that login takes, beside the same login
// on an idle server, and how much memory the API process reached. The API runs behind a trusted
// "proxy" (TRUST_PROXY=127.0.0.1) so X-Forwarded-For can give the two callers their addresses.
import { readFileSync } from 'node:fs';
import { startServer } from './api.js';

export interface LoginBurst {
  burst: number;
  /** Answers of the burst by status. */
  statuses: Record<string, number>;
  /** The administrator's login alone, then during the burst (ms). */
  idleMs: number;
  duringBurstMs: number;
  /** API process memory (MB): before the burst, and the peak by its end. */
  rssBeforeMb: number;
  rssPeakMb: number;
}

const ATTACKER = '10.66.0.1';
const ADMIN = '10.77.0.1';
const BURST = 100;

/** Resident and peak resident memory of a process, from Linux's /proc. */
export function memoryMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

async function login(origin: string, ip: string, usuario: string, pass: string): Promise<{ status: number; ms: number }> {
  const start = performance.now();
  const res = await fetch(`${origin}/logins/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ usuario, pass }),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - start };
}

export async function measureLoginBurst(databaseUrl: string): Promise<LoginBurst> {
  const server = await startServer('./server.ts', { DATABASE_URL: databaseUrl, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', TRUST_PROXY: '127.0.0.1' });
  try {
    // The first hashes of a process map fresh memory: one untimed login first.
    await login(server.origin, ADMIN, 'admin', 'admin');
    const idle = await login(server.origin, ADMIN, 'admin', 'admin');
    const before = memoryMb(server.pid);
    const burst = Array.from({ length: BURST }, (_, i) => login(server.origin, ATTACKER, `ataque${i}`, 'mal'));
    const admin = await login(server.origin, ADMIN, 'admin', 'admin');
    const answers = await Promise.all(burst);
    if (admin.status !== 200) throw new Error(`login admin durante la ráfaga: HTTP ${admin.status}`);
    const statuses: Record<string, number> = {};
    for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
    return { burst: BURST, statuses, idleMs: idle.ms, duringBurstMs: admin.ms, rssBeforeMb: before.rss, rssPeakMb: memoryMb(server.pid).peak };
  } finally {
    await server.stop();
  }
}

export const describeLoginBurst = (b: LoginBurst) =>
  `ráfaga de ${b.burst} logins erróneos desde una IP (${Object.entries(b.statuses).map(([s, n]) => `${n}×${s}`).join(', ')}): ` +
  `login de otra IP ${b.duringBurstMs.toFixed(0)} ms (en reposo ${b.idleMs.toFixed(0)} ms); RSS ${b.rssBeforeMb.toFixed(0)} → pico ${b.rssPeakMb.toFixed(0)} MB`;
