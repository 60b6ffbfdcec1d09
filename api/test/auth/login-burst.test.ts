// Logins under a concurrent burst, as an attacker sends them: the throttle cannot be outrun by
// timing nor multiplied by API processes, and hashing a burst does not starve another address.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import authPlugin from '../../src/auth/index.js';
import { HashingQueue } from '../../src/auth/hashing.js';
import { hashPassword } from '../../src/auth/passwords.js';
import { CodigoThrottle, LoginThrottle } from '../../src/auth/throttle.js';
import { createDb, type Db } from '../../src/db/index.js';
import { registerErrorHandler } from '../../src/base/errors.js';
import { startChildApi, type ChildApi } from '../support/child-api.js';
import { createTestDb, repositoryOf, testConfig, type TestDb } from '../support/db.js';

const PASS = 'Correcta-42';
let t: TestDb;
const config = () => testConfig(t.database);
const { maxPerUsuario, maxPerIp } = testConfig({ dialect: 'sqlite' }).loginThrottle;

beforeAll(async () => {
  t = await createTestDb();
  const now = new Date().toISOString();
  for (const usuario of ['ana', 'berta']) {
    await t.db('logins').insert({ usuario, pass: await hashPassword(PASS, config().scrypt), activo: true, createdAt: now, updatedAt: now });
  }
});
afterAll(async () => {
  await t?.destroy();
});

const intentos = async () => Number((await t.db('intentosLogin').count({ n: '*' }))[0].n);

describe('the throttle counts an attempt when it starts', () => {
  it('grants exactly the allowance to a concurrent burst, on two connections as on one', async () => {
    // A second Knex instance is a second pool of connections, as another API process has.
    const other: Db = createDb(t.database);
    try {
      const throttles = [new LoginThrottle(t.db, config().loginThrottle), new LoginThrottle(other, config().loginThrottle)];
      const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => throttles[i % 2].begin('Zoe', '10.1.1.1')));
      expect(burst.filter((r) => r.attempt).length).toBe(maxPerUsuario);
      for (const r of burst) if (!r.attempt) expect(r.retryAfterSeconds).toBeGreaterThan(0);

      // One address spraying usuarios: exactly the per-address allowance.
      const spray = await Promise.all(Array.from({ length: 100 }, (_, i) => throttles[i % 2].begin(`nadie${i}`, '10.1.1.2')));
      expect(spray.filter((r) => r.attempt).length).toBe(maxPerIp);
      // Case does not make another usuario.
      expect((await throttles[0].begin('ZOE', '10.1.1.1')).attempt).toBeUndefined();
    } finally {
      await other.destroy();
    }
  });

  it('grants a concurrent burst of codes from many addresses exactly the account\'s cap, on two connections as on one', async () => {
    const other: Db = createDb(t.database);
    try {
      const { maxCodigosPorCuenta } = config().loginThrottle;
      const ana = Number((await t.db('logins').where('usuario', 'ana').first('id')).id);
      const throttles = [new CodigoThrottle(t.db, config().loginThrottle), new CodigoThrottle(other, config().loginThrottle)];
      // Eight addresses, each well within its own allowance: only the per-account cap binds.
      const burst = await Promise.all(Array.from({ length: 32 }, (_, i) => throttles[i % 2].begin(ana, `10.2.2.${i % 8}`)));
      expect(burst.filter((r) => r.attempt).length).toBe(maxCodigosPorCuenta);
      for (const r of burst) if (!r.attempt) expect(r.retryAfterSeconds).toBeGreaterThan(0);
      // The password's allowance is another count: untouched.
      expect((await new LoginThrottle(t.db, config().loginThrottle).begin('ana', '10.2.2.0')).attempt).toBeDefined();
    } finally {
      await other.destroy();
    }
  });

  it('forgives a usuario\'s failures from an address on success, and an attempt that was never checked', async () => {
    const throttle = new LoginThrottle(t.db, config().loginThrottle);
    const first = await throttle.begin('Yago', '10.1.1.3');
    for (let i = 1; i < maxPerUsuario; i++) await throttle.begin('Yago', '10.1.1.3');
    expect((await throttle.begin('Yago', '10.1.1.3')).attempt).toBeUndefined();
    await throttle.abandon(first.attempt!);
    const last = await throttle.begin('Yago', '10.1.1.3');
    expect(last.attempt).toBeDefined();
    await throttle.succeeded(last.attempt!);
    expect(await t.db('intentosLogin').where('ip', '10.1.1.3').count({ n: '*' })).toEqual([{ n: 0 }]);
  });
});

/** 30 wrong passwords and the right one last, all at once from one address, against these processes. */
async function burst(apis: ChildApi[], usuario: string) {
  const sends = Array.from({ length: 31 }, (_, i) => apis[i % apis.length].call('POST', '/logins/login', { usuario, pass: i === 30 ? PASS : `mal-${i}` }));
  return (await Promise.all(sends)).map((r) => r.status);
}

