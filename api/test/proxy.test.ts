// Two API instances on one PostgreSQL and one S3 store, behind Debian's haproxy checking
// /health (README «Producción»): what a client of the proxy sees. A session made through one
// instance works on the other, the login throttle counts attempts made on both, an upload
// whose requests land on both is stored once, and when an instance is killed under load no
// request fails once haproxy has marked it down. Runs in the PostgreSQL project only.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteBucketCommand, DeleteObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/index.js';
import { createDb } from '../src/db/index.js';
import type { Almacen } from '../src/media/almacen.js';
import { opcionesS3 } from '../src/media/almacen.js';
import type { Ffmpeg } from '../src/media/ffmpeg.js';
import procesadoArchivos, { enqueueProcesado } from '../src/media/trabajoProcesado.js';
import { createCorredor } from '../src/trabajos/corredor.js';
import { fileURLToPath } from 'node:url';
import type { ChildApi } from './support/child-api.js';
import { createTestDb, repositoryOf, testConfig, type TestDb } from './support/db.js';
import { dosInstanciasTrasHaproxy, type Haproxy } from './support/haproxy.js';
import { subir } from './support/subidas.js';

const { maxPerUsuario } = testConfig({ dialect: 'sqlite' }).loginThrottle;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One S3 bucket for both instances (a fresh one, removed after); in CI nothing less. */
async function almacenCompartido(): Promise<{ env: Record<string, string>; vaciar(): Promise<void> }> {
  const s3url = process.env.TEST_S3_URL;
  if (!s3url) {
    if (process.env.CI) throw new Error('proxy.test.ts needs TEST_S3_URL (and S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY) in CI: see .ci/run');
    // Outside CI, one folder both instances share stands in for the bucket.
    const carpeta = await mkdtemp(join(tmpdir(), 'aula-proxy-'));
    return { env: { STORAGE_DIR: carpeta }, vaciar: () => rm(carpeta, { recursive: true, force: true }) };
  }
  const url = new URL(s3url);
  url.hostname = `aula-proxy-${randomBytes(4).toString('hex')}`;
  const env = {
    STORAGE_URL: url.toString(),
    S3_ACCESS_KEY_ID: process.env.S3_ACCESS_KEY_ID ?? 'test:tester',
    S3_SECRET_ACCESS_KEY: process.env.S3_SECRET_ACCESS_KEY ?? 'testing',
  };
  return {
    env,
    async vaciar() {
      const storage = loadConfig(env).storage as Extract<ReturnType<typeof loadConfig>['storage'], { kind: 's3' }>;
      const s3 = new S3Client(opcionesS3(storage));
      const Bucket = storage.bucket;
      const listado = await s3.send(new ListObjectsV2Command({ Bucket })).catch(() => undefined);
      if (!listado) return;
      for (const o of listado.Contents ?? []) await s3.send(new DeleteObjectCommand({ Bucket, Key: o.Key! }));
      await s3.send(new DeleteBucketCommand({ Bucket }));
    },
  };
}

let t: TestDb;
let a: ChildApi;
let b: ChildApi;
let proxy: Haproxy;
let almacen: Awaited<ReturnType<typeof almacenCompartido>> | undefined;

beforeAll(async () => {
  almacen = await almacenCompartido();
  t = await createTestDb();
  const env = {
    ...almacen.env,
    // The proxy is the only hop trusted: the throttle sees the client's address, not haproxy's.
    TRUST_PROXY: '127.0.0.1',
    // Every attempt comes from 127.0.0.1: the per-usuario allowance is the limit under test.
    LOGIN_MAX_FAILURES_IP: '1000',
    FFMPEG_PATH: '/nonexistent-ffmpeg',
    FFPROBE_PATH: '/nonexistent-ffprobe',
  };
  // The first seeds the empty database (its media into the shared store).
  ({ a, b, proxy } = await dosInstanciasTrasHaproxy(t.database, env));
}, 120_000);

