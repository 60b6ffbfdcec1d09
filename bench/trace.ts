// Which SQL the API really runs for one call of each scenario, session lookup included when it
// happens: the app is built in this process on its own Knex instance and every query it emits is
// recorded. An extra query per request shows up here before it shows up as a ratio.
import { buildApp } from '../api/src/app.js';
import { loadConfig } from '../api/src/config/index.js';
import { createDb } from '../api/src/db/index.js';
import type { Statement } from './scenarios.js';

export interface Trace {
  name: string;
  status: number;
  statements: Statement[];
}

export async function traceQueries(databaseUrl: string, calls: { name: string; path: string }[]): Promise<Trace[]> {
  const config = loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' });
  const db = createDb(config.database);
  const app = await buildApp({ config, db });
  let seen: Statement[] = [];
  db.on('query', (q: { sql: string; bindings?: unknown[] }) => seen.push({ sql: q.sql, params: q.bindings ?? [] }));
  try {
    const login = await app.inject({ method: 'POST', url: '/logins/login', payload: { usuario: 'admin', pass: 'admin' } });
    const cookie = [login.headers['set-cookie']].flat().find((c) => c?.startsWith('aula_sesion='))?.split(';')[0];
    const traces: Trace[] = [];
    const headers = cookie ? { cookie } : {};
    for (const { name, path } of calls) {
      // The call before the recorded one stands for the traffic around it: under load a read
      // reuses the session check another call has just made, and that is what is measured.
      await app.inject({ method: 'GET', url: path, headers });
      const statements: Statement[] = (seen = []);
      const res = await app.inject({ method: 'GET', url: path, headers });
      seen = [];
      traces.push({ name, status: res.statusCode, statements });
    }
    return traces;
  } finally {
    await app.close();
    await db.destroy();
  }
}
