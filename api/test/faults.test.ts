// Faults an operator lives through: the API process killed in the middle of writes, and the
// database restarted under it. What must hold is what a client can check afterwards: every
// write that was answered 200 is there, whole, with its activity-log row, and the API heals by
// itself without a restart.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startChildApi, type ChildApi, type HttpAnswer } from './support/child-api.js';
import { createTestDb } from './support/db.js';

// The seed's demo media from the bundled files, not made by ffmpeg: on a busy machine making them
// kept the first process from answering within its start-up wait (what is under test is the restart).
const SIN_FFMPEG = { FFMPEG_PATH: '/nonexistent-ffmpeg', FFPROBE_PATH: '/nonexistent-ffprobe' };
import { ensureRunning, startCluster, stopCluster, takeRestartLock } from './support/pg-cluster.js';

type TestDb = Awaited<ReturnType<typeof createTestDb>>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const q = (filter: unknown) => encodeURIComponent(JSON.stringify(filter));

// Accents, «» and ñ in every record so a write that comes back re-encoded does not pass as intact.
function categoria(tag: string, i: number) {
  return {
    nombre: `Fallo ${tag} nº ${i} — Añadida`,
    descripcion: `Categoría «${i}» de la ráfaga ${tag}: guitarra española, cañón, pingüino`,
    orden: i,
  };
}

const isEnvelope = (answer: HttpAnswer) => answer.body?.error?.statusCode === answer.status && typeof answer.body.error.message === 'string';

