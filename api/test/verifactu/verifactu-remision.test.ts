// The remission against a real-shaped AEAT: the local HTTPS server of
// support/aeat.ts, which requires a client certificate, validates every envelope against the
// official XSD and answers like the recorded answers. Batches of at most 1000 in chain order,
// the flow control, and each failure class ending as the issue says.
import { execFile } from 'node:child_process';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emitir, anular } from '../../src/resources/facturas/emision.js';
import { fechaExpedicion } from '../../src/resources/facturas/formato.js';
import { chainEmitidas } from '../../src/resources/facturas/cadena.js';
import type { Knex } from 'knex';
import { isPg } from '../../src/db/index.js';
import type { OpcionesRemitente } from '../../src/verifactu/remitente.js';
import { parseRespuesta } from '../../src/verifactu/respuesta.js';
import { findNodos, hijo, texto, type Nodo } from '../../src/verifactu/lectura.js';
import { AEAT } from '../support/xsd.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { comoServidor } from '../support/db.js';
import { crearAeat, fault, type AeatDePruebas, type RegistroRecibido } from '../support/aeat.js';
import { esperar } from '../support/verifactu.js';

type Row = Record<string, any>;
let aeat: AeatDePruebas;

beforeAll(async () => {
  aeat = await crearAeat();
});
afterAll(async () => {
  await aeat?.cerrar();
});

const dormir = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An app sending to the local AEAT; its sender starts when the test says. */
async function app(env: Record<string, string> = {}, opciones: OpcionesRemitente = {}): Promise<TestApp> {
  return createTestApp({ ...aeat.env, VERIFACTU_REINTENTO: '1', VERIFACTU_TIMEOUT: '2', ...env }, undefined, undefined, { sondeoMs: 50, arrancar: false, ...opciones });
}

/**
 * A database that refuses to change the envíos matching `condicion` (SQL over OLD and NEW): a
 * trigger raising «avería de prueba», as a failing database would under the sender. Answers how
 * to lift it.
 */
async function averiar(db: Knex, condicion: string): Promise<() => Promise<void>> {
  if (isPg(db)) {
    await db.raw(`CREATE FUNCTION averia() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF ${condicion} THEN RAISE EXCEPTION 'avería de prueba'; END IF; RETURN NEW; END $$`);
    await db.raw('CREATE TRIGGER averia BEFORE UPDATE ON envios FOR EACH ROW EXECUTE FUNCTION averia()');
    return async () => {
      await db.raw('DROP TRIGGER IF EXISTS averia ON envios');
      await db.raw('DROP FUNCTION IF EXISTS averia()');
    };
  }
  await db.raw(`CREATE TRIGGER averia BEFORE UPDATE ON envios FOR EACH ROW WHEN ${condicion} BEGIN SELECT RAISE(ABORT, 'avería de prueba'); END`);
  return async () => {
    await db.raw('DROP TRIGGER IF EXISTS averia');
  };
}

/** `n` invoices issued in one transaction (as many emissions, each appending its record). */
async function emitidas(t: TestApp, n: number, cliente: Record<string, unknown> = { nif: '12345678Z' }, despues?: (trx: import('knex').Knex.Transaction) => Promise<void>): Promise<number[]> {
  const [u] = await t.db('usuarios').insert({ nombre: 'Ana', apellidos: 'Ibáñez', email: `ana${Math.random()}@example.es`, direccion: 'Calle Mayor 1', ...cliente, createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() }).returning('id');
  const usuarioId = Number(typeof u === 'object' ? u.id : u);
  const ids: number[] = [];
  await comoServidor(t.db, async (w) => {
    const trx = w.db;
    const iso = new Date().toISOString();
    for (let i = 0; i < n; i++) {
      const [f] = await trx('facturas')
        .insert({ serie: 'A', usuarioId, concepto: `Curso ${i + 1}`, base: 1000 + i, tipoIva: 21, cuotaIva: Math.round((1000 + i) * 0.21), total: 1000 + i + Math.round((1000 + i) * 0.21), estado: 'borrador', createdAt: iso, updatedAt: iso })
        .returning('id');
      const id = Number(typeof f === 'object' ? f.id : f);
      await emitir(w, await w.lock('facturas', id), {}, t.config);
      ids.push(id);
    }
    await despues?.(trx);
  }, t.config);
  return ids;
}

/**
 * `n` issued invoices written at once and chained the way invoices issued before the chain
 * existed are (chainEmitidas): the same records emissions write, thousands in seconds.
 */
async function emitidasEnBloque(t: TestApp, n: number): Promise<void> {
  const iso = new Date().toISOString();
  const [u] = await t.db('usuarios').insert({ nombre: 'Bea', email: `bea${Math.random()}@example.es`, nif: '12345678Z', direccion: 'Calle Mayor 2', createdAt: iso, updatedAt: iso }).returning('id');
  const usuarioId = Number(typeof u === 'object' ? u.id : u);
  const filas = Array.from({ length: n }, (_, i) => ({
    serie: 'A', numero: i + 1, fecha: iso, tipo: 'F1', usuarioId, clienteNombre: 'Bea Ruiz', clienteNif: '12345678Z', clienteDireccion: 'Calle Mayor 2, Madrid',
    concepto: `Curso ${i + 1}`, base: 1000, tipoIva: 21, cuotaIva: 210, total: 1210, estado: 'emitida', createdAt: iso, updatedAt: iso,
  }));
  for (let i = 0; i < filas.length; i += 250) await t.db('facturas').insert(filas.slice(i, i + 250));
  expect(await comoServidor(t.db, (w) => chainEmitidas(w, t.config), t.config)).toBe(n);
}

