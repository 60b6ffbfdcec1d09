// A database that cannot be reached is an outage, not a bug: every route answers 503 in the
// envelope (quickly, so clients and balancers can react), never 500.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/index.js';
import { createDb, type Db } from '../src/db/index.js';

let app: FastifyInstance;
let db: Db;
beforeAll(async () => {
  // Port 1 on loopback: nothing listens, connections are refused at once.
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nada' });
  db = createDb(config.database);
  app = await buildApp({ config, db });
});
afterAll(async () => {
  await app?.close();
  await db?.destroy();
});

it('answers 503 on /health and on data routes while the database is unreachable', async () => {
  const health = await app.inject({ method: 'GET', url: '/health' });
  expect(health.statusCode).toBe(503);
  expect(health.json().error).toMatchObject({ statusCode: 503, message: 'La base de datos no responde' });

  const cookie = `aula_sesion=${'a'.repeat(43)}`;
  const list = await app.inject({ method: 'GET', url: '/cursos', headers: { cookie } });
  expect(list.statusCode).toBe(503);
  expect(list.headers['retry-after']).toBeDefined();
  const login = await app.inject({ method: 'POST', url: '/logins/login', payload: { usuario: 'admin', pass: 'x' } });
  expect(login.statusCode).toBe(503);
});
