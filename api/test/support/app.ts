// The real app on a fresh migrated database (SQLite or PostgreSQL per TEST_DIALECT), with an
// administrator logged in: HTTP tests talk to it through inject(), cookie included.
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type AppOptions } from '../../src/app.js';
import { hashPassword } from '../../src/auth/passwords.js';
import type { Config } from '../../src/config/index.js';
import type { Db } from '../../src/db/index.js';
import { createTestDb, testConfig } from './db.js';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  cookie: string;
  /** A JSON call as the logged-in administrator (pass `cookie: ''` to go without a session). */
  call<T = any>(method: string, url: string, body?: unknown, extra?: { cookie?: string; headers?: Record<string, string> }): Promise<ApiResponse<T>>;
  destroy(): Promise<void>;
}

export async function createTestApp(
  overrides: Record<string, string> = {},
  dialect?: 'sqlite' | 'pg',
  opcionesMedia?: AppOptions['opcionesMedia'],
  remitente?: AppOptions['remitente'],
  registry?: AppOptions['registry'],
  eventos?: AppOptions['eventos'],
  trabajos?: AppOptions['trabajos'],
  informes?: AppOptions['informes'],
): Promise<TestApp> {
  const t = await createTestDb(dialect);
  const config = testConfig(t.database, overrides);
  const app = await buildApp({ config, db: t.db, opcionesMedia, remitente, registry, eventos, trabajos, informes });
  const now = new Date().toISOString();
  await t.db('logins').insert({
    usuario: 'admin',
    pass: await hashPassword('admin', config.scrypt),
    nombre: 'Administrador',
    activo: true,
    createdAt: now,
    updatedAt: now,
  });

  const call: TestApp['call'] = async (method, url, body, extra = {}) => {
    const headers: Record<string, string> = { ...extra.headers };
    const cookie = extra.cookie ?? session;
    if (cookie) headers.cookie = cookie;
    const opts: InjectOptions = { method: method as InjectOptions['method'], url, headers };
    if (body !== undefined) {
      opts.payload = typeof body === 'string' ? body : JSON.stringify(body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await app.inject(opts);
    const text = res.body;
    return { status: res.statusCode, body: text && res.headers['content-type']?.toString().includes('json') ? JSON.parse(text) : text, headers: res.headers };
  };

  let session = '';
  const login = await call('POST', '/logins/login', { usuario: 'admin', pass: 'admin' });
  const setCookie = login.headers['set-cookie'];
  session = (Array.isArray(setCookie) ? setCookie : [setCookie]).filter(Boolean).map((c) => String(c).split(';')[0]).join('; ');

  return {
    app,
    db: t.db,
    config,
    get cookie() {
      return session;
    },
    call,
    async destroy() {
      await app.close();
      await t.destroy();
      if (config.storageDir.startsWith(tmpdir())) await rm(config.storageDir, { recursive: true, force: true });
    },
  };
}

/** `GET /R/{id}/historial` as the logged-in administrator: the record's rows, newest first. */
export async function readHistorial(t: TestApp, recurso: string, id: number): Promise<any[]> {
  const res = await t.call('GET', `/${recurso}/${id}/historial`);
  if (res.status !== 200) throw new Error(`GET /${recurso}/${id}/historial answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}