const remisiones = (t: TestApp) => t.db('remisiones').orderBy('registroId').select('*') as Promise<Row[]>;
const estado = async (t: TestApp) => (await t.call('GET', '/verifactu/estado')).body;
const todasRespondidas = (t: TestApp) => async () => (await t.db('remisiones').where('estado', 'pendiente').count({ n: '*' }))[0].n == 0;

describe('batches and flow control', () => {
  let t: TestApp;
  beforeEach(() => aeat.reiniciar());
  afterAll(() => t?.destroy());

  it('2 500 records go in three messages of at most 1 000, in chain order; a full batch waits for nothing, the last waits TiempoEsperaEnvio', { timeout: 90_000 }, async () => {
    t = await app();
    aeat.tiempoEspera = 3;
    await emitidasEnBloque(t, 2500);
    t.app.remitente!.start();
    await aeat.esperarPeticiones(3, 60_000);
    await esperar(todasRespondidas(t), 30_000);
    expect(aeat.peticiones.map((p) => p.registros.length)).toEqual([1000, 1000, 500]);
    expect(aeat.peticiones.every((p) => p.valida && !p.incidencia && p.estadoEnvio === 'Correcto')).toBe(true);
    // Chain order: the records as they arrived are the chain as stored.
    const registros = (await t.db('registros').orderBy('id').select('numSerieFactura')) as Row[];
    expect(aeat.peticiones.flatMap((p) => p.registros.map((r) => r.numSerie))).toEqual(registros.map((r) => r.numSerieFactura));
    // 1 500 still waiting after the first: sent at once. 500 after the second: after the 3 s the AEAT asked.
    const [a, b, c] = aeat.peticiones.map((p) => p.llegada);
    expect(b - a).toBeLessThan(3000);
    expect(c - b).toBeGreaterThanOrEqual(3000);
    const filas = await remisiones(t);
    expect(filas.every((r) => r.estado === 'correcto' && /^A-[A-Z0-9]{14}$/.test(r.csv) && r.intentos === 1 && r.xml.startsWith('<sf:RegistroAlta>'))).toBe(true);
    expect(new Set(filas.map((r) => r.csv)).size).toBe(3);
    expect(await t.db('envios').orderBy('id').pluck('registros')).toEqual([1000, 1000, 500]);
  });

  it('waits 60 s after a send before the AEAT has said anything, and what it says after', async () => {
    const t2 = await app();
    try {
      expect((await t2.db('verifactu').first('tiempoEspera')).tiempoEspera).toBe(60);
      await emitidas(t2, 1);
      // A send ten seconds ago, with no answer yet to change the initial 60 s.
      const hace10 = new Date(Date.now() - 10_000);
      await t2.db('verifactu').update({ ultimoEnvio: hace10.toISOString() });
      const espera = await t2.app.remitente!.turno(new Date());
      expect(espera).toBeGreaterThan(0);
      expect(aeat.peticiones).toHaveLength(0);
      expect(Date.parse((await estado(t2)).siguienteEnvio)).toBe(hace10.getTime() + 60_000);
      // Past the 60 s it goes.
      expect(await t2.app.remitente!.turno(new Date(hace10.getTime() + 60_001))).toBe(0);
      expect(aeat.peticiones).toHaveLength(1);
      expect((await t2.db('verifactu').first('tiempoEspera')).tiempoEspera).toBe(1);
    } finally {
      await t2.destroy();
    }
  });

  it('between two sends of a few records, honours the TiempoEsperaEnvio the AEAT answered (1 s)', async () => {
    const t2 = await app();
    try {
      t2.app.remitente!.start();
      for (let i = 0; i < 3; i++) {
        await emitidas(t2, 1);
        await aeat.esperarPeticiones(i + 1);
      }
      await esperar(todasRespondidas(t2));
      const llegadas = aeat.peticiones.map((p) => p.llegada);
      expect(llegadas[1] - llegadas[0]).toBeGreaterThanOrEqual(1000);
      expect(llegadas[2] - llegadas[1]).toBeGreaterThanOrEqual(1000);
      expect(aeat.peticiones.map((p) => p.registros.length)).toEqual([1, 1, 1]);
    } finally {
      await t2.destroy();
    }
  });
});

