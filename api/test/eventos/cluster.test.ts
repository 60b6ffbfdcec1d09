// WORKERS=2 (cluster.ts): a stream held by one worker hears the writes every worker commits. On
// SQLite the primary relays them between workers; on PostgreSQL each worker LISTENs.
import { request } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startChildApi, type ChildApi } from '../support/child-api.js';
import { createTestDb, type TestDb } from '../support/db.js';
import { abrirFlujo, type FlujoSse } from '../support/sse.js';

let t: TestDb;
let api: ChildApi;
let f: FlujoSse | undefined;

beforeAll(async () => {
  t = await createTestDb();
  api = await startChildApi(t.database, { WORKERS: '2', FFMPEG_PATH: '/nonexistent-ffmpeg', FFPROBE_PATH: '/nonexistent-ffprobe' });
}, 90_000);

afterAll(async () => {
  f?.cerrar();
  await api?.kill('SIGTERM');
  await t?.destroy();
});

/** A JSON POST on a connection of its own, so the primary hands each to the next worker. */
function postNuevaConexion(path: string, body: unknown, cookie: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = request(api.url + path, { method: 'POST', agent: false, headers: { 'content-type': 'application/json', cookie } }, (res) => {
      let texto = '';
      res.on('data', (d) => (texto += d));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(texto) }));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

it('brings every worker\'s committed writes to a stream held by one of them', async () => {
  const cookie = await api.login();
  f = await abrirFlujo(`${api.url}/eventos`, cookie);
  await f.esperar((m) => m.retry !== undefined);
  // Round-robin over new connections: four writes are at least two on each worker.
  const ids: number[] = [];
  for (let i = 0; i < 4; i++) {
    const res = await postNuevaConexion('/categorias', { nombre: `Trabajador ${i} ${Date.now()}` }, cookie);
    expect(res.status).toBe(200);
    ids.push(res.body.id);
  }
  for (const id of ids) await f.esperar((m) => m.json?.recurso === 'categorias' && m.json.id === id, 5000);
});
