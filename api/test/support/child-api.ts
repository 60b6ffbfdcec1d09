// The API as a real operating-system process, the way production runs it, so fault tests can
// SIGKILL it or take its database away and observe only what a client sees: HTTP answers.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Config } from '../../src/config/index.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
// The API with the demo data on an empty database, as `npm run dev` runs it.
const entry = fileURLToPath(new URL('../../../scripts/api.ts', import.meta.url));

export interface HttpAnswer<T = any> {
  status: number;
  body: T;
}

export interface ChildApi {
  url: string;
  process: ChildProcess;
  /** Resolves once the process has ended, however it ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything the process wrote to stdout and stderr, for failure messages. */
  output(): string;
  /** A JSON call; rejects only when no HTTP answer arrives (connection refused or reset, timeout). */
  call<T = any>(method: string, path: string, body?: unknown, opts?: { cookie?: string; timeoutMs?: number }): Promise<HttpAnswer<T>>;
  /** Logs in and returns the session cookie to send back. */
  login(usuario?: string, pass?: string): Promise<string>;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** The DATABASE_URL under which the API process reaches the same database as the test. */
export function databaseUrl(database: Config['database']): string {
  if (database.dialect === 'sqlite') return `sqlite:${database.filename}`;
  const url = new URL(database.connectionString!);
  if (database.schema) url.searchParams.set('schema', database.schema);
  return url.toString();
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startChildApi(database: Config['database'], env: Record<string, string> = {}): Promise<ChildApi> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SCRYPT_N: '1024',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl(database),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );

  const call: ChildApi['call'] = async (method, path, body, opts = {}) => {
    const headers: Record<string, string> = {};
    if (opts.cookie) headers.cookie = opts.cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(url + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
    });
    const text = await res.text();
    return { status: res.status, body: res.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : text };
  };

  const api: ChildApi = {
    url,
    process: child,
    exited,
    output: () => output,
    call,
    async login(usuario = 'admin', pass = 'admin') {
      const res = await fetch(`${url}/logins/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ usuario, pass }),
      });
      if (res.status !== 200) throw new Error(`login answered ${res.status}: ${await res.text()}`);
      return res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    },
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };

  // Starting includes migrating and, on an empty database, seeding: allow for a busy machine.
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the API exited while starting (${child.exitCode ?? child.signalCode}):\n${output}`);
    }
    const ready = await call('GET', '/health', undefined, { timeoutMs: 3000 }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) return api;
    if (Date.now() > deadline) {
      await api.kill('SIGKILL');
      throw new Error(`the API did not answer /health with 200 within 45 s:\n${output}`);
    }
    await sleep(100);
  }
}