afterAll(async () => {
  await proxy?.stop();
  await Promise.all([a, b].filter(Boolean).map((x) => x.kill('SIGTERM')));
  await t?.destroy();
  await almacen?.vaciar();
});

/** A JSON call through the proxy (the same shape as ChildApi.call). */
async function porElProxy(method: string, path: string, body?: unknown, cookie?: string) {
  const res = await fetch(proxy.url + path, {
    method,
    headers: { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  return { status: res.status, body: res.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : text, res };
}

async function loginPorElProxy(): Promise<string> {
  const { status, res } = await porElProxy('POST', '/logins/login', { usuario: 'admin', pass: 'admin' });
  expect(status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Responses each server gave, by class (hrsp_2xx, hrsp_4xx…), from haproxy's stats. */
async function respuestas(clase: string): Promise<Record<string, number>> {
  const s = await proxy.servidores();
  return Object.fromEntries(Object.entries(s).map(([nombre, f]) => [nombre, Number(f[clase])]));
}

describe('two instances behind haproxy', () => {
  it('serves a session made through one instance on the other', async () => {
    const cookie = await loginPorElProxy();
    for (const api of [a, b]) expect((await api.call('GET', '/logins/me', undefined, { cookie })).status).toBe(200);
    const antes = await respuestas('hrsp_2xx');
    for (let i = 0; i < 10; i++) expect((await porElProxy('GET', '/logins/me', undefined, cookie)).status).toBe(200);
    const despues = await respuestas('hrsp_2xx');
    // Round-robin: both instances answered the same cookie.
    expect(despues.a - antes.a).toBeGreaterThan(0);
    expect(despues.b - antes.b).toBeGreaterThan(0);
  });

  it('counts an attacker\'s attempts on both instances: blocked after the allowance of one', async () => {
    const antes = await respuestas('hrsp_4xx');
    const intentos = maxPerUsuario + 4;
    const statuses: number[] = [];
    for (let i = 0; i < intentos; i++) statuses.push((await porElProxy('POST', '/logins/login', { usuario: 'objetivo', pass: `mal-${i}` })).status);
    expect(statuses).toEqual([...Array(maxPerUsuario).fill(401), ...Array(intentos - maxPerUsuario).fill(429)]);
    const despues = await respuestas('hrsp_4xx');
    expect(despues.a - antes.a).toBeGreaterThan(0);
    expect(despues.b - antes.b).toBeGreaterThan(0);
    // Neither instance has an allowance of its own left.
    for (const api of [a, b]) expect((await api.call('POST', '/logins/login', { usuario: 'objetivo', pass: 'otra' })).status).toBe(429);
  });

  it('stores an upload whose chunks land on both instances once, in the shared store, readable from either', async () => {
    const cookie = await loginPorElProxy();
    const antes = await respuestas('hrsp_2xx');
    // Small chunks (8 of a 16 kB photo), so the proxy spreads the upload's requests over both instances.
    const { subida } = await subir(proxy.url, cookie, 'seeds/media/curso-azul.jpg', { carpeta: 'photos', filename: 'azul.jpg', filetype: 'image/jpeg' }, { chunkSize: 2048 });
    let archivo: Record<string, any> | undefined;
    for (let i = 0; i < 200; i++) {
      archivo = await t.db('archivos').where({ subida }).first();
      if (archivo?.estado !== 'subiendo' && archivo?.estado !== 'procesando') break;
      await sleep(100);
    }
    const despues = await respuestas('hrsp_2xx');
    expect(despues.a - antes.a).toBeGreaterThan(1);
    expect(despues.b - antes.b).toBeGreaterThan(1);
    expect(archivo).toMatchObject({ estado: 'listo', carpeta: 'photos' });
    for (const api of [a, b]) expect((await api.call('GET', archivo!.ruta, undefined, { cookie })).status).toBe(200);
  });

  it('loses no request once haproxy has marked a killed instance down', async () => {
    const cookie = await loginPorElProxy();
    const path = `/pagos?filter=${encodeURIComponent(JSON.stringify({ order: 'fecha DESC', limit: 5 }))}`;
    let marcadaCaida = Infinity;
    let trasLaCaida = 0;
    const resultados: { empezada: number; status: number | string }[] = [];
    let parar = false;
    const bucle = async () => {
      while (!parar) {
        const empezada = performance.now();
        const status = await porElProxy('GET', path, undefined, cookie).then(
          (r) => r.status,
          (err: Error) => err.message,
        );
        resultados.push({ empezada, status });
        if (empezada > marcadaCaida && ++trasLaCaida >= 200) parar = true;
      }
    };
    const bucles = Array.from({ length: 4 }, bucle);
    while (resultados.length < 100) await sleep(20);
    await b.kill('SIGKILL');
    await proxy.esperarEstado('b', 'DOWN');
    marcadaCaida = performance.now();
    await Promise.all(bucles);

    const tras = resultados.filter((r) => r.empezada > marcadaCaida);
    expect(tras.length).toBeGreaterThanOrEqual(200);
    expect(tras.filter((r) => r.status !== 200)).toEqual([]);
    expect((await proxy.servidores()).a.status).toBe('UP');
    // Before the mark only requests in flight on the killed instance may have failed (haproxy
    // retries a refused connection elsewhere); printed, not asserted: that window is timing.
    const antes = resultados.filter((r) => r.empezada <= marcadaCaida && r.status !== 200);
    if (antes.length) console.log(`proxy.test: ${antes.length} requests failed before haproxy marked b down`);
  });
});

describe('a file two instances take up at once (one starting while the other processes it)', () => {
  it('is processed by one of them, and ends `listo`', async () => {
    // The two instances here are the test's own runners. The API process left running by the
    // tests above runs its own, with its real store and no ffmpeg: on a busy machine it could take
    // the job first and fail it, which is no part of what is asserted.
    await a.kill('SIGTERM');
    const ahora = new Date().toISOString();
    await t.db('archivos').insert({ subida: 'a-medias', carpeta: 'photos', ruta: '/photos/a-medias.jpg', nombre: 'a.jpg', tipo: 'image/jpeg', tamano: 3, estado: 'procesando', createdAt: ahora, updatedAt: ahora });
    await t.db.transaction((trx) => enqueueProcesado(trx, 'a-medias'));
    let colocados = 0;
    let existe = false;
    // A store whose move takes a while, so both instances are at the file together.
    const almacenLento = {
      existe: async () => existe,
      place: async () => {
        colocados++;
        await sleep(300);
        existe = true;
      },
      enLocal: async () => ({ fichero: fileURLToPath(import.meta.url), release: async () => undefined }),
    } as unknown as Almacen;
    const sinFfmpeg = { disponible: async () => false } as unknown as Ffmpeg;
    const log = { info() {}, warn() {}, error() {} } as never;
    // Each instance has its own pool of connections, as on another machine.
    const otra = createDb(t.database);
    const corredores = [t.db, otra].map((db) => createCorredor(db, repositoryOf(db), [procesadoArchivos], { media: { herramientas: { db, almacen: almacenLento, ffmpeg: sinFfmpeg, log } } }, log, { sondeoMs: 20 }));
    try {
      for (const c of corredores) c.start();
      await expect.poll(async () => (await t.db('archivos').where({ subida: 'a-medias' }).first()).estado, { timeout: 10_000 }).toBe('listo');
    } finally {
      for (const c of corredores) await c.stop();
      await otra.destroy();
    }
    expect(colocados).toBe(1);
    expect(await t.db('archivos').where({ subida: 'a-medias' }).first()).toMatchObject({ estado: 'listo', error: null });
    expect(await t.db('trabajos').where({ clave: 'a-medias' }).first()).toMatchObject({ estado: 'hecho', intentos: 1, generacion: 1 });
  });
});