describe('over HTTP, with one API process and with two', () => {
  const apis: ChildApi[] = [];
  beforeAll(async () => {
    apis.push(...(await Promise.all([startChildApi(t.database), startChildApi(t.database)])));
  });
  afterAll(async () => {
    await Promise.all(apis.map((a) => a.kill('SIGTERM')));
  });

  for (const processes of [1, 2]) {
    it(`checks at most the allowance of passwords from a burst against ${processes} process(es)`, async () => {
      const usuario = processes === 1 ? 'ana' : 'berta';
      const statuses = await burst(apis.slice(0, processes), usuario);
      const checked = statuses.filter((s) => s === 200 || s === 401).length;
      expect(statuses.every((s) => [200, 401, 429].includes(s)), statuses.join(' ')).toBe(true);
      expect(checked, statuses.join(' ')).toBeLessThanOrEqual(maxPerUsuario);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(31 - maxPerUsuario);
      // Whatever got through, the right password now waits like everyone else's.
      const after = await Promise.all(apis.slice(0, processes).map((a) => a.call('POST', '/logins/login', { usuario, pass: PASS })));
      if (statuses.filter((s) => s === 401).length === maxPerUsuario) for (const r of after) expect(r.status).toBe(429);
    });
  }

  it('holds one address to its allowance across usuarios and processes', async () => {
    const before = await intentos();
    const sends = Array.from({ length: 100 }, (_, i) => apis[i % 2].call('POST', '/logins/login', { usuario: `spray${i}`, pass: 'x' }));
    const statuses = (await Promise.all(sends)).map((r) => r.status);
    // The burst adds the address's remaining allowance at most (the bursts above spent some of it).
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(maxPerIp);
    expect((await intentos()) - before).toBeLessThanOrEqual(maxPerIp);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(100 - maxPerIp);
  });
});

describe('hashing a burst', () => {
  it('answers another address\'s login before the burst\'s queued passwords', async () => {
    // Costly enough that a hash takes milliseconds, so the order of answers shows the queue's.
    const slow = { ...config(), scrypt: { ...config().scrypt, N: 2 ** 14 } };
    await t.db('logins').insert({ usuario: 'carla', pass: await hashPassword(PASS, slow.scrypt), activo: true, createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() });
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    await app.register(authPlugin, { repo: repositoryOf(t.db), config: slow });
    await app.ready();
    // What the hashing queue does, as it happens: each password entering it and each hash
    // starting. (The order of the answers would also show the throttle's database checks, which
    // on a busy machine can outlast a hash.)
    const queue: string[] = [];
    const run = HashingQueue.prototype.run;
    const spy = vi.spyOn(HashingQueue.prototype, 'run').mockImplementation(function (this: HashingQueue, client, work) {
      queue.push(`entra:${client}`);
      return run.call(this, client, () => {
        queue.push(`empieza:${client}`);
        return work();
      }) as never;
    });
    const send = (usuario: string, pass: string, ip: string) =>
      app.inject({ method: 'POST', url: '/logins/login', payload: { usuario, pass }, remoteAddress: ip }).then((r) => r.statusCode);
    const attack = Array.from({ length: 5 }, (_, i) => send(`ataque${i}`, 'mal', '10.66.0.1'));
    const legit = send('carla', PASS, '10.77.0.1');
    attack.push(...Array.from({ length: 95 }, (_, i) => send(`ataque${i + 5}`, 'mal', '10.66.0.1')));
    const statuses = await Promise.all([...attack, legit]);
    spy.mockRestore();
    await app.close();

    expect(statuses.at(-1)).toBe(200);
    // The burst is refused at once beyond its share (429, Retry-After), never queued without end.
    expect(statuses.slice(0, 100).every((s) => s === 401 || s === 429 || s === 503)).toBe(true);
    expect(queue.filter((e) => e === 'empieza:10.66.0.1').length).toBeGreaterThan(1);
    // Once B's password is in the queue, none of the burst's queued hashes starts before it: the
    // burst holds one slot at most, and B takes another.
    const esperaB = queue.slice(queue.indexOf('entra:10.77.0.1'), queue.indexOf('empieza:10.77.0.1'));
    expect(esperaB.filter((e) => e === 'empieza:10.66.0.1'), queue.join(' ')).toEqual([]);
  });

  it('runs one hash per client at a time, as many as slots, and refuses what does not fit', async () => {
    const queue = new HashingQueue({ slots: 2, queue: 2, perClient: 2 });
    const running: string[] = [];
    const releases: (() => void)[] = [];
    const job = (client: string) =>
      queue.run(client, () => {
        running.push(client);
        return new Promise<void>((release) => releases.push(release));
      });
    const a1 = job('a');
    const a2 = job('a');
    await expect(job('a')).rejects.toMatchObject({ statusCode: 429, headers: { 'retry-after': '1' } });
    const b1 = job('b');
    const c1 = job('c');
    await expect(job('d')).rejects.toMatchObject({ statusCode: 503, headers: { 'retry-after': '1' } });
    await new Promise((r) => setImmediate(r));
    // a's second waits for its first even though a slot is free: b takes it.
    expect(running).toEqual(['a', 'b']);
    releases[0]();
    await a1;
    await new Promise((r) => setImmediate(r));
    expect(running).toEqual(['a', 'b', 'a']);
    releases.slice(1).forEach((r) => r());
    await new Promise((r) => setImmediate(r));
    releases.slice(3).forEach((r) => r());
    await Promise.all([a2, b1, c1]);
    expect(running.sort()).toEqual(['a', 'a', 'b', 'c']);
  });
});
