// Two API processes on one PostgreSQL, as two machines behind a balancer: the remission is a
// kind of the job runner, one-at-a-time, so its one job is claimed turn by turn by one runner
// or the other, never both; when one dies, the other goes on alone once the lease lapses.
// PostgreSQL only (vitest.config.ts): several machines never share a SQLite file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AeatDePruebas } from '../support/aeat.js';
import type { ChildApi } from '../support/child-api.js';
import type { TestDb } from '../support/db.js';
import { dosProcesos, emitirEn, ENV_HIJO, escenario, esperar, filaRemision, pidTitular } from '../support/verifactu.js';

let aeat: AeatDePruebas;
let t: TestDb;

const pendientes = async () => Number((await t.db('remisiones').where('estado', 'pendiente').count({ n: '*' }))[0].n);

let cerrar: () => Promise<void>;
beforeAll(async () => {
  ({ aeat, t, cerrar } = await escenario('pg'));
});
afterAll(() => cerrar?.());

describe('two API processes on one PostgreSQL', () => {
  let a: ChildApi | undefined;
  let b: ChildApi | undefined;
  afterAll(async () => {
    await Promise.all([a, b].map((x) => x?.kill('SIGTERM')));
  });

  it('send through one sender at a time, and the survivor goes on alone when one dies', { timeout: 120_000 }, async () => {
    [a, b] = await dosProcesos(t, aeat, ENV_HIJO);
    // Who holds the remission's job, sampled while they work: one process, or none between turns.
    const titulares = new Set<number>();
    let filasEjecutando = 0;
    let midiendo = true;
    const muestreo = (async () => {
      while (midiendo) {
        const pid = await pidTitular(t);
        if (pid !== undefined) titulares.add(pid);
        const n = Number((await t.db('trabajos').where({ tipo: 'remisionVerifactu', estado: 'ejecutando' }).count({ n: '*' }))[0].n);
        filasEjecutando = Math.max(filasEjecutando, n);
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    for (let tanda = 0; tanda < 3; tanda++) {
      await emitirEn(t.db, 10);
      await esperar(async () => (await pendientes()) === 0);
    }
    const generacion = Number((await filaRemision(t))!.generacion);

    await a.kill('SIGKILL');
    await emitirEn(t.db, 10);
    await esperar(async () => (await pendientes()) === 0);
    midiendo = false;
    await muestreo;
    // b's runner goes on claiming the job alone (a is dead: every new generation is b's). An idle
    // run holds the lease for a few milliseconds, too short to catch by polling on a busy machine,
    // so the claims are counted instead of caught.
    const trasMorir = Number((await filaRemision(t))!.generacion);
    await esperar(async () => Number((await filaRemision(t))!.generacion) >= trasMorir + 2, 15_000);
    expect(trasMorir).toBeGreaterThan(generacion);
    expect(filasEjecutando).toBe(1);
    expect([...titulares].every((pid) => pid === a!.process.pid || pid === b!.process.pid)).toBe(true);

    // Every record reached the AEAT exactly once: no duplicate, none missing, never two messages at once.
    const recibidos = aeat.peticiones.flatMap((p) => p.registros.map((r) => r.numSerie));
    expect(recibidos).toHaveLength(41);
    expect(new Set(recibidos).size).toBe(41);
    expect(aeat.peticiones.every((p) => p.estadoEnvio === 'Correcto')).toBe(true);
    expect(aeat.maxSimultaneas).toBe(1);
    const estados = (await t.db('remisiones').pluck('estado')) as string[];
    expect(estados.filter((e) => e !== 'correcto')).toEqual([]);
  });
});