describe('each failure class', () => {
  let t: TestApp;
  /** The last record and message before the test's own: each test looks only at what it made. */
  let desde = 0;
  let desdeEnvio = 0;
  const mias = async () => (await remisiones(t)).filter((r) => r.registroId > desde);
  const envios = async () => (await t.db('envios').where('id', '>', desdeEnvio).orderBy('id')) as Row[];
  const registros = async () => (await t.db('registros').where('id', '>', desde).orderBy('id')) as Row[];
  /** The number the next invoice of serie A will get. */
  const siguienteA = async (n = 1) => `A-${Number((await t.db('contadores').where('serie', 'A').first('ultimoNumero'))?.ultimoNumero ?? 0) + n}`;
  /** What the sender logged as warnings and errors, as an operator reads it. */
  const avisos: string[] = [];
  // One app for the whole block, already answered once by the AEAT (TiempoEsperaEnvio 1 s):
  // before any answer the law's first wait, 60 s, would hold every retry that long.
  beforeAll(async () => {
    aeat.reiniciar();
    const anotar = (m: string) => void avisos.push(m);
    t = await app({}, { log: { info: () => undefined, warn: anotar, error: anotar } });
    await emitidas(t, 1);
    t.app.remitente!.start();
    await esperar(todasRespondidas(t));
  });
  beforeEach(async () => {
    await esperar(todasRespondidas(t));
    aeat.reiniciar();
    desde = Number((await t.db('registros').max({ m: 'id' }))[0].m);
    desdeEnvio = Number((await t.db('envios').max({ m: 'id' }))[0].m);
  });
  afterAll(() => t?.destroy());
  // Whatever a test left (a block, a pause) does not reach the next one.
  const cerrar = async () => {
    await t.call('POST', '/verifactu/reintentar', {});
    aeat.reiniciar();
  };

  it('a cut connection, then a Fault Server: the records stay pending, retried after a growing pause, then sent as an incidence', async () => {
    try {
      aeat.siguientes.push('cortar', 'faultServidor');
      await emitidas(t, 2);
      await aeat.esperarPeticiones(1);
      await esperar(async () => (await envios()).some((e) => e.estado === 'fallido'));
      let filas = await mias();
      expect(filas.map((r) => [r.estado, Boolean(r.respuestaPerdida), r.intentos])).toEqual([['pendiente', true, 1], ['pendiente', true, 1]]);
      expect(await estado(t)).toMatchObject({ pendientes: 2, fallosSeguidos: 1, ultimoEnvio: { estado: 'fallido' } });
      await aeat.esperarPeticiones(3, 10_000);
      await esperar(todasRespondidas(t));
      const e = await envios();
      expect(e.map((x) => x.estado)).toEqual(['fallido', 'fallido', 'respondido']);
      expect(e[1].error).toMatch(/Fault Server: Codigo\[3501\]/);
      // 1 s after the first failure, 2 s after the second: growing (and capped at an hour).
      const pausa = (i: number) => new Date(e[i + 1].inicio).getTime() - new Date(e[i].fin).getTime();
      expect(pausa(0)).toBeGreaterThanOrEqual(950);
      expect(pausa(1)).toBeGreaterThanOrEqual(1950);
      // Sent late: the messages after the failure say so; the same XML went every time.
      expect(aeat.peticiones.map((p) => p.incidencia)).toEqual([false, true, true]);
      expect(aeat.peticiones[2].registros.map((r) => r.xml)).toEqual(aeat.peticiones[0].registros.map((r) => r.xml));
      filas = await mias();
      expect(filas.map((r) => [r.estado, r.intentos])).toEqual([['correcto', 3], ['correcto', 3]]);
      expect((await estado(t)).fallosSeguidos).toBe(0);
    } finally {
      await cerrar();
    }
  });

  it('no answer within VERIFACTU_TIMEOUT: pending, and retried', async () => {
    try {
      aeat.siguientes.push('sinRespuesta');
      await emitidas(t, 1);
      await esperar(async () => (await envios()).some((e) => e.estado === 'fallido'), 10_000);
      expect((await envios())[0].error).toMatch(/no respondió en 2 s/);
      expect((await mias())[0]).toMatchObject({ estado: 'pendiente', intentos: 1 });
      await esperar(todasRespondidas(t));
      expect((await mias())[0]).toMatchObject({ estado: 'correcto', intentos: 2 });
    } finally {
      await cerrar();
    }
  });

  it('an answer lost after the AEAT registered: the resend is a duplicate (3000), which means registered', async () => {
    try {
      aeat.siguientes.push('registrarYCallar');
      await emitidas(t, 2);
      await esperar(todasRespondidas(t), 15_000);
      expect(aeat.peticiones).toHaveLength(2);
      const filas = await mias();
      expect(filas.map((r) => [r.estado, Boolean(r.duplicado), r.csv])).toEqual([['correcto', true, null], ['correcto', true, null]]);
      expect(aeat.peticiones[1].registros.map((r) => r.xml)).toEqual(aeat.peticiones[0].registros.map((r) => r.xml));
      expect((await estado(t)).rechazados).toBe(0);
    } finally {
      await cerrar();
    }
  });

  /** The pause between an envío's failure and the next message, in ms. */
  const pausaTras = (fallido: Row, siguiente: Row) => new Date(siguiente.inicio).getTime() - new Date(fallido.fin).getTime();

  it('an answer nested 20 000 levels deep is no answer: the envío says why, its records wait the back-off, and their resend\'s duplicates are registered', async () => {
    try {
      // Deep enough to overflow the recursive reader this one replaced, within seconds.
      aeat.siguientes.push('anidar');
      await emitidas(t, 2);
      await esperar(todasRespondidas(t), 20_000);
      const e = await envios();
      expect(e.map((x) => x.estado)).toEqual(['fallido', 'respondido']);
      expect(e[0].error).toBe('la respuesta anida más de 64 elementos');
      expect(pausaTras(e[0], e[1])).toBeGreaterThanOrEqual(950);
      expect(aeat.peticiones.map((p) => p.incidencia)).toEqual([false, true]);
      expect((await mias()).map((r) => [r.estado, Boolean(r.duplicado), r.intentos])).toEqual([['correcto', true, 2], ['correcto', true, 2]]);
      expect((await estado(t)).rechazados).toBe(0);
    } finally {
      await cerrar();
    }
  });

  it('a database error applying the answer is an answer lost: the envío says why, its records wait the back-off, and their resend\'s duplicates are registered', async () => {
    // The first message's answer cannot be stored; the resend's (an incidence) can.
    const reparar = await averiar(t.db, "NEW.estado = 'respondido' AND NOT OLD.incidencia");
    try {
      await emitidas(t, 2);
      await esperar(todasRespondidas(t));
      const e = await envios();
      expect(e.map((x) => x.estado)).toEqual(['fallido', 'respondido']);
      expect(e[0].error).toMatch(/^la respuesta no se pudo guardar \(.*avería de prueba/);
      expect(pausaTras(e[0], e[1])).toBeGreaterThanOrEqual(950);
      expect(aeat.peticiones.map((p) => p.incidencia)).toEqual([false, true]);
      expect((await mias()).map((r) => [r.estado, Boolean(r.duplicado)])).toEqual([['correcto', true], ['correcto', true]]);
      expect((await estado(t)).rechazados).toBe(0);
    } finally {
      await reparar();
      await cerrar();
    }
  });

  it('an envío whose outcome the database could record in no way: its records\' resend is an incidence and their duplicates (3000) are registered, not rejected', async () => {
    avisos.length = 0;
    // Neither the answer nor its loss can be stored: the envío stays «enviando».
    const reparar = await averiar(t.db, "NEW.estado <> 'enviando'");
    try {
      await emitidas(t, 2);
      await aeat.esperarPeticiones(1);
      // The answer refused, then its loss: two failures logged before the database recovers.
      await esperar(() => avisos.filter((a) => a.includes('avería de prueba')).length >= 2);
      await reparar();
      await esperar(todasRespondidas(t));
      const e = await envios();
      expect(e.map((x) => x.estado)).toEqual(['fallido', 'respondido']);
      expect(e[0].error).toBe('no se pudo guardar lo que respondió la AEAT, ni que no respondiera');
      expect(aeat.peticiones.map((p) => p.incidencia)).toEqual([false, true]);
      expect(aeat.peticiones[1].registros.map((r) => r.xml)).toEqual(aeat.peticiones[0].registros.map((r) => r.xml));
      expect((await mias()).map((r) => [r.estado, Boolean(r.duplicado), r.codigoError])).toEqual([['correcto', true, null], ['correcto', true, null]]);
      expect((await estado(t)).rechazados).toBe(0);
    } finally {
      await reparar();
      await cerrar();
    }
  });

  it('a duplicate of a key the AEAT held before this system sent anything is a real rejection', async () => {
    try {
      // The key the next invoice will have, today.
      aeat.registradas.set(`${t.config.emisor.nif}|${await siguienteA()}|${fechaExpedicion(new Date(), 'Europe/Madrid')}`, 'Correcta');
      await emitidas(t, 1);
      await esperar(todasRespondidas(t));
      const [fila] = await mias();
      expect(fila).toMatchObject({ estado: 'incorrecto', codigoError: 3000 });
      expect(Boolean(fila.duplicado)).toBe(false);
      // Its correction: the key exists at the AEAT, so an alta de subsanación replaces the data.
      const res = await t.call('POST', `/registros/${fila.registroId}/subsanar`, {});
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      await esperar(todasRespondidas(t));
      expect(aeat.peticiones[1].registros[0]).toMatchObject({ subsanacion: 'S', rechazoPrevio: undefined });
      expect((await mias())[1]).toMatchObject({ estado: 'correcto', subsanacion: 'S', corrigeId: fila.registroId });
    } finally {
      await cerrar();
    }
  });

  it('a Fault Client (the whole message refused): nothing resent in a loop, the administrator told the AEAT\'s text; «Reintentar» sends it again', async () => {
    try {
      aeat.siguientes.push('faultCliente');
      await emitidas(t, 3);
      await esperar(async () => Boolean((await estado(t)).bloqueo));
      const e = await estado(t);
      expect(e.bloqueo).toMatchObject({ codigo: 4104, texto: expect.stringContaining('ObligadoEmision no está identificado') });
      expect(e.pendientes).toBe(3);
      expect(e.siguienteEnvio).toBeNull();
      // The sender looks every 50 ms and retries failures after 1 s: well past both, nothing more left.
      await dormir(1500);
      expect(aeat.peticiones).toHaveLength(1);
      expect((await mias()).every((r) => r.estado === 'pendiente' && r.xml === null && !r.respuestaPerdida)).toBe(true);
      expect((await envios())[0]).toMatchObject({ estado: 'rechazado', codigoError: 4104 });
      expect((await t.call('POST', '/verifactu/reintentar', {})).status).toBe(204);
      await esperar(todasRespondidas(t));
      expect(aeat.peticiones).toHaveLength(2);
      expect(aeat.peticiones[1].incidencia).toBe(false);
      expect((await estado(t)).bloqueo).toBeNull();
    } finally {
      await cerrar();
    }
  });

  it('a Fault Client that says the AEAT failed («Error técnico») is retried like a Fault Server', async () => {
    try {
      aeat.codigoCliente = 4111;
      aeat.siguientes.push('faultCliente');
      await emitidas(t, 1);
      await esperar(todasRespondidas(t));
      expect((await envios()).map((e) => e.estado)).toEqual(['fallido', 'respondido']);
      expect((await estado(t)).bloqueo).toBeNull();
    } finally {
      await cerrar();
    }
  });

  it('AceptadoConErrores (2005): kept with its CSV and error; subsanar chains a new record (Subsanacion=S), the original untouched', async () => {
    try {
      aeat.decidir = (r) => (r.tipo === 'alta' && !r.subsanacion ? { estado: 'AceptadoConErrores', codigo: 2005, descripcion: 'El campo ImporteTotal tiene un valor incorrecto para el valor de los campos BaseImponibleOimporteNoSujeto, CuotaRepercutida y CuotaRecargoEquivalencia suministrados.' } : undefined);
      await emitidas(t, 1);
      await esperar(todasRespondidas(t));
      const [original] = await mias();
      expect(original).toMatchObject({ estado: 'aceptadoConErrores', codigoError: 2005, descripcionError: expect.stringMatching(/^El campo ImporteTotal/) });
      expect(original.csv).toMatch(/^A-/);
      expect(await estado(t)).toMatchObject({ conErrores: 1, rechazados: 0 });
      const [registro] = await registros();
      const res = await t.call('POST', `/registros/${registro.id}/subsanar`, {});
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ tipo: 'alta', numSerieFactura: registro.numSerieFactura, huellaAnterior: registro.huella });
      await esperar(todasRespondidas(t));
      expect(aeat.peticiones[1].registros[0]).toMatchObject({ numSerie: registro.numSerieFactura, subsanacion: 'S', rechazoPrevio: undefined });
      expect(aeat.peticiones[1].valida).toBe(true);
      // The first record is as it was; only its row in the queue says it was corrected.
      expect(await t.db('registros').where('id', registro.id).first()).toEqual(registro);
      const [antes, despues] = await mias();
      // Its row in the queue is an UPDATE (vigente), so its version moved on like any record's.
      expect({ ...antes, vigente: original.vigente, updatedAt: original.updatedAt, version: original.version }).toEqual(original);
      expect(Boolean(antes.vigente)).toBe(false);
      expect(antes.version).toBeGreaterThan(original.version);
      expect(despues).toMatchObject({ estado: 'correcto', subsanacion: 'S', rechazoPrevio: null, corrigeId: registro.id });
      expect(await estado(t)).toMatchObject({ conErrores: 0, rechazados: 0 });
      expect((await t.call('GET', '/registros/verificar')).body.ok).toBe(true);
      // Twice: the correction is the one to correct now.
      expect((await t.call('POST', `/registros/${registro.id}/subsanar`, {})).status).toBe(409);
    } finally {
      await cerrar();
    }
  });

  it('Incorrecto (1244): no CSV; subsanar sends an alta por rechazo (Subsanacion=S, RechazoPrevio=X), which the AEAT registers', async () => {
    try {
      aeat.decidir = (r) => (r.tipo === 'alta' && !r.subsanacion ? { estado: 'Incorrecto', codigo: 1244, descripcion: 'El campo FechaHoraHusoGenRegistro tiene un formato incorrecto.' } : undefined);
      await emitidas(t, 1);
      await esperar(todasRespondidas(t));
      expect((await mias())[0]).toMatchObject({ estado: 'incorrecto', csv: null, codigoError: 1244 });
      expect(aeat.peticiones[0].estadoEnvio).toBe('Incorrecto');
      expect((await estado(t)).rechazados).toBe(1);
      const [registro] = await registros();
      // Client data is corrected only where the AEAT refused it: not for a 1244.
      const nif = await t.call('POST', `/registros/${registro.id}/subsanar`, { clienteNif: '87654321X' });
      expect(nif.status).toBe(422);
      expect(nif.body.error.details[0]).toMatchObject({ path: '/clienteNif', message: expect.stringMatching(/no rechazó los datos fiscales del cliente \(su error es el 1244\)/) });
      expect((await t.call('POST', `/registros/${registro.id}/subsanar`, {})).status).toBe(200);
      await esperar(todasRespondidas(t));
      expect(aeat.peticiones[1].registros[0]).toMatchObject({ subsanacion: 'S', rechazoPrevio: 'X' });
      expect((await mias())[1]).toMatchObject({ estado: 'correcto', rechazoPrevio: 'X' });
      expect((await estado(t)).rechazados).toBe(0);
    } finally {
      await cerrar();
    }
  });

  it('the client\'s NIF refused (1110): subsanar corrects it on the invoice, audited, and the new record carries it', async () => {
    try {
      aeat.decidir = (r) =>
        r.tipo === 'alta' && texto(hijo(hijo(r.nodo, 'Destinatarios'), 'IDDestinatario'), 'NIF') === '12345678Z'
          ? { estado: 'Incorrecto', codigo: 1110, descripcion: 'El NIF no está identificado en el censo de la AEAT.' }
          : undefined;
      const [facturaId] = await emitidas(t, 1);
      await esperar(todasRespondidas(t));
      const [registro] = await registros();
      const malo = await t.call('POST', `/registros/${registro.id}/subsanar`, { clienteNif: '87654321A' });
      expect(malo.status).toBe(422);
      expect(malo.body.error.details[0].path).toBe('/clienteNif');
      const res = await t.call('POST', `/registros/${registro.id}/subsanar`, { clienteNif: '87654321x', clienteNombre: 'Ana Ibáñez Peña' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await t.call('GET', `/facturas/${facturaId}`)).body).toMatchObject({ clienteNif: '87654321X', clienteNombre: 'Ana Ibáñez Peña', estado: 'emitida' });
      // The correction is a row of the invoice's history: the call, the record it chained, who, and the client's data before and after.
      const log = (await t.db('logs').where({ recurso: 'facturas', recursoId: facturaId }).orderBy('id', 'desc').first()) as Row;
      expect(JSON.parse(log.datos)).toEqual({ accion: 'subsanar', registroId: expect.any(Number), corrige: registro.id });
      expect(JSON.parse(log.cambios)).toEqual({ clienteNif: ['12345678Z', '87654321X'], clienteNombre: ['Ana Ibáñez', 'Ana Ibáñez Peña'] });
      expect(log.loginId).not.toBeNull();
      await esperar(todasRespondidas(t));
      const [antes, despues] = await mias();
      expect(antes.xml).toContain('<sf:NIF>12345678Z</sf:NIF>');
      expect(despues.xml).toContain('<sf:NIF>87654321X</sf:NIF>');
      expect(despues).toMatchObject({ estado: 'correcto', subsanacion: 'S', rechazoPrevio: 'X' });
      // Every other change to an issued invoice is still refused.
      expect((await t.call('PATCH', `/facturas/${facturaId}`, { clienteNif: '12345678Z' })).status).toBe(409);
    } finally {
      await cerrar();
    }
  });

  it('anulaciones: of an invoice whose alta was rejected, «sin registro previo»; a rejected one, subsanada «por rechazo»', async () => {
    try {
      let rechazarAnulacion = true;
      const [a, b] = [await siguienteA(1), await siguienteA(2)];
      aeat.decidir = (r: RegistroRecibido) => {
        if (r.tipo === 'alta' && r.numSerie === a) return { estado: 'Incorrecto', codigo: 1244, descripcion: 'El campo FechaHoraHusoGenRegistro tiene un formato incorrecto.' };
        if (r.tipo === 'anulacion' && r.numSerie === b && rechazarAnulacion) return { estado: 'Incorrecto', codigo: 1100, descripcion: 'Valor o tipo incorrecto del campo.' };
        return undefined;
      };
      const [f1, f2] = await emitidas(t, 2);
      await esperar(todasRespondidas(t));
      await comoServidor(t.db, async (w) => {
        await anular(w, await w.lock('facturas', f1), t.config);
        await anular(w, await w.lock('facturas', f2), t.config);
      }, t.config);
      await esperar(todasRespondidas(t));
      const anulaciones = aeat.peticiones.at(-1)!.registros;
      expect(anulaciones.map((r) => [r.numSerie, r.sinRegistroPrevio])).toEqual([[a, 'S'], [b, undefined]]);
      const filas = await mias();
      expect(filas.map((r) => r.estado)).toEqual(['incorrecto', 'correcto', 'correcto', 'incorrecto']);
      // The alta of an annulled invoice is no longer corrected; its anulación is.
      expect((await t.call('POST', `/registros/${filas[0].registroId}/subsanar`, {})).status).toBe(409);
      rechazarAnulacion = false;
      expect((await t.call('POST', `/registros/${filas[3].registroId}/subsanar`, {})).status).toBe(200);
      await esperar(todasRespondidas(t));
      expect(aeat.peticiones.at(-1)!.registros[0]).toMatchObject({ tipo: 'anulacion', numSerie: b, rechazoPrevio: 'S', sinRegistroPrevio: undefined });
      expect((await mias()).at(-1)).toMatchObject({ estado: 'correcto', rechazoPrevio: 'S' });
      expect((await t.call('GET', '/registros/verificar')).body.ok).toBe(true);
    } finally {
      await cerrar();
    }
  });

  it('a record generated more than an hour before it leaves goes as an incidence', async () => {
    try {
      // As if the sender had been down: the record waited two hours (written so in the
      // transaction that issues it, before the sender can see it).
      const hace2h = new Date(Date.now() - 2 * 3600_000).toISOString();
      await emitidas(t, 1, undefined, async (trx) => {
        await trx('registros').where('id', '>', desde).update({ createdAt: hace2h });
        await trx('remisiones').where('registroId', '>', desde).update({ createdAt: hace2h });
      });
      await esperar(todasRespondidas(t));
      expect(aeat.peticiones[0].incidencia).toBe(true);
    } finally {
      await cerrar();
    }
  });

  it('pending for more than an hour is counted for the banner', async () => {
    try {
      aeat.siguientes.push('faultCliente');
      const hace2h = new Date(Date.now() - 2 * 3600_000).toISOString();
      await emitidas(t, 2, undefined, async (trx) => {
        await trx('remisiones').where('registroId', '>', desde).update({ createdAt: hace2h });
      });
      await esperar(async () => Boolean((await estado(t)).bloqueo));
      expect(await estado(t)).toMatchObject({ pendientes: 2, retrasados: 2, pendienteMasAntiguo: hace2h });
    } finally {
      await cerrar();
    }
  });

  it('a database that sent to one AEAT environment sends nothing to the other, and says why', async () => {
    try {
      await t.db('verifactu').update({ entorno: 'produccion' });
      await emitidas(t, 1);
      await esperar(async () => Boolean((await estado(t)).bloqueo));
      expect((await estado(t)).bloqueo.texto).toMatch(/ya remitió registros al entorno de producción de la AEAT y VERIFACTU=pruebas/);
      await dormir(300);
      expect(aeat.peticiones).toHaveLength(0);
    } finally {
      await t.db('verifactu').update({ entorno: 'pruebas' });
      await cerrar();
    }
  });

  it('a record the AEAT accepted has nothing to correct (409); an unknown record is a 404, an unknown field a 422', async () => {
    try {
      await emitidas(t, 1);
      await esperar(todasRespondidas(t));
      const [registro] = await registros();
      const res = await t.call('POST', `/registros/${registro.id}/subsanar`, {});
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe('La AEAT aceptó el registro sin errores: no hay nada que subsanar');
      expect((await t.call('POST', '/registros/999999/subsanar', {})).status).toBe(404);
      expect((await t.call('POST', `/registros/${registro.id}/subsanar`, { otro: 1 })).status).toBe(422);
    } finally {
      await cerrar();
    }
  });
});

