// Live events (docs/arquitectura.md §17), on PostgreSQL: two API processes on one scratch schema,
// as two machines behind a balancer would be. What 500 idle GET /eventos streams cost in one
// process's resident memory (per stream), and how long a write on one process takes to reach a
// stream held by the other (NOTIFY/LISTEN), from the moment the write is sent and from its answer.
import { request, type ClientRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import { hashPassword } from '../api/src/auth/passwords.js';
import { loadConfig } from '../api/src/config/index.js';
import { createDb } from '../api/src/db/index.js';
import { migrateLatest } from '../migrations/index.js';
import { startServer } from './api.js';
import { baseDePrueba, type Target } from './fill.js';
import { memoryMb } from './login.js';

export interface EventosMedida {
  flujos: number;
  rssAntesMb: number;
  rssDespuesMb: number;
  kbPorFlujo: number;
  escrituras: number;
  /** From sending the write on one process to the event on the other's stream (ms). */
  desdeEnvio: { p50: number; p95: number };
  /** From the write's answer to the event (ms; 0 when the event came first). */
  desdeRespuesta: { p50: number; p95: number };
}

const SCHEMA = 'eventos';
const FLUJOS = 500;
const ESCRITURAS = 200;
/** 100 sessions of 5 tabs each hold 500 streams, all of one account: its cap is raised to hold them. */
const POR_SESION = 5;

const percentil = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];

async function login(origin: string): Promise<string> {
  const res = await fetch(`${origin}/logins/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ usuario: 'admin', pass: 'admin' }) });
  if (!res.ok) throw new Error(`login: HTTP ${res.status}`);
  return res.headers.getSetCookie().find((c) => c.startsWith('aula_sesion='))!.split(';')[0];
}

/** A stream on a connection of its own; `alOir` gets each chunk. Resolves once the headers came. */
function openFlujo(origin: string, cookie: string, alOir: (texto: string) => void = () => {}): Promise<ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}/eventos`, { agent: false, headers: { cookie, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`GET /eventos: HTTP ${res.statusCode}`));
      res.setEncoding('utf8');
      res.on('data', alOir);
      resolve(req);
    });
    req.on('error', reject);
    req.end();
  });
}

export async function measureEventos(target: Target, log: (m: string) => void): Promise<EventosMedida | undefined> {
  if (target.dialect !== 'pg') {
    log('eventos: solo en PostgreSQL (entre procesos van por NOTIFY/LISTEN)');
    return undefined;
  }
  const databaseUrl = await baseDePrueba(target, SCHEMA);
  const env = { DATABASE_URL: databaseUrl, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', WORKERS: '1', SCRYPT_N: '1024', EVENTOS_MAX_POR_CUENTA: String(FLUJOS + 1) };
  const config = loadConfig(env);
  const db = createDb(config.database);
  const servidores: Awaited<ReturnType<typeof startServer>>[] = [];
  const flujos: ClientRequest[] = [];
  try {
    await migrateLatest(db);
    const iso = new Date().toISOString();
    // An administrator of our own: the API then seeds no demo data.
    await db('logins').insert({ usuario: 'admin', pass: await hashPassword('admin', config.scrypt), nombre: 'Administrador', activo: true, createdAt: iso, updatedAt: iso });
    const a = await startServer('./server.ts', env);
    servidores.push(a);
    const b = await startServer('./server.ts', env);
    servidores.push(b);
    const cookieA = await login(a.origin);

    // Memory: B settles, then holds 500 idle streams.
    await new Promise((r) => setTimeout(r, 2000));
    const rssAntesMb = memoryMb(b.pid).rss;
    for (let i = 0; i < FLUJOS / POR_SESION; i++) {
      const cookie = await login(b.origin);
      for (let j = 0; j < POR_SESION; j++) flujos.push(await openFlujo(b.origin, cookie));
    }
    await new Promise((r) => setTimeout(r, 2000));
    const rssDespuesMb = memoryMb(b.pid).rss;

    // Latency: one more stream on B hears writes made on A.
    const llegadas = new Map<number, number>();
    let resto = '';
    flujos.push(
      await openFlujo(b.origin, await login(b.origin), (texto) => {
        const ahora = performance.now();
        resto += texto;
        for (const m of resto.matchAll(/^data: (.*)$/gm)) {
          const d = JSON.parse(m[1]);
          if (d.recurso === 'categorias' && !llegadas.has(d.id)) llegadas.set(d.id, ahora);
        }
        resto = resto.slice(resto.lastIndexOf('\n\n') + 2);
      }),
    );
    const desdeEnvio: number[] = [];
    const desdeRespuesta: number[] = [];
    for (let i = 0; i < ESCRITURAS; i++) {
      const enviada = performance.now();
      const res = await fetch(`${a.origin}/categorias`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: cookieA }, body: JSON.stringify({ nombre: `Bench ${i}` }) });
      const respondida = performance.now();
      const { id } = (await res.json()) as { id: number };
      while (!llegadas.has(id)) {
        if (performance.now() - enviada > 10_000) throw new Error(`el evento de la categoría ${id} no llegó en 10 s`);
        await new Promise((r) => setTimeout(r, 1));
      }
      desdeEnvio.push(llegadas.get(id)! - enviada);
      desdeRespuesta.push(Math.max(0, llegadas.get(id)! - respondida));
    }
    const medida: EventosMedida = {
      flujos: FLUJOS,
      rssAntesMb,
      rssDespuesMb,
      kbPorFlujo: ((rssDespuesMb - rssAntesMb) * 1024) / FLUJOS,
      escrituras: ESCRITURAS,
      desdeEnvio: { p50: percentil(desdeEnvio, 0.5), p95: percentil(desdeEnvio, 0.95) },
      desdeRespuesta: { p50: percentil(desdeRespuesta, 0.5), p95: percentil(desdeRespuesta, 0.95) },
    };
    log(describeEventos(medida));
    return medida;
  } finally {
    for (const f of flujos) f.destroy();
    for (const s of servidores) await s.stop();
    await db.destroy();
  }
}

export const describeEventos = (m: EventosMedida) =>
  `eventos (pg, 2 procesos): ${m.flujos} flujos inactivos, RSS ${m.rssAntesMb.toFixed(0)} → ${m.rssDespuesMb.toFixed(0)} MB, ` +
  `${m.kbPorFlujo.toFixed(1)} KB por flujo; ${m.escrituras} escrituras en un proceso oídas en el otro: ` +
  `desde el envío p50 ${m.desdeEnvio.p50.toFixed(1)} ms p95 ${m.desdeEnvio.p95.toFixed(1)} ms, ` +
  `desde la respuesta p50 ${m.desdeRespuesta.p50.toFixed(1)} ms p95 ${m.desdeRespuesta.p95.toFixed(1)} ms`;
