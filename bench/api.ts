// Starting the servers under test in child processes: the real API (server.ts), logged in to,
// and the bare-HTTP ceiling (ceiling.ts), on node:http or in a bare Fastify.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Target } from './fill.js';

export interface ApiUnderTest {
  origin: string;
  /** Headers every measured call sends: the session cookie once logged in. */
  headers: Record<string, string>;
  stop(): Promise<void>;
  /** Profiles the server's CPU while `durante` runs (bench/perfil.ts); the answer is the profile's file. */
  perfil?<T>(etiqueta: string, durante: () => Promise<T>): Promise<{ file: string; cpuUs: number; result: T }>;
}

/** A bench server script in its own process, as in production, off the load generator's loop. */
export async function startServer(script: string, env: Record<string, string>): Promise<Omit<ApiUnderTest, 'headers'> & { pid: number }> {
  const child = fork(fileURLToPath(new URL(script, import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`${script} terminó al arrancar (código ${code})`)));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.disconnect();
    });
  const answer = (esperado: string) =>
    new Promise<{ file?: string; cpuUs?: number }>((resolve) => {
      const on = (m: { perfil?: string; file?: string; cpuUs?: number }) => {
        if (m?.perfil !== esperado) return;
        child.off('message', on);
        resolve(m);
      };
      child.on('message', on);
    });
  const perfil = async <T>(etiqueta: string, durante: () => Promise<T>) => {
    const started = answer('started');
    child.send({ perfil: 'start' });
    await started;
    const result = await durante();
    const stopped = answer('stopped');
    child.send({ perfil: 'stop', etiqueta });
    const { file, cpuUs } = await stopped;
    return { file: file!, cpuUs: cpuUs!, result };
  };
  return { origin: `http://127.0.0.1:${port}`, pid: child.pid!, stop, perfil };
}

/** The API, in one process or (`workers` > 1) as a node:cluster of that many, as WORKERS runs it. */
export async function startApiProcess(databaseUrl: string, { workers = 1, env: extra = {} as Record<string, string> } = {}): Promise<ApiUnderTest & { pid: number }> {
  // HOST/PORT/LOG_LEVEL/WORKERS are the API's own settings, read by its loadConfig.
  const env = { DATABASE_URL: databaseUrl, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', WORKERS: String(workers), ...extra };
  const server = await startServer('./server.ts', env);
  try {
    return { ...server, headers: await login(server.origin) };
  } catch (err) {
    await server.stop();
    throw err;
  }
}

/**
 * The ceiling on node:http, or (`fastify`) the same work in a Fastify with nothing registered.
 * It checks the session of the API under test (`api`) in the same database: its calls carry that cookie.
 */
export async function startCeilingProcess(target: Target, api: ApiUnderTest, server: 'node' | 'fastify' = 'node'): Promise<ApiUnderTest> {
  return { ...(await startServer('./ceiling.ts', { BENCH_DIALECT: target.dialect, BENCH_DB: target.driverPath, BENCH_SERVER: server })), headers: api.headers };
}

/** The demo administrator's session cookie; no cookie when the API has no auth yet (404). */
export async function login(origin: string): Promise<Record<string, string>> {
  const res = await fetch(`${origin}/logins/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ usuario: 'admin', pass: 'admin' }),
  });
  if (res.status === 404) return {};
  if (!res.ok) throw new Error(`login admin/admin: HTTP ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('aula_sesion='));
  if (!cookie) throw new Error('login admin/admin: la respuesta no trae la cookie aula_sesion');
  return { cookie: cookie.split(';')[0] };
}
