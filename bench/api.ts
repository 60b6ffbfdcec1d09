// Starting the API under test (server.ts in a child process) and logging in to it.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface ApiUnderTest {
  origin: string;
  /** Headers every measured call sends: the session cookie once logged in. */
  headers: Record<string, string>;
  stop(): Promise<void>;
}

export async function startApiProcess(databaseUrl: string): Promise<ApiUnderTest> {
  const child = fork(fileURLToPath(new URL('./server.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    // HOST/PORT/LOG_LEVEL are the API's own settings, read by its loadConfig.
    env: { ...process.env, DATABASE_URL: databaseUrl, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`la API terminó al arrancar (código ${code})`)));
  });
  const origin = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.disconnect();
    });
  try {
    return { origin, headers: await login(origin), stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** The demo administrator's session cookie; no cookie when the API has no auth yet (404). */
async function login(origin: string): Promise<Record<string, string>> {
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
