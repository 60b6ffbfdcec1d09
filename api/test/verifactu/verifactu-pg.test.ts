// Two API processes on one PostgreSQL, as two machines behind a balancer: one
// sender between them, held by an advisory lock; the other takes over when it dies. PostgreSQL
// only (vitest.config.ts): several machines never share a SQLite file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AeatDePruebas } from '../support/aeat.js';
import type { ChildApi } from '../support/child-api.js';
import type { TestDb } from '../support/db.js';
import { backendsDelCerrojo, dosProcesos, emitirEn, ENV_HIJO, escenario, esperar } from '../support/verifactu.js';

let aeat: AeatDePruebas;
let t: TestDb;

const pendientes = async () => Number((await t.db('remisiones').where('estado', 'pendiente').count({ n: '*' }))[0].n);

const titulares = async () => (await backendsDelCerrojo(t)).length;

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

  it('send through one sender only, and the other takes over when it dies', { timeout: 120_000 }, async () => {
    // a holds the lock; b starts beside it and waits.
    [a, b] = await dosProcesos(t, aeat, ENV_HIJO);
    expect(await titulares()).toBe(1);
    for (let tanda = 0; tanda < 3; tanda++) {
      await emitirEn(t.db, 10);
      await esperar(async () => (await pendientes()) === 0);
    }
    expect(await titulares()).toBe(1);

    await a.kill('SIGKILL');
    await emitirEn(t.db, 10);
    await esperar(async () => (await pendientes()) === 0);
    expect(await titulares()).toBe(1);

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