describe('the API process is killed (SIGKILL) in the middle of a burst of writes', () => {
  const started: ChildApi[] = [];
  let t: TestDb | undefined;
  afterAll(async () => {
    for (const api of started) await api.kill('SIGKILL');
    await t?.destroy();
  });

  it('keeps every acknowledged create, intact and with its CREATE log row, after a restart', { timeout: 90_000 }, async () => {
    t = await createTestDb();
    const tag = Date.now().toString(36);
    const first = await startChildApi(t.database, SIN_FFMPEG);
    started.push(first);
    const cookie = await first.login();
    const before = await first.call('GET', `/categorias?filter=${q({ fields: ['id'], limit: 1000 })}`, undefined, { cookie });
    expect(before.status).toBe(200);
    const preexisting = new Set<number>(before.body.map((c: { id: number }) => c.id));

    // Enough writers that the kill always lands with several creates in flight, some of them
    // committed but not yet answered: the case where a crash could tear a transaction. The kill
    // is decided here, so the server's queue must outlast a stall of this busy test process
    // (with 12 writers a CI run once saw the server answer them all before the kill landed).
    const WORKERS = 48;
    const ACKS_BEFORE_KILL = 100;
    const sent = new Map<string, ReturnType<typeof categoria>>();
    const acked: Array<Record<string, unknown>> = [];
    const refused: HttpAnswer[] = [];
    let lost = 0;
    let killed = false;
    let next = 0;
    const writer = async () => {
      while (!killed) {
        const body = categoria(tag, next++);
        sent.set(body.nombre, body);
        try {
          const answer = await first.call('POST', '/categorias', body, { cookie });
          // A 200 that reaches us after the kill was still sent by the server: it counts.
          if (answer.status === 200) acked.push(answer.body);
          else refused.push(answer);
          if (acked.length >= ACKS_BEFORE_KILL && !killed) {
            killed = true;
            first.process.kill('SIGKILL');
          }
        } catch {
          lost++;
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, writer));
    expect(await first.exited).toMatchObject({ signal: 'SIGKILL' });
    expect(refused, 'every create before the crash succeeds').toEqual([]);
    expect(acked.length).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);
    expect(lost, 'the kill cut requests in flight').toBeGreaterThan(0);

    const second = await startChildApi(t.database, SIN_FFMPEG);
    started.push(second);
    // The login was an acknowledged write too: the administrator's session survives the crash.
    const me = await second.call('GET', '/logins/me', undefined, { cookie });
    expect(me.status, 'the session from before the crash still works').toBe(200);

    for (const record of acked) {
      const read = await second.call('GET', `/categorias/${record.id}`, undefined, { cookie });
      expect(read.status, `acknowledged categoria ${record.id} is there`).toBe(200);
      expect(read.body).toEqual(record);
    }

    // Every row the burst left, acknowledged or not, is one of the bodies sent, whole.
    const list = await second.call('GET', `/categorias?filter=${q({ where: { nombre: { like: `Fallo ${tag} %` } }, limit: 1000 })}`, undefined, { cookie });
    expect(list.status).toBe(200);
    const burst: Array<Record<string, unknown>> = list.body;
    for (const row of burst) {
      const body = sent.get(row.nombre as string);
      expect(body, `row ${row.id} matches a body that was sent`).toBeDefined();
      expect(row).toMatchObject(body!);
    }
    const burstIds = new Set(burst.map((r) => r.id as number));
    for (const record of acked) expect(burstIds.has(record.id as number)).toBe(true);

    // The log row is written in the create's transaction: both survive, or neither does.
    const logs = await second.call(
      'GET',
      `/logs?filter=${q({ where: { recurso: 'categorias', tipo: 'CREATE' }, fields: ['recursoId'], limit: 1000 })}`,
      undefined,
      { cookie },
    );
    expect(logs.status).toBe(200);
    const logged = (logs.body as Array<{ recursoId: number }>).map((l) => l.recursoId).filter((id) => !preexisting.has(id));
    expect([...logged].sort((a, b) => a - b), 'one CREATE log row per surviving row, and none for a row that is gone').toEqual(
      [...burstIds].sort((a, b) => a - b),
    );

    // The database accepts new writes where the old process left off, without reusing an id.
    const after = await second.call('POST', '/categorias', categoria(tag, next), { cookie });
    expect(after.status).toBe(200);
    expect(burstIds.has(after.body.id)).toBe(false);

    if (t.database.dialect === 'sqlite') {
      await second.kill('SIGTERM');
      expect(await t.db.raw('PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    }
  });
});

interface Sample {
  path: string;
  phase: 'before' | 'down' | 'recovering' | 'after';
  answer?: HttpAnswer;
  error?: string;
}

// Only PostgreSQL has a server to restart, so the test exists only in that project. Restarting
// the cluster cuts every session on it, other test files' included: it must not run beside them.
if (process.env.TEST_DIALECT === 'pg') describe('PostgreSQL restarts under load', () => {
  let t: TestDb | undefined;
  let api: ChildApi | undefined;
  let release: (() => void) | undefined;
  afterEach(async () => {
    // Whatever failed, the database comes back for everyone else before anything else.
    await ensureRunning();
    release?.();
    await api?.kill('SIGKILL');
    await t?.destroy();
  });

  it('answers 503 while the database is down, then recovers by itself and fails no request', { timeout: 90_000 }, async () => {
    t = await createTestDb();
    api = await startChildApi(t.database, SIN_FFMPEG);
    const cookie = await api.login();
    const running = api;

    // Fill the pool: these connections are the ones the restart kills under the API.
    const warm = await Promise.all(Array.from({ length: 10 }, () => running.call('GET', '/pagos/count', undefined, { cookie })));
    expect(warm.map((a) => a.status)).toEqual(Array(10).fill(200));

    const samples: Sample[] = [];
    let phase: Sample['phase'] = 'before';
    let loading = true;
    const probe = async (path: string) => {
      const sample: Sample = { path, phase };
      try {
        // Generous bound: it tells "answered" from "hung", not fast from slow.
        sample.answer = await running.call('GET', path, undefined, { cookie, timeoutMs: 10_000 });
      } catch (err) {
        sample.error = String(err);
      }
      samples.push(sample);
      return sample;
    };
    const load = (async () => {
      while (loading) {
        const [health] = await Promise.all([probe('/health'), probe('/pagos/count')]);
        if (health.phase === 'recovering' && health.answer?.status === 200) phase = 'after';
        await sleep(50);
      }
    })();
    const healthSeen = (status: number, inPhase: Sample['phase']) =>
      samples.filter((s) => s.path === '/health' && s.phase === inPhase && s.answer?.status === status).length;

    while (healthSeen(200, 'before') < 3) await sleep(50);
    release = await takeRestartLock();
    phase = 'down';
    await stopCluster();
    // Down only as long as it takes to see the API say so, to keep other runs' disruption short.
    const downDeadline = Date.now() + 15_000;
    while (healthSeen(503, 'down') < 3 && Date.now() < downDeadline) await sleep(50);
    // From here on the API may heal at any moment; the first 200 from /health marks it healed.
    phase = 'recovering';
    await startCluster();
    release();
    release = undefined;
    const upDeadline = Date.now() + 30_000;
    while (phase === 'recovering' && Date.now() < upDeadline) await sleep(50);
    // Keep the load on a little after recovery: requests right after it are the ones that would
    // meet dead pooled connections.
    const afterFrom = samples.length;
    while (samples.length - afterFrom < 20 && Date.now() < upDeadline) await sleep(50);
    loading = false;
    await load;

    expect(samples.filter((s) => s.error), 'every call got an HTTP answer, none hung').toEqual([]);
    expect(samples.filter((s) => s.phase === 'before' && s.answer!.status !== 200)).toEqual([]);
    expect(healthSeen(503, 'down'), '/health said 503 while the database was down').toBeGreaterThan(0);
    const failures = samples.filter((s) => s.answer && s.answer.status !== 200);
    for (const s of failures) {
      // An outage is a 503 (retry later) on every route: never a 4xx that would blame the
      // client, nor the 500 that means a bug.
      expect(s.answer!.status, `${s.path} (${s.phase})`).toBe(503);
      expect(isEnvelope(s.answer!), `${s.path} answered ${JSON.stringify(s.answer!.body)}`).toBe(true);
    }
    expect(phase, '/health went back to 200 by itself').toBe('after');
    expect(samples.filter((s) => s.phase === 'after' && s.answer!.status !== 200), 'no failure once healthy again').toEqual([]);
    expect(running.process.exitCode, 'the API process stayed alive').toBeNull();
    expect(running.process.signalCode).toBeNull();

    // Fifty consecutive requests, writes and reads of what was written among them, all succeed.
    const failed: string[] = [];
    const check = (what: string, answer: HttpAnswer) => {
      if (answer.status !== 200) failed.push(`${what} → ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer;
    };
    for (let i = 0; i < 50; i++) {
      if (i % 4 === 0) check('GET /health', await running.call('GET', '/health'));
      if (i % 4 === 1) check('GET /pagos/count', await running.call('GET', '/pagos/count', undefined, { cookie }));
      if (i % 4 === 2) {
        const created = check('POST /categorias', await running.call('POST', '/categorias', categoria('reinicio', i), { cookie }));
        const read = check('GET /categorias/:id', await running.call('GET', `/categorias/${created.body?.id}`, undefined, { cookie }));
        if (created.status === 200) expect(read.body).toEqual(created.body);
      }
      if (i % 4 === 3) check('GET /categorias', await running.call('GET', `/categorias?filter=${q({ limit: 5 })}`, undefined, { cookie }));
    }
    expect(failed).toEqual([]);
  });
});
