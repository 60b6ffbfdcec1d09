// The remission against a real-shaped AEAT (issue 21, items 3 and 6): the local HTTPS server of
// support/aeat.ts, which requires a client certificate, validates every envelope against the
// official XSD and answers like the recorded answers. Batches of at most 1000 in chain order,
// the flow control, and each failure class ending as the issue says.
import https from 'node:https';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emitir, anular } from '../src/resources/facturas/emision.js';
import { fechaExpedicion } from '../src/resources/facturas/formato.js';
import { encadenarEmitidas } from '../src/resources/facturas/cadena.js';
import { leerRespuesta } from '../src/verifactu/respuesta.js';
import { hijo, texto } from '../src/verifactu/lectura.js';
import { AEAT } from './support/xsd.js';
import { createTestApp, type TestApp } from './support/app.js';
import { crearAeat, fault, type AeatDePruebas, type RegistroRecibido } from './support/aeat.js';
import { esperar } from './support/verifactu.js';

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
async function app(env: Record<string, string> = {}): Promise<TestApp> {
  return createTestApp({ ...aeat.env, VERIFACTU_REINTENTO: '1', VERIFACTU_TIMEOUT: '2', ...env }, undefined, undefined, { sondeoMs: 50, arrancar: false });
}

/** `n` invoices issued in one transaction (as many emissions, each appending its record). */
async function emitidas(t: TestApp, n: number, cliente: Record<string, unknown> = { nif: '12345678Z' }, despues?: (trx: import('knex').Knex.Transaction) => Promise<void>): Promise<number[]> {
  const [u] = await t.db('usuarios').insert({ nombre: 'Ana', apellidos: 'Ibáñez', email: `ana${Math.random()}@example.es`, direccion: 'Calle Mayor 1', ...cliente, createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() }).returning('id');
  const usuarioId = Number(typeof u === 'object' ? u.id : u);
  const ids: number[] = [];
  await t.db.transaction(async (trx) => {
    const iso = new Date().toISOString();
    for (let i = 0; i < n; i++) {
      const [f] = await trx('facturas')
        .insert({ serie: 'A', usuarioId, concepto: `Curso ${i + 1}`, base: 1000 + i, tipoIva: 21, cuotaIva: Math.round((1000 + i) * 0.21), total: 1000 + i + Math.round((1000 + i) * 0.21), estado: 'borrador', createdAt: iso, updatedAt: iso })
        .returning('id');
      const id = Number(typeof f === 'object' ? f.id : f);
      await emitir(trx, id, {}, t.config);
      ids.push(id);
    }
    await despues?.(trx);
  });
  return ids;
}

/**
 * `n` issued invoices written at once and chained the way invoices issued before the chain
 * existed are (encadenarEmitidas): the same records emissions write, thousands in seconds.
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
  expect(await encadenarEmitidas(t.db, t.config)).toBe(n);
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
    t.app.remitente!.arrancar();
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
      const espera = await t2.app.remitente!.ciclo(new Date());
      expect(espera).toBeGreaterThan(0);
      expect(aeat.peticiones).toHaveLength(0);
      expect(Date.parse((await estado(t2)).siguienteEnvio)).toBe(hace10.getTime() + 60_000);
      // Past the 60 s it goes.
      expect(await t2.app.remitente!.ciclo(new Date(hace10.getTime() + 60_001))).toBe(0);
      expect(aeat.peticiones).toHaveLength(1);
      expect((await t2.db('verifactu').first('tiempoEspera')).tiempoEspera).toBe(1);
    } finally {
      await t2.destroy();
    }
  });

  it('between two sends of a few records, honours the TiempoEsperaEnvio the AEAT answered (1 s)', async () => {
    const t2 = await app();
    try {
      t2.app.remitente!.arrancar();
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
    expect(leerRespuesta(res.cuerpo)).toMatchObject({ tipo: 'fault', lado: 'Client', codigo: 4102, texto: expect.stringMatching(/^Codigo\[4102\]\.El XML no cumple el esquema\./) });
  });

  it('answers as the AEAT does: the four recorded answers read the same way as its own', async () => {
    const leer = async (nombre: string) => leerRespuesta(await readFile(`${AEAT}respuestas/${nombre}`, 'utf8'));
    expect(await leer('aceptado.xml')).toEqual({
      tipo: 'respuesta', csv: 'A-YDSW8NLFLANWPM', tiempoEspera: 60, estadoEnvio: 'Correcto',
      lineas: [{ clave: 'A39200019|INV/2024/00026|30-12-2024|alta', estado: 'Correcto', codigo: undefined, descripcion: undefined, duplicado: undefined }],
    });
    expect(await leer('aceptado-con-errores.xml')).toMatchObject({ estadoEnvio: 'ParcialmenteCorrecto', csv: 'A-X2CPJ3HE3AFADY', lineas: [{ estado: 'AceptadoConErrores', codigo: 2005 }] });
    expect(await leer('rechazado.xml')).toMatchObject({ estadoEnvio: 'Incorrecto', csv: undefined, lineas: [{ estado: 'Incorrecto', codigo: 1244, descripcion: 'El campo FechaHoraHusoGenRegistro tiene un formato incorrecto.' }] });
    expect(await leer('soap-fault-4102.xml')).toEqual({ tipo: 'fault', lado: 'Client', codigo: 4102, texto: 'Codigo[4102].El XML no cumple el esquema. Falta informar campo obligatorio.: NombreRazon' });
    expect(leerRespuesta(fault('Server', 3501, 'Error técnico de base de datos.'))).toMatchObject({ tipo: 'fault', lado: 'Server', codigo: 3501 });
    expect(leerRespuesta('<html><body>502 Bad Gateway</body></html>')).toMatchObject({ tipo: 'ilegible' });
    expect(leerRespuesta('no es xml')).toMatchObject({ tipo: 'ilegible' });
  });
});
