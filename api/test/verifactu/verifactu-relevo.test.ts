// The lock changing hands while a message is at the AEAT, between two real API
// processes on one database, as two machines (PostgreSQL) or two processes of one machine
// (SQLite) run them. The lock is taken from its holder the way it is lost in production: its
// PostgreSQL connection dropped, or its SQLite lease left unrenewed past its term. What must hold:
// the sender that lost it writes nothing more; the one that takes over, even one that held the
// lock before, recovers what was in flight, waits VERIFACTU_TIMEOUT, and its records' duplicates
// read as registered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estadoRemision } from '../../src/verifactu/estado.js';
import { countPendientes } from '../../src/verifactu/remitente.js';
import type { AeatDePruebas } from '../support/aeat.js';
import type { ChildApi } from '../support/child-api.js';
import { testConfig, type TestDb } from '../support/db.js';
import { backendsDelCerrojo, dosProcesos, emitirEn, ENV_HIJO, escenario, esperar } from '../support/verifactu.js';

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

/** The pid in the SQLite lease: the process whose sender holds it. */
const arrendatario = async () => Number(((await t.db('verifactu').first('remitente')) as Row).remitente?.split('|')[1]);

/**
 * Takes the lock from `de`, which holds it, until `a` holds it. PostgreSQL: the lock's connection
 * is terminated, as a network or server failure drops it. SQLite: the lease is aged past its
 * term, as a process that stopped renewing it (stalled, or its renewals failing) leaves it.
 */
async function pasarCerrojo(de: ChildApi, a: ChildApi): Promise<void> {
  if (t.database.dialect === 'pg') {
    const [antes] = await backendsDelCerrojo(t);
    await t.db.raw('SELECT pg_terminate_backend(?)', [antes]);
    // `de` is awaiting the AEAT, so only `a` can take it.
    await esperar(async () => {
      const ahora = await backendsDelCerrojo(t);
      return ahora.length === 1 && ahora[0] !== antes;
    }, 15_000);
    return;
  }
  const hace1h = new Date(Date.now() - 3600_000).toISOString();
  await esperar(async () => {
    await t.db('verifactu').where('remitente', 'like', `%|${de.process.pid}|%`).update({ latido: hace1h });
    return (await arrendatario()) === a.process.pid;
  }, 15_000, 100);
}

describe('the lock changing hands while a message is at the AEAT', () => {
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
    await Promise.all([a, b].map((x) => x?.kill('SIGTERM')));
  });

  it('a sender that loses its lock mid-send applies nothing; the one taking over waits VERIFACTU_TIMEOUT, then resends as an incidence', { timeout: 120_000 }, async () => {
    [a, b] = await dosProcesos(t, aeat, ENV);
    await desde();

    // 20 records leave through a; the AEAT registers them and answers 4 s later. Meanwhile a
    // loses its lock to b.
    aeat.siguientes.push('tardar');
    await emitirEn(t.db, 20);
    await aeat.esperarPeticiones(1);
    await pasarCerrojo(a, b);
    await esperar(async () => (await pendientes()) === 0 && aeat.peticiones.length === 2, 30_000);

    const [primera, segunda] = aeat.peticiones;
    // a's answer came (the AEAT answered it) but a applied none of it: its envío is as b left it.
    expect(primera.estadoEnvio).toBe('Correcto');
    expect((await envios()).map((e) => e.estado)).toEqual(['interrumpido', 'respondido']);
    // b did not send while a's message could still be at the AEAT: never two at once, and not
    // before VERIFACTU_TIMEOUT had passed since it took over (after a's message had arrived).
    expect(aeat.maxSimultaneas).toBe(1);
    expect(segunda.llegada - primera.llegada).toBeGreaterThanOrEqual(TIMEOUT_S * 1000);
    // The same XML, as an incidence; the AEAT had them, so its duplicates mean registered.
    expect(segunda.incidencia).toBe(true);
    expect(segunda.registros.map((r) => r.xml)).toEqual(primera.registros.map((r) => r.xml));
    const [, reenvio] = await envios();
    const filas = await nuevas();
    expect(filas.map((r) => [r.estado, Boolean(r.duplicado), r.csv, r.envioId])).toEqual(Array(20).fill(['correcto', true, null, reenvio.id]));
  });

  it('a sender that takes its lock back after losing it recovers what the other left in flight: the records the AEAT holds are registered, not rejected', { timeout: 120_000 }, async () => {
    // b holds the lock; a held it before, lost it, and waits.
    await desde();
    aeat.siguientes.push('registrarYCallar');
    await emitirEn(t.db, 20);
    await aeat.esperarPeticiones(1);
    await b!.kill('SIGKILL');
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
  });
});