describe('the invoice\'s PDF follows the remission', () => {
  const textoDelPdf = async (t: TestApp, id: number) => {
    const pdf = await t.app.inject({ method: 'GET', url: `/facturas/${id}/pdf`, headers: { cookie: t.cookie } });
    expect(pdf.statusCode).toBe(200);
    const dir = await mkdtemp(join(tmpdir(), 'aula-pdf-'));
    try {
      await writeFile(join(dir, 'f.pdf'), pdf.rawPayload);
      return (await promisify(execFile)('pdftotext', [join(dir, 'f.pdf'), '-'])).stdout.replace(/\s+/g, ' ');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };

  it('claims verifiability with the remission on, and nothing of the kind with VERIFACTU=desactivado', async () => {
    aeat.reiniciar();
    const activa = await app();
    const desactivada = await createTestApp();
    try {
      const [a] = await emitidas(activa, 1);
      const [b] = await emitidas(desactivada, 1);
      expect(await textoDelPdf(activa, a)).toContain('Factura verificable en la sede electrónica de la AEAT');
      const sin = await textoDelPdf(desactivada, b);
      expect(sin).toContain('QR tributario:');
      expect(sin).not.toMatch(/verificable|VERI\*?FACTU/i);
    } finally {
      await activa.destroy();
      await desactivada.destroy();
    }
  });
});

describe('the routes of the remission', () => {
  it('serve the declaración responsable to anyone, a) to l) in order; the rest only with a session; all in /openapi.json', async () => {
    aeat.reiniciar();
    const t = await app();
    try {
      const d = await t.call('GET', '/verifactu/declaracion', undefined, { cookie: '' });
      expect(d.status).toBe(200);
      expect(d.body.titulo).toBe('DECLARACIÓN RESPONSABLE DEL SISTEMA INFORMÁTICO DE FACTURACIÓN');
      expect(d.body.apartados.map((a: { letra: string }) => a.letra).join('')).toBe('abcdefghijkl');
      expect(d.body.apartados.map((a: { valor: string }) => a.valor)).toEqual(
        expect.arrayContaining(['Aula Admin', 'AU', 'Programas Ejemplo S.L.', 'B87654323', 'Calle del Código 7, 28004 Madrid, España', '15/01/2027, Madrid, España']),
      );
      expect(d.body.apartados[4].valor).toMatch(/^Sí/);
      expect((await t.call('GET', '/verifactu/estado', undefined, { cookie: '' })).status).toBe(401);
      expect((await t.call('POST', '/verifactu/reintentar', {}, { cookie: '' })).status).toBe(401);
      const doc = (await t.call('GET', '/openapi.json')).body;
      for (const ruta of ['/verifactu/estado', '/verifactu/reintentar', '/verifactu/declaracion', '/registros/{id}/subsanar', '/remisiones']) expect(Object.keys(doc.paths)).toContain(ruta);
      // The queue is the server's: no client writes it.
      await emitidas(t, 1);
      const [fila] = await t.db('remisiones').select('id');
      expect((await t.call('PATCH', `/remisiones/${fila.id}`, { estado: 'correcto' })).status).toBe(403);
      expect((await t.call('GET', `/remisiones/${fila.id}`)).body).toMatchObject({ estado: 'pendiente', intentos: 0 });
      expect((await t.call('POST', '/remisiones', { registroId: 1, facturaId: 1 })).status).toBe(403);
    } finally {
      await t.destroy();
    }
  });
});

describe('reading the AEAT\'s answers', () => {
  it('never recurses: an answer 20 000 levels deep is unreadable (no answer), and a tree 200 000 deep is searched', () => {
    const hondo = `<?xml version="1.0" encoding="UTF-8"?>${'<a>'.repeat(20_000)}${'</a>'.repeat(20_000)}`;
    expect(parseRespuesta(hondo)).toEqual({ tipo: 'ilegible', motivo: 'la respuesta anida más de 64 elementos' });
    const raiz: Nodo = { nombre: 'Envelope', ns: '', hijos: [], texto: '' };
    let hoja = raiz;
    for (let i = 0; i < 200_000; i++) hoja = hoja.hijos[hoja.hijos.push({ nombre: i === 199_999 ? 'Fault' : 'a', ns: '', hijos: [], texto: '' }) - 1];
    expect(findNodos(raiz, 'Fault')).toEqual([hoja]);
  });
});

describe('the local AEAT itself', () => {
  it('requires a client certificate signed by its CA, and refuses an envelope the XSD refuses with a Fault 4102', async () => {
    aeat.reiniciar();
    const ca = await readFile(aeat.pki.ca);
    const post = (opciones: https.RequestOptions, cuerpo: string) =>
      new Promise<{ status: number; cuerpo: string }>((resolve, reject) => {
        const req = https.request(aeat.url, { method: 'POST', ca, headers: { 'Content-Type': 'text/xml' }, ...opciones }, (res) => {
          let c = '';
          res.on('data', (d) => (c += d));
          res.on('end', () => resolve({ status: res.statusCode!, cuerpo: c }));
        });
        req.on('error', reject);
        req.end(cuerpo);
      });
    await expect(post({}, '<x/>')).rejects.toThrow();
    const conCertificado = { pfx: await readFile(aeat.pki.cliente), passphrase: aeat.pki.password };
    const sinNombre = '<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body><x/></soapenv:Body></soapenv:Envelope>';
    const res = await post(conCertificado, sinNombre);
    expect(res.status).toBe(500);
    expect(parseRespuesta(res.cuerpo)).toMatchObject({ tipo: 'fault', lado: 'Client', codigo: 4102, texto: expect.stringMatching(/^Codigo\[4102\]\.El XML no cumple el esquema\./) });
  });

  it('answers as the AEAT does: the four recorded answers read the same way as its own', async () => {
    const leer = async (nombre: string) => parseRespuesta(await readFile(`${AEAT}respuestas/${nombre}`, 'utf8'));
    expect(await leer('aceptado.xml')).toEqual({
      tipo: 'respuesta', csv: 'A-YDSW8NLFLANWPM', tiempoEspera: 60, estadoEnvio: 'Correcto',
      lineas: [{ clave: 'A39200019|INV/2024/00026|30-12-2024|alta', estado: 'Correcto', codigo: undefined, descripcion: undefined, duplicado: undefined }],
    });
    expect(await leer('aceptado-con-errores.xml')).toMatchObject({ estadoEnvio: 'ParcialmenteCorrecto', csv: 'A-X2CPJ3HE3AFADY', lineas: [{ estado: 'AceptadoConErrores', codigo: 2005 }] });
    expect(await leer('rechazado.xml')).toMatchObject({ estadoEnvio: 'Incorrecto', csv: undefined, lineas: [{ estado: 'Incorrecto', codigo: 1244, descripcion: 'El campo FechaHoraHusoGenRegistro tiene un formato incorrecto.' }] });
    expect(await leer('soap-fault-4102.xml')).toEqual({ tipo: 'fault', lado: 'Client', codigo: 4102, texto: 'Codigo[4102].El XML no cumple el esquema. Falta informar campo obligatorio.: NombreRazon' });
    expect(parseRespuesta(fault('Server', 3501, 'Error técnico de base de datos.'))).toMatchObject({ tipo: 'fault', lado: 'Server', codigo: 3501 });
    expect(parseRespuesta('<html><body>502 Bad Gateway</body></html>')).toMatchObject({ tipo: 'ilegible' });
    expect(parseRespuesta('no es xml')).toMatchObject({ tipo: 'ilegible' });
  });
});
