// The sender as production runs it, a real API process: killed with SIGKILL
// while a message is at the AEAT, restarted, and nothing lost nor sent twice with different
// content. On SQLite and on PostgreSQL; the restarted process takes the job over once the dead
// one's lease (TRABAJOS_ARRIENDO_S, 2 s here) has lapsed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyCadena } from '../../src/resources/facturas/cadena.js';
import type { AeatDePruebas } from '../support/aeat.js';
import { startChildApi, type ChildApi } from '../support/child-api.js';
import { testConfig, type TestDb } from '../support/db.js';
import { emitirEn, ENV_HIJO, escenario, esperar } from '../support/verifactu.js';

type Row = Record<string, any>;
let aeat: AeatDePruebas;
let t: TestDb;


let cerrar: () => Promise<void>;
beforeAll(async () => {
  ({ aeat, t, cerrar } = await escenario());
});
afterAll(() => cerrar?.());

describe('start-up', () => {
  it('stops on a wrong certificate password, naming the variable', async () => {
    await expect(startChildApi(t.database, { ...aeat.env, ...ENV_HIJO, VERIFACTU_CERT_PASSWORD: 'otra' })).rejects.toThrow(/exited while starting \(2\)[\s\S]*VERIFACTU_CERT_PASSWORD no es la contraseña del certificado/);
  });
});

describe('a sender killed mid-send', () => {
  let api: ChildApi | undefined;
  afterAll(async () => {
    await api?.kill('SIGTERM');
  });

  it('loses nothing after SIGKILL and a restart, and sends each record again exactly as before', { timeout: 120_000 }, async () => {
    // A first exchange, so the AEAT has said its wait (1 s) and the law's first 60 s are behind.
    await emitirEn(t.db, 1);
    api = await startChildApi(t.database, { ...aeat.env, ...ENV_HIJO });
    // Start-up names the environment and the certificate's holder and expiry.
    expect(api.output()).toMatch(/VeriFactu: remisión al entorno de pruebas de la AEAT \(https:\/\/127\.0\.0\.1:\d+\/.*\) con el certificado de ACADEMIA EJEMPLO SL - B12345674, válido hasta el \d\d\/\d\d\/\d{4}/);
    await esperar(async () => Number((await t.db('remisiones').where('estado', 'correcto').count({ n: '*' }))[0].n) === 1);
    const previas = (await t.db('remisiones').pluck('id')) as number[];
    const nuevas = () => t.db('remisiones').whereNotIn('id', previas).orderBy('registroId') as Promise<Row[]>;
    // The AEAT registers the next message and the process dies before it answers.
    aeat.peticiones.length = 0;
    aeat.siguientes.push('registrarYCallar');
    await emitirEn(t.db, 5);
    await aeat.esperarPeticiones(1, 30_000);
    await api.kill('SIGKILL');
    expect(await t.db('envios').orderBy('id').pluck('estado')).toEqual(['respondido', 'enviando']);
    const atascadas = await nuevas();
    expect(atascadas.map((r) => [r.estado, r.intentos])).toEqual(Array(5).fill(['pendiente', 1]));

    api = await startChildApi(t.database, { ...aeat.env, ...ENV_HIJO });
    await esperar(async () => Number((await t.db('remisiones').where('estado', 'pendiente').count({ n: '*' }))[0].n) === 0);
    expect(aeat.peticiones).toHaveLength(2);
    const [primera, segunda] = aeat.peticiones;
    // The same XML, record for record, and as an incidence this time.
    expect(segunda.registros.map((r) => r.xml)).toEqual(primera.registros.map((r) => r.xml));
    expect(segunda.registros.map((r) => r.xml)).toEqual(atascadas.map((r) => r.xml));
    expect(segunda.incidencia).toBe(true);
    // The AEAT had them: duplicates after a lost answer, so registered.
    const filas = await nuevas();
    expect(filas.map((r) => [r.estado, Boolean(r.duplicado), r.intentos])).toEqual(Array(5).fill(['correcto', true, 2]));
    expect(await t.db('envios').orderBy('id').pluck('estado')).toEqual(['respondido', 'interrumpido', 'respondido']);
    expect(await verifyCadena(t.db, testConfig({ dialect: 'sqlite' }))).toEqual({ ok: true, registros: 6 });
  });
});
