// Several API processes on one database (docs/arquitectura.md §12), seen as an attacker and an administrator
// see them: the login throttle grants the same number of attempts whether they alternate
// between two processes or not, a session made on one process works on the other (and its
// logout ends it on both), and WORKERS=2 runs a cluster that prepares the database once,
// refuses none of many concurrent writes, replaces a worker that dies and drains every worker
// on SIGTERM.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildApi, type ChildApi } from './support/child-api.js';
import { createTestDb, testConfig, type TestDb } from './support/db.js';

const { maxPerUsuario } = testConfig({ dialect: 'sqlite' }).loginThrottle;
// Every attempt here comes from 127.0.0.1: a high per-address allowance keeps the per-usuario
// one, the one under test, the only limit reached.
const ENV = { LOGIN_MAX_FAILURES_IP: '1000', FFMPEG_PATH: '/nonexistent-ffmpeg', FFPROBE_PATH: '/nonexistent-ffprobe' };

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.destroy();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A JSON write on a connection of its own, so a cluster's primary hands each to the next worker. */
function enviarNuevaConexion(method: string, url: string, path: string, body: unknown, cookie?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url + path,
      { method, agent: false, headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

const postNuevaConexion = (url: string, path: string, body: unknown, cookie?: string) => enviarNuevaConexion('POST', url, path, body, cookie);

/** Wrong passwords one after another, each to the next target; the statuses in order. */
async function ataque(targets: ((body: unknown) => Promise<number>)[], usuario: string, intentos: number) {
  const statuses: number[] = [];
  for (let i = 0; i < intentos; i++) statuses.push(await targets[i % targets.length]({ usuario, pass: `mal-${i}` }));
  return statuses;
}

/** What an attacker sees whatever the number of processes: the allowance in 401s, then only 429s. */
const bloqueadoTrasLaCuota = (intentos: number) => [...Array(maxPerUsuario).fill(401), ...Array(intentos - maxPerUsuario).fill(429)];

describe('two API processes on one database', () => {
  let a: ChildApi;
  let b: ChildApi;
  beforeAll(async () => {
    // One after the other: the first seeds the empty database, the second finds it seeded.
    a = await startChildApi(t.database, ENV);
    b = await startChildApi(t.database, ENV);
  });
  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map((x) => x.kill('SIGTERM')));
  });

  it('blocks an attacker who alternates between them after the same attempts as against one', async () => {
    const intentos = maxPerUsuario + 4;
    const post = (api: ChildApi) => async (body: unknown) => (await api.call('POST', '/logins/login', body)).status;
    const contraUno = await ataque([post(a)], 'objetivo-uno', intentos);
    const alternando = await ataque([post(a), post(b)], 'objetivo-dos', intentos);
    expect(contraUno).toEqual(bloqueadoTrasLaCuota(intentos));
    expect(alternando).toEqual(contraUno);
    // Blocked on both: neither process grants a fresh allowance of its own.
    for (const api of [a, b]) expect((await api.call('POST', '/logins/login', { usuario: 'objetivo-dos', pass: 'otra' })).status).toBe(429);
  });

  it('lets a session made on one process work on the other, and a logout on either end it on both', async () => {
    const cookie = await a.login();
    expect((await a.call('GET', '/logins/me', undefined, { cookie })).status).toBe(200);
    expect((await b.call('GET', '/logins/me', undefined, { cookie })).status).toBe(200);
    expect((await b.call('POST', '/categorias', { nombre: 'Creada en B' }, { cookie })).status).toBe(200);
    expect((await a.call('GET', '/categorias?filter[where][nombre]=Creada en B', undefined, { cookie })).body).toHaveLength(1);

    expect((await b.call('POST', '/logins/logout', {}, { cookie })).status).toBe(204);
    // A write always asks the database: the session ended on B is refused by A at once.
    expect((await a.call('POST', '/categorias', { nombre: 'Tras el logout' }, { cookie })).status).toBe(401);
    expect((await b.call('GET', '/logins/me', undefined, { cookie })).status).toBe(401);
    expect((await a.call('GET', '/logins/me', undefined, { cookie })).status).toBe(401);
  });
});

