// One request cannot take a process: a read with nested includes has a budget of rows
// (refused before loading them all), and of time; the rest of the API keeps answering meanwhile,
// and a client that hangs up stops the work, its PostgreSQL query included.
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPg } from '../../src/db/index.js';
import { mensajes } from '../../src/mensajes.js';
import { seedScale } from '../../../seeds/scale.js';
import { createTestApp, type TestApp } from '../support/app.js';

const USUARIOS = 200;
const PAGOS = 40_000;
const MAX_FILAS = 50_000;
const filtro = (f: object) => `filter=${encodeURIComponent(JSON.stringify(f))}`;

/** The request: usuarios, their pagos, each pago's usuario, and that usuario's pagos again. */
const anidada = `/usuarios?${filtro({
  include: [{ relation: 'pagos', scope: { include: [{ relation: 'usuario', scope: { include: ['pagos'] } }] } }],
  limit: 1000,
})}`;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ MAX_FILAS_PETICION: String(MAX_FILAS) });
  await seedScale(t.db, PAGOS, { usuarios: USUARIOS, log: () => {} });
}, 120_000);

afterAll(async () => {
  await t?.destroy();
});

describe('row budget', () => {
  it('refuses the nested include with a 400 in Spanish, in bounded time, while /ping answers at once', async () => {
    const t0 = performance.now();
    const grande = t.call('GET', anidada).then((res) => ({ res, ms: performance.now() - t0 }));
    const p0 = performance.now();
    const ping = await t.call('GET', '/ping', undefined, { cookie: '' });
    const pingMs = performance.now() - p0;
    const { res, ms } = await grande;
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ statusCode: 400, code: 'INVALID_PARAMETER_VALUE', message: mensajes.peticion.demasiadasFilas(MAX_FILAS) });
    expect(res.body.error.message).toContain('50.000');
    expect(ping.status).toBe(200);
    // Without the budget the answer would hold 8 million pagos: minutes, gigabytes.
    expect(ms).toBeLessThan(15_000);
    expect(pingMs).toBeLessThan(1_000);
  }, 60_000);

  it('counts an included row each time the answer repeats it', async () => {
    // Loaded: 1 000 pagos, their usuarios and those usuarios' pagos (≤ 41 200 rows); written
    // out, every pago carries its usuario's two hundred pagos: some 200 000.
    const res = await t.call('GET', `/pagos?${filtro({ limit: 1000, include: [{ relation: 'usuario', scope: { include: ['pagos'] } }] })}`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(mensajes.peticion.demasiadasFilas(MAX_FILAS));
  }, 60_000);

  it('still answers what fits, with scope.limit bounding the includes', async () => {
    const res = await t.call('GET', `/usuarios?${filtro({
      limit: 1000,
      include: [{ relation: 'pagos', scope: { limit: 3, include: [{ relation: 'usuario', scope: { include: [{ relation: 'pagos', scope: { limit: 2 } }] } }] } }],
    })}`);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(USUARIOS);
    const [primero] = res.body;
    expect(primero.pagos).toHaveLength(3);
    expect(primero.pagos[0].usuario.id).toBe(primero.id);
    expect(primero.pagos[0].usuario.pagos).toHaveLength(2);
  }, 60_000);

  it('keeps every child of each parent in the scope order when the scope has no limit', async () => {
    const res = await t.call('GET', `/usuarios?${filtro({ limit: 3, include: [{ relation: 'pagos', scope: { order: 'importe DESC', fields: ['id', 'importe'] } }] })}`);
    expect(res.status).toBe(200);
    for (const usuario of res.body) {
      const [{ n }] = (await t.db('pagos').where('usuarioId', usuario.id).count({ n: '*' })) as { n: number | string }[];
      expect(usuario.pagos).toHaveLength(Number(n));
      const importes = usuario.pagos.map((p: { importe: number }) => p.importe);
      expect(importes).toEqual([...importes].sort((a, b) => b - a));
      expect(Object.keys(usuario.pagos[0]).sort()).toEqual(['id', 'importe']);
    }
  });
});

describe('time budget', () => {
  let lenta: TestApp;
  beforeAll(async () => {
    // Same database, a budget of 1 ms: loading 40 000 pagos takes longer than that anywhere.
    lenta = await createTestApp({ TIEMPO_MAX_CONSULTA_MS: '1' });
    await seedScale(lenta.db, PAGOS, { usuarios: USUARIOS, log: () => {} });
  }, 120_000);
  afterAll(async () => {
    await lenta?.destroy();
  });

  it('stops a read past its time with a 400 that says what to ask instead', async () => {
    const res = await lenta.call('GET', `/usuarios?${filtro({ include: [{ relation: 'pagos', scope: { include: ['usuario'] } }] })}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'QUERY_TIMEOUT', message: mensajes.peticion.lecturaLenta(1) });
  }, 60_000);
});

// SQLite's reads are synchronous and bounded by the row budget; on PostgreSQL a query can wait.
if (process.env.TEST_DIALECT === 'pg') describe('a client that hangs up', () => {
  it('cancels its PostgreSQL query', async () => {
    expect(isPg(t.db)).toBe(true);
    const { connectionString, schema } = t.config.database;
    // A lock held elsewhere keeps the read's query running (waiting) for as long as we like.
    const bloqueo = new pg.Client({ connectionString });
    const vigia = new pg.Client({ connectionString });
    await Promise.all([bloqueo.connect(), vigia.connect()]);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const [{ pid }] = (await bloqueo.query('SELECT pg_backend_pid() AS pid')).rows;
      await bloqueo.query('BEGIN');
      await bloqueo.query(`LOCK TABLE "${schema}"."pagos" IN ACCESS EXCLUSIVE MODE`);
      const esperando = async () => {
        const { rows } = await vigia.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid <> $1 AND state = 'active' AND wait_event_type = 'Lock' AND query LIKE '%"pagos"%'`,
          [pid],
        );
        return rows[0].n as number;
      };
      const { port } = t.app.server.address() as AddressInfo;
      const req = request({ port, host: '127.0.0.1', path: `/usuarios?${filtro({ include: ['pagos'] })}`, headers: { cookie: t.cookie } });
      req.on('error', () => {});
      req.end();
      await expect.poll(esperando, { timeout: 10_000, interval: 100 }).toBe(1);
      req.destroy();
      // Without the cancel the query would wait for the lock, and then run, whoever is left to read it.
      await expect.poll(esperando, { timeout: 3_000, interval: 100 }).toBe(0);
      await expect.poll(async () => (await t.call('GET', '/ping', undefined, { cookie: '' })).status).toBe(200);
    } finally {
      await bloqueo.query('ROLLBACK').catch(() => undefined);
      await Promise.all([bloqueo.end(), vigia.end()]);
    }
  }, 60_000);
});
