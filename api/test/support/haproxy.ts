// Debian's haproxy in front of API instances, as README «Producción» describes it: round-robin,
// health checks on /health, X-Forwarded-For. A process of the test's own (never the system
// service), with its configuration and stats socket in a temporary folder.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Config } from '../../src/config/index.js';
import { freePort, startChildApi, type ChildApi } from './child-api.js';

export interface Haproxy {
  url: string;
  /** The stats of each server of the backend, by name: status (UP, DOWN…) and counters. */
  servidores(): Promise<Record<string, Record<string, string>>>;
  /** Resolves once haproxy's health checks have marked the server so. */
  esperarEstado(servidor: string, estado: 'UP' | 'DOWN', timeoutMs?: number): Promise<void>;
  output(): string;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The configuration the README's «Producción» section gives, with these servers. */
export function configuracion(puerto: number, socket: string, servidores: { nombre: string; puerto: number }[]): string {
  return `global
  stats socket ${socket} mode 600 level admin
  maxconn 2000

defaults
  mode http
  option forwardfor
  timeout connect 2s
  timeout client 60s
  # GET /eventos stays open for hours: it sends a line every 15 s, well inside these 60 s of
  # silence, so client and server timeouts never cut it; a tunnel (an upgraded connection) gets an hour.
  timeout server 60s
  timeout tunnel 1h
  # A connection refused (an instance gone, not yet marked down) is retried on another one.
  retries 2
  option redispatch 1
  retry-on conn-failure

frontend aula
  bind 127.0.0.1:${puerto}
  default_backend api

backend api
  balance roundrobin
  option httpchk GET /health
  http-check expect status 200
  default-server check inter 200 fall 2 rise 1
${servidores.map((s) => `  server ${s.nombre} 127.0.0.1:${s.puerto}`).join('\n')}
`;
}

/** `show stat` on the stats socket, as CSV rows keyed by its header. */
async function mostrarEstadisticas(socket: string): Promise<Record<string, string>[]> {
  const texto = await new Promise<string>((resolve, reject) => {
    let datos = '';
    const conexion = connect(socket, () => conexion.end('show stat\n'));
    conexion.setEncoding('utf8');
    conexion.on('data', (d) => (datos += d));
    conexion.on('end', () => resolve(datos));
    conexion.on('error', reject);
  });
  const [cabecera, ...filas] = texto.trim().split('\n');
  const campos = cabecera.replace(/^# /, '').split(',');
  return filas.map((f) => Object.fromEntries(f.split(',').map((v, i) => [campos[i], v])));
}

export async function startHaproxy(servidores: { nombre: string; url: string }[]): Promise<Haproxy> {
  await promisify(execFile)('haproxy', ['-v']).catch(() => {
    throw new Error('haproxy is not installed: apt-get install haproxy (Debian), as .ci/run does');
  });
  const carpeta = await mkdtemp(join(tmpdir(), 'aula-haproxy-'));
  const socket = join(carpeta, 'stats.sock');
  const cfg = join(carpeta, 'haproxy.cfg');
  const puerto = await freePort();
  await writeFile(cfg, configuracion(puerto, socket, servidores.map((s) => ({ nombre: s.nombre, puerto: Number(new URL(s.url).port) }))));
  // -db: in the foreground, so it ends with this test's process and never becomes a daemon.
  const proceso: ChildProcess = spawn('haproxy', ['-f', cfg, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  proceso.stdout!.on('data', (d) => (output += d));
  proceso.stderr!.on('data', (d) => (output += d));
  const terminado = new Promise<void>((resolve) => proceso.once('exit', () => resolve()));

  const servidoresEnStats = async () => {
    const filas = await mostrarEstadisticas(socket);
    return Object.fromEntries(filas.filter((f) => f.pxname === 'api' && f.svname !== 'BACKEND').map((f) => [f.svname, f]));
  };
  const proxy: Haproxy = {
    url: `http://127.0.0.1:${puerto}`,
    servidores: servidoresEnStats,
    async esperarEstado(servidor, estado, timeoutMs = 20_000) {
      const limite = Date.now() + timeoutMs;
      let visto = '';
      while (Date.now() < limite) {
        visto = (await servidoresEnStats())[servidor]?.status ?? '';
        // «UP», or «UP 1/2» while rising; «DOWN», or «DOWN 1/2» while falling.
        if (visto === estado) return;
        await sleep(50);
      }
      throw new Error(`haproxy did not mark ${servidor} ${estado} within ${timeoutMs} ms (last: «${visto}»):\n${output}`);
    },
    output: () => output,
    async stop() {
      if (proceso.exitCode === null && proceso.signalCode === null) proceso.kill('SIGTERM');
      await terminado;
      await rm(carpeta, { recursive: true, force: true });
    },
  };

  const limite = Date.now() + 15_000;
  for (;;) {
    if (proceso.exitCode !== null) throw new Error(`haproxy exited at start (${proceso.exitCode}):\n${output}`);
    const listo = await servidoresEnStats().then(
      (s) => Object.keys(s).length === servidores.length,
      () => false,
    );
    if (listo) break;
    if (Date.now() > limite) {
      await proxy.stop();
      throw new Error(`haproxy did not open its stats socket within 15 s:\n${output}`);
    }
    await sleep(50);
  }
  for (const s of servidores) await proxy.esperarEstado(s.nombre, 'UP');
  return proxy;
}

/**
 * Two API instances on one database behind haproxy, as README «Producción» runs them. One after
 * the other: the first seeds the empty database, the second finds it seeded.
 */
export async function dosInstanciasTrasHaproxy(database: Config['database'], env: Record<string, string>): Promise<{ a: ChildApi; b: ChildApi; proxy: Haproxy }> {
  const a = await startChildApi(database, env);
  const b = await startChildApi(database, env);
  const proxy = await startHaproxy([
    { nombre: 'a', url: a.url },
    { nombre: 'b', url: b.url },
  ]);
  return { a, b, proxy };
}
