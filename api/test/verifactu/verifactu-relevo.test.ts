// The remission changing hands while a message is at the AEAT, between two real API processes on
// one database, as two machines (PostgreSQL) or two processes of one machine (SQLite) run them.
// The sender is a kind of the job runner: its job is claimed turn by turn under a lease of
// TRABAJOS_ARRIENDO_S (2 s here), each claim bumping the job's generation. The lease is lost the
// way it is in production: its holder stalls (SIGSTOP) past its term, or dies (SIGKILL). What
// must hold: the holder that lost it writes nothing more, even when it wakes with the AEAT's
// answer in hand; the one that takes over recovers what was in flight, waits VERIFACTU_TIMEOUT,
// and its records' duplicates read as registered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estadoRemision } from '../../src/verifactu/estado.js';
import { countPendientes } from '../../src/verifactu/remitente.js';
import type { AeatDePruebas } from '../support/aeat.js';
import type { ChildApi } from '../support/child-api.js';
import { testConfig, type TestDb } from '../support/db.js';
import { dosProcesos, emitirEn, ENV_HIJO, escenario, esperar, filaRemision, pidTitular } from '../support/verifactu.js';

type Row = Record<string, any>;
let aeat: AeatDePruebas;
let t: TestDb;

// A message may stay at the AEAT this long; the answer 'tardar' gives comes before it.
const TIMEOUT_S = 6;
const ENV = { ...ENV_HIJO, VERIFACTU_TIMEOUT: String(TIMEOUT_S) };

let cerrar: () => Promise<void>;
beforeAll(async () => {
  ({ aeat, t, cerrar } = await escenario());
  aeat.demoraMs = 4000;
});
afterAll(() => cerrar?.());

const pendientes = () => countPendientes(t.db, 1000);

/** Of the two processes, the one whose runner holds the remission's lease now, and the other. */
async function titularYOtro(a: ChildApi, b: ChildApi): Promise<[ChildApi, ChildApi]> {
  let pid: number | undefined;
  await esperar(async () => (pid = await pidTitular(t)) !== undefined, 10_000, 10);
  return pid === a.process.pid ? [a, b] : [b, a];
}

describe('the remission changing hands while a message is at the AEAT', () => {
  let a: ChildApi | undefined;
  let b: ChildApi | undefined;
  let previos = 0;
  let envioPrevio = 0;
  /** The records and envíos of this test, not those before it. */
  const nuevas = () => t.db('remisiones').where('registroId', '>', previos).orderBy('registroId') as Promise<Row[]>;
  const envios = () => t.db('envios').where('id', '>', envioPrevio).orderBy('id') as Promise<Row[]>;
  const desde = async () => {
    previos = Number((await t.db('registros').max({ m: 'id' }))[0].m ?? 0);
    envioPrevio = Number((await t.db('envios').max({ m: 'id' }))[0].m ?? 0);
    aeat.peticiones.length = 0;
  };
  afterAll(async () => {
    for (const x of [a, b]) if (x?.process.exitCode === null) x.process.kill('SIGCONT');
    await Promise.all([a, b].map((x) => x?.kill('SIGTERM')));
  });

  it('a holder that stalls mid-send past its lease applies nothing when it wakes; the one taking over waits VERIFACTU_TIMEOUT, then resends as an incidence', { timeout: 120_000 }, async () => {
    [a, b] = await dosProcesos(t, aeat, ENV);
    await desde();

    // 20 records leave through whichever runner claims the turn; the AEAT registers them and
    // answers 4 s later. Meanwhile their sender stalls: its lease lapses and the other claims.
    aeat.siguientes.push('tardar');
    await emitirEn(t.db, 20);
    await aeat.esperarPeticiones(1);
    const [dormido, despierto] = await titularYOtro(a, b);
    const { generacion } = (await filaRemision(t))!;
    dormido.process.kill('SIGSTOP');
    await esperar(async () => (await pidTitular(t)) === despierto.process.pid && Number((await filaRemision(t))!.generacion) > Number(generacion), 15_000, 50);
    await esperar(async () => (await pendientes()) === 0 && aeat.peticiones.length === 2, 30_000);

    // The stalled one wakes with the AEAT's answer to apply: its transaction finds the job's
    // generation moved and commits nothing.
    dormido.process.kill('SIGCONT');
    // Awake, its heartbeat fails at once and its AEAT client's 6 s are long past: within a
    // couple of seconds it has tried to apply the answer or its loss. (Its log is silent here.)
    await new Promise((r) => setTimeout(r, 3000));
    expect(dormido.process.exitCode).toBeNull();

    const [primera, segunda] = aeat.peticiones;
    // Its answer came (the AEAT answered it) but none of it was applied: its envío is as the
    // taker left it.
    expect(primera.estadoEnvio).toBe('Correcto');
    expect((await envios()).map((e) => e.estado)).toEqual(['interrumpido', 'respondido']);
    // The taker did not send while the first message could still be at the AEAT: never two at
    // once, and not before VERIFACTU_TIMEOUT had passed since it took over.
    expect(aeat.maxSimultaneas).toBe(1);
    expect(segunda.llegada - primera.llegada).toBeGreaterThanOrEqual(TIMEOUT_S * 1000);
    // The same XML, as an incidence; the AEAT had them, so its duplicates mean registered.
    expect(segunda.incidencia).toBe(true);
    expect(segunda.registros.map((r) => r.xml)).toEqual(primera.registros.map((r) => r.xml));
    const [, reenvio] = await envios();
    const filas = await nuevas();
    expect(filas.map((r) => [r.estado, Boolean(r.duplicado), r.csv, r.envioId])).toEqual(Array(20).fill(['correcto', true, null, reenvio.id]));
  });

  it('a holder killed mid-send is replaced once its lease lapses; what it left in flight is recovered: the records the AEAT holds are registered, not rejected', { timeout: 120_000 }, async () => {
    // Both processes alive again; the next message goes through whichever claims its turn.
    await desde();
    aeat.siguientes.push('registrarYCallar');
    await emitirEn(t.db, 20);
    await aeat.esperarPeticiones(1);
    const [muerto, vivo] = await titularYOtro(a!, b!);
    await muerto.kill('SIGKILL');
    await esperar(async () => (await pendientes()) === 0, 30_000);

    const [primera, segunda] = aeat.peticiones;
    expect(aeat.peticiones).toHaveLength(2);
    expect(segunda.incidencia).toBe(true);
    expect(segunda.registros.map((r) => r.xml)).toEqual(primera.registros.map((r) => r.xml));
    expect(segunda.llegada - primera.llegada).toBeGreaterThanOrEqual(TIMEOUT_S * 1000);
    expect((await envios()).map((e) => e.estado)).toEqual(['interrumpido', 'respondido']);
    expect(await t.db('envios').where('estado', 'enviando').pluck('id')).toEqual([]);
    expect((await nuevas()).map((r) => [r.estado, Boolean(r.duplicado)])).toEqual(Array(20).fill(['correcto', true]));
    expect((await estadoRemision(t.db, testConfig(t.database))).rechazados).toBe(0);
    // The survivor runs the remission from then on: the job's generation keeps moving.
    const { generacion } = (await filaRemision(t))!;
    await esperar(async () => Number((await filaRemision(t))!.generacion) > Number(generacion), 10_000, 50);
    expect(vivo.process.exitCode).toBeNull();
  });
});
