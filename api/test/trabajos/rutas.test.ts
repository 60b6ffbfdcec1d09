// The administrator's page of background work through the API: each kind with its state, last
// and next run and recent failures; «Reintentar» queues a failed job again, and the runner runs
// it. Both routes are the administrador's alone, and bad input is a 4xx in the envelope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tipos } from '../../src/trabajos/tipos.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { cuentaCon, type Cuenta } from '../support/cuentas.js';

let t: TestApp;
let contable: Cuenta;
const ahora = () => new Date().toISOString();

beforeAll(async () => {
  t = await createTestApp({}, undefined, undefined, undefined, undefined, undefined, { sondeoMs: 50 });
  contable = await cuentaCon(t, 'contable');
});
afterAll(() => t?.destroy());

/** A processing job that failed for good, for an upload whose archivo is gone (so its retry has nothing to do). */
async function fallido(clave: string, error = 'S3 no responde (ECONNREFUSED)') {
  const [fila] = await t.db('trabajos')
    .insert({ tipo: 'procesadoArchivos', clave, datos: JSON.stringify({ subida: clave }), estado: 'fallido', intentos: 31, generacion: 31, error, ejecutarEn: ahora(), inicio: ahora(), fin: ahora(), createdAt: ahora(), updatedAt: ahora() })
    .returning('id');
  return Number(fila.id ?? fila);
}

describe('GET /trabajos', () => {
  it('lists every kind with its Spanish label, state, runs and failures', async () => {
    // The runner schedules the recurring kinds on its first look.
    await expect.poll(() => t.db('trabajos').where({ tipo: 'barridoSubidas' }).first()).toBeTruthy();
    const id = await fallido('subida-rota');
    const r = await t.call('GET', '/trabajos');
    expect(r.status).toBe(200);
    // Every kind of the list, in its order, each with its label (a new kind needs no change here).
    expect(r.body.map((k: any) => [k.tipo, k.etiqueta])).toEqual(tipos.map((t) => [t.nombre, t.etiqueta]));
    for (const k of r.body) expect(k.etiqueta).toMatch(/^[A-ZÁÉÍÓÚ][a-záéíóúñ]/);
    const procesado = r.body.find((k: any) => k.tipo === 'procesadoArchivos');
    expect(procesado).toMatchObject({
      etiqueta: 'Procesado de archivos subidos',
      activo: true,
      cadaMs: null,
      unoALaVez: false,
      estado: 'conFallos',
      fallidos: 1,
      fallos: [{ id, clave: 'subida-rota', error: 'S3 no responde (ECONNREFUSED)', intentos: 31, fin: expect.any(String) }],
      ultima: { id, resultado: 'error', error: 'S3 no responde (ECONNREFUSED)' },
    });
    // HISTORIAL_DIAS is not set: the purge is off, and says so.
    expect(r.body.find((k: any) => k.tipo === 'purgaHistorial')).toMatchObject({ activo: false, estado: 'desactivado' });
    // A recurring kind has its next run scheduled from the moment the runner started.
    const barrido = r.body.find((k: any) => k.tipo === 'barridoSubidas');
    expect(barrido).toMatchObject({ activo: true, cadaMs: 3600_000, unoALaVez: true, estado: 'alDia', pendientes: 0 });
    expect(Date.parse(barrido.proxima)).toBeGreaterThan(Date.now() + 3500_000);
    await t.db('trabajos').where({ id }).delete();
  });

  it('is the administrador’s alone', async () => {
    const r = await contable.call('GET', '/trabajos');
    expect(r.status).toBe(403);
    expect(r.body.error).toMatchObject({ statusCode: 403, message: 'Tu cuenta (Contable) no tiene acceso a esta función' });
  });
});

describe('POST /trabajos/{id}/reintentar', () => {
  it('queues a failed job again, which the runner then runs, and leaves its row in the activity log', async () => {
    const id = await fallido('subida-perdida');
    const r = await t.call('POST', `/trabajos/${id}/reintentar`, {});
    expect(r.status).toBe(204);
    await expect.poll(async () => (await t.db('trabajos').where({ id }).first()).estado).toBe('hecho');
    expect(await t.db('trabajos').where({ id }).first()).toMatchObject({ intentos: 1, error: null });
    const [log] = await t.db('logs').where({ tipo: 'REINTENTO' });
    expect(JSON.parse(log.datos)).toEqual({ trabajo: id, tipo: 'Procesado de archivos subidos', clave: 'subida-perdida' });
  });

  it('refuses a job that is not failed, an unknown one and a malformed id, in the envelope', async () => {
    const id = await fallido('subida-otra');
    expect((await t.call('POST', `/trabajos/${id}/reintentar`, {})).status).toBe(204);
    const otraVez = await t.call('POST', `/trabajos/${id}/reintentar`, {});
    expect(otraVez.status).toBe(409);
    expect(otraVez.body.error.message).toMatch(/^Solo se reintenta un trabajo fallido; este está (pendiente|ejecutando|hecho)$/);
    const nadie = await t.call('POST', '/trabajos/999999/reintentar', {});
    expect(nadie.status).toBe(404);
    expect(nadie.body.error.message).toBe('No existe ese trabajo (quizá se limpió por antiguo)');
    expect((await t.call('POST', '/trabajos/uno/reintentar', {})).status).toBe(400);
  });

  it('refuses one whose clave another job already waits for: that one does the work', async () => {
    const id = await fallido('subida-doble');
    await t.db('trabajos').insert({ tipo: 'procesadoArchivos', clave: 'subida-doble', datos: '{"subida":"subida-doble"}', estado: 'pendiente', intentos: 0, generacion: 0, ejecutarEn: new Date(Date.now() + 3600_000).toISOString(), createdAt: ahora(), updatedAt: ahora() });
    const r = await t.call('POST', `/trabajos/${id}/reintentar`, {});
    expect(r.status).toBe(409);
    expect(r.body.error.message).toBe('Ya hay otro trabajo igual esperando o en marcha: no hace falta reintentar este');
    expect(await t.db('trabajos').where({ id }).first()).toMatchObject({ estado: 'fallido' });
  });

  it('is refused to the contable, with the refusal in the log, and nothing changes', async () => {
    const id = await fallido('subida-ajena');
    const r = await contable.call('POST', `/trabajos/${id}/reintentar`, {});
    expect(r.status).toBe(403);
    expect(await t.db('trabajos').where({ id }).first()).toMatchObject({ estado: 'fallido' });
    expect(await t.db('logs').where({ tipo: 'PROHIBIDO', loginId: contable.id })).toHaveLength(1);
  });
});

describe('OpenAPI', () => {
  it('documents both routes with their answers', async () => {
    const { body } = await t.call('GET', '/openapi.json');
    expect(body.paths['/trabajos'].get.responses['200'].content['application/json'].schema).toMatchObject({ type: 'array', items: { type: 'object', required: expect.arrayContaining(['tipo', 'estado', 'fallos']) } });
    expect(Object.keys(body.paths['/trabajos/{id}/reintentar'].post.responses)).toEqual(['204', '403', '404', '409']);
  });
});