describe('WORKERS=2', () => {
  let api: ChildApi;
  let vacia: TestDb;
  const pids = () => [...api.output().matchAll(/escuchando \(pid (\d+)\)/g)].map((m) => Number(m[1]));
  const vive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  beforeAll(async () => {
    // An empty database of its own, for the primary to seed.
    vacia = await createTestDb();
    api = await startChildApi(vacia.database, { ...ENV, WORKERS: '2' });
  });
  afterAll(async () => {
    await api?.kill('SIGKILL');
    for (const pid of pids()) if (vive(pid)) process.kill(pid, 'SIGKILL');
    await vacia?.destroy();
  });

  it('starts two workers behind one port, after preparing the database in the primary only', async () => {
    // The health answer arrives once a worker listens; the primary says so when both do.
    for (let i = 0; i < 100 && !/API en 2 procesos/.test(api.output()); i++) await sleep(100);
    expect(api.output()).toMatch(/API en 2 procesos/);
    expect(new Set(pids()).size).toBe(2);
    expect(pids()).not.toContain(api.process.pid);
    // Seeded once, by the primary, before any worker existed: workers never prepare the database.
    expect(api.output().match(/Base de datos vacía: cargados datos/g)).toHaveLength(1);
    expect(api.output().indexOf('Base de datos vacía')).toBeLessThan(api.output().indexOf('escuchando'));
  });

  it('grants an attacker whose connections the primary spreads over both workers no more attempts than one process', async () => {
    const intentos = maxPerUsuario + 4;
    const statuses = await ataque([(body) => postNuevaConexion(api.url, '/logins/login', body)], 'objetivo-cluster', intentos);
    expect(statuses).toEqual(bloqueadoTrasLaCuota(intentos));
  });

  it('refuses none of 1 000 concurrent PATCHes of distinct clases spread over both workers', async () => {
    // Each worker's write reads the row before updating it: begun deferred, a transaction whose
    // read snapshot the other worker's commit made stale could not become the writer, and SQLite
    // refused it at once («database is locked», 503) without waiting out busy_timeout.
    const N = 1000;
    const [{ id: cursoId }] = await vacia.db('cursos').select('id').orderBy('id').limit(1);
    const ahora = new Date().toISOString();
    const filas = Array.from({ length: N }, (_, i) => ({ titulo: `Concurrente ${i}`, cursoId, orden: 1000 + i, createdAt: ahora, updatedAt: ahora }));
    const ids: number[] = [];
    for (let i = 0; i < N; i += 100) {
      const insertadas = await vacia.db('clases').insert(filas.slice(i, i + 100)).returning('id');
      ids.push(...insertadas.map((r: { id: number } | number) => (typeof r === 'object' ? r.id : r)));
    }
    const cookie = await api.login();
    const statuses = await Promise.all(ids.map((id) => enviarNuevaConexion('PATCH', api.url, `/clases/${id}`, { titulo: `Cambiada ${id}` }, cookie)));
    const rechazadas = statuses.filter((s) => s !== 204);
    expect({ rechazadas: rechazadas.length, codigos: [...new Set(rechazadas)] }).toEqual({ rechazadas: 0, codigos: [] });
    const cambiadas = await vacia.db('clases').whereIn('id', ids).where('titulo', 'like', 'Cambiada %').count({ n: '*' });
    expect(Number(cambiadas[0].n)).toBe(N);
  }, 120_000);

  it('replaces a worker that dies, saying so, and keeps answering meanwhile', async () => {
    const [victima, superviviente] = pids();
    process.kill(victima, 'SIGKILL');
    const aviso = new RegExp(`\\(pid ${victima}\\) terminó \\(señal SIGKILL\\); se sustituye`);
    for (let i = 0; i < 100 && !aviso.test(api.output()); i++) await sleep(50);
    expect(api.output()).toMatch(aviso);
    // Until the replacement listens, the survivor serves every connection.
    const cookie = await api.login();
    for (let i = 0; i < 10; i++) expect(await postNuevaConexion(api.url, '/categorias', { nombre: `Mientras ${i}` }, cookie)).toBe(200);
    for (let i = 0; i < 150 && pids().length < 3; i++) await sleep(100);
    expect(pids()).toHaveLength(3);
    expect(vive(superviviente)).toBe(true);
    // The session made before is known to the replacement as well: it lives in the database.
    for (let i = 0; i < 6; i++) expect(await postNuevaConexion(api.url, '/categorias', { nombre: `Después ${i}` }, cookie)).toBe(200);
  });

  it('drains every worker on SIGTERM and exits cleanly', async () => {
    await api.kill('SIGTERM');
    expect(await api.exited).toEqual({ code: 0, signal: null });
    for (const pid of pids()) expect(vive(pid)).toBe(false);
  });
});
