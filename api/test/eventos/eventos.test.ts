// GET /eventos (docs/arquitectura.md §17): a committed write reaches the open streams of the
// sessions whose role reads it, as {recurso, id, accion, version, loginId}; a write that fails or
// rolls back reaches none; a client resuming with Last-Event-ID gets what it missed; heartbeats
// keep it open; a logout ends it. One process here, on either database (the PostgreSQL path goes
// through NOTIFY and LISTEN even so); across processes: proxy.test.ts in this folder.
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { conflict } from '../../src/base/errors.js';
import type { Action } from '../../src/base/types.js';
import { registry as entidades } from '../../src/resources/index.js';
import { createRegistry } from '../../src/rest/registry.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { cuentaCon, type Cuenta } from '../support/cuentas.js';
import { abrirFlujo, type FlujoSse, type MensajeSse } from '../support/sse.js';

const LATIDO_MS = 300;

let t: TestApp;
let base: string;
let adminId: number;
const abiertos: FlujoSse[] = [];

async function flujo(cookie = t.cookie, extra: Record<string, string> = {}) {
  const f = await abrirFlujo(`${base}/eventos`, cookie, extra);
  abiertos.push(f);
  return f;
}

const de = (recurso: string, id?: number, accion?: string) => (m: MensajeSse) =>
  m.json?.recurso === recurso && (id === undefined || m.json.id === id) && (accion === undefined || m.json.accion === accion);

async function nuevoCurso(titulo = `Curso ${Math.random().toString(36).slice(2, 8)}`) {
  const res = await t.call('POST', '/cursos', { titulo, precio: 1500 });
  expect(res.status).toBe(200);
  return res.body.id as number;
}

beforeAll(async () => {
  t = await createTestApp({}, undefined, undefined, undefined, undefined, { latidoMs: LATIDO_MS, maxPorSesion: 5 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  adminId = Number((await t.call('GET', '/logins/me')).body.id);
});

afterEach(() => {
  for (const f of abiertos.splice(0)) f.cerrar();
});

afterAll(async () => {
  await t?.destroy();
});

describe('GET /eventos', () => {
  it('is an event stream with a retry delay, and refuses a caller without a session', async () => {
    const f = await flujo();
    expect(f.status).toBe(200);
    expect(f.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(f.headers.get('cache-control')).toContain('no-transform');
    await f.esperar((m) => m.retry !== undefined);
    const anonimo = await fetch(`${base}/eventos`);
    expect(anonimo.status).toBe(401);
    expect((await anonimo.json()).error.statusCode).toBe(401);
  });

  it('announces a create, an update and a delete once committed, with the log id and who wrote it', async () => {
    const f = await flujo();
    const id = await nuevoCurso();
    const creado = await f.esperar(de('cursos', id, 'crear'));
    // The version the create left (records keep one: docs/arquitectura.md §17).
    expect(creado.json).toEqual({ recurso: 'cursos', id, accion: 'crear', version: 1, loginId: adminId });
    const fila = await t.db('logs').where({ recurso: 'cursos', recursoId: id, tipo: 'CREATE' }).first('id');
    expect(creado.id).toBe(String(fila.id));

    expect((await t.call('PATCH', `/cursos/${id}`, { titulo: 'Otro título' })).status).toBe(204);
    const cambiado = await f.esperar(de('cursos', id, 'cambiar'));
    expect(Number(cambiado.id)).toBeGreaterThan(Number(creado.id));
    expect(cambiado.json.version).toBe(2);
    expect((await t.call('DELETE', `/cursos/${id}`)).status).toBe(204);
    await f.esperar(de('cursos', id, 'borrar'));
    // Never a field's value.
    for (const m of f.mensajes.filter((x) => x.json)) expect(Object.keys(m.json).sort()).toEqual(['accion', 'id', 'loginId', 'recurso', 'version']);
  });

  it('announces each record of a bulk write, a nested create and an action', async () => {
    const f = await flujo();
    const cursoId = await nuevoCurso();
    const nombres = ['Bulk A', 'Bulk B'];
    const ids: number[] = [];
    for (const nombre of nombres) ids.push((await t.call('POST', '/categorias', { nombre })).body.id);
    const where = encodeURIComponent(JSON.stringify({ nombre: { inq: nombres } }));
    expect((await t.call('PATCH', `/categorias?where=${where}`, { orden: 7 })).body).toEqual({ count: 2 });
    const [a, b] = await Promise.all(ids.map((id) => f.esperar(de('categorias', id, 'cambiar'))));
    // One audit row per record (each record's history is its own), each event its row's id.
    expect(a.id).not.toBe(b.id);
    expect(a.json.version).toBe(2);

    const clase = await t.call('POST', `/cursos/${cursoId}/clases`, { titulo: 'Primera', orden: 1 });
    expect(clase.status).toBe(200);
    await f.esperar(de('clases', clase.body.id, 'crear'));

    expect((await t.call('PUT', `/cursos/${cursoId}/clases/orden`, { clases: [clase.body.id] })).status).toBeLessThan(300);
    await f.esperar(de('cursos', cursoId, 'reordenarClases'));
  });

  it('announces nothing of a write that was refused or rolled back', async () => {
    const f = await flujo();
    expect((await t.call('POST', '/cursos', { titulo: '', precio: -5 })).status).toBe(422);
    // An action that creates a record and then fails: its CREATE row was written and rolled back.
    const fallar: Action = {
      method: 'POST',
      path: 'fallar',
      summary: 'Crea una categoría y falla',
      body: { type: 'object' },
      async run(_id, _body, ctx) {
        await ctx.create('categorias', { nombre: 'Nunca confirmada' });
        throw conflict('No.');
      },
    };
    const otra = await createTestApp({}, undefined, undefined, undefined, createRegistry({ ...entidades.resources, categorias: { ...entidades.resources.categorias, actions: { fallar } } }));
    try {
      await otra.app.listen({ port: 0, host: '127.0.0.1' });
      const g = await abrirFlujo(`http://127.0.0.1:${(otra.app.server.address() as AddressInfo).port}/eventos`, otra.cookie);
      abiertos.push(g);
      const cat = (await otra.call('POST', '/categorias', { nombre: 'Base' })).body.id;
      await g.esperar(de('categorias', cat, 'crear'));
      expect((await otra.call('POST', `/categorias/${cat}/fallar`, {})).status).toBe(409);
      expect(await otra.db('categorias').where({ nombre: 'Nunca confirmada' }).first()).toBeUndefined();
      const despues = (await otra.call('POST', '/categorias', { nombre: 'Después' })).body.id;
      await g.esperar(de('categorias', despues, 'crear'));
      // Events of one process arrive in commit order: had the rolled-back one been sent, it would be here.
      expect(g.mensajes.filter((m) => m.json).map((m) => m.json.id)).toEqual([cat, despues]);
    } finally {
      await otra.destroy();
    }
    const despues = await nuevoCurso();
    await f.esperar(de('cursos', despues, 'crear'));
    expect(f.mensajes.filter((m) => m.json).map((m) => m.json.id)).toEqual([despues]);
  });

  it('sends each session only what its role reads: no pagos to an editor, no other account to a contable', async () => {
    const editor = await cuentaCon(t, 'editor');
    const contable = await cuentaCon(t, 'contable');
    const [fe, fc] = [await flujo(editor.cookie), await flujo(contable.cookie)];
    const usuario = await t.call('POST', '/usuarios', { nombre: 'Marta', apellidos: 'Gil', email: `marta-${Date.now()}@example.com` });
    expect(usuario.status).toBe(200);
    const pago = await t.call('POST', '/pagos', { usuarioId: usuario.body.id, importe: 100, metodo: 'tarjeta', fecha: '2026-01-01T00:00:00Z' });
    expect(pago.status).toBe(200);
    const otraCuenta: Cuenta = await cuentaCon(t, 'editor');
    expect((await t.call('PATCH', `/logins/${otraCuenta.id}`, { nombre: 'Otro nombre' })).status).toBe(204);
    expect((await t.call('PATCH', `/logins/${contable.id}`, { nombre: 'La contable' })).status).toBe(204);
    const marca = await nuevoCurso();
    await Promise.all([fe.esperar(de('cursos', marca)), fc.esperar(de('cursos', marca))]);

    const vistos = (f: FlujoSse) => f.mensajes.filter((m) => m.json).map((m) => `${m.json.recurso} ${m.json.id}`);
    expect(vistos(fe)).toEqual([`usuarios ${usuario.body.id}`, `cursos ${marca}`]);
    expect(vistos(fc)).toEqual([`usuarios ${usuario.body.id}`, `pagos ${pago.body.id}`, `logins ${contable.id}`, `cursos ${marca}`]);
  });

  it('replays what a client missed after its Last-Event-ID, in order, then goes on live', async () => {
    const f = await flujo();
    const primero = await nuevoCurso();
    const visto = await f.esperar(de('cursos', primero));
    f.cerrar();
    const perdidos = [await nuevoCurso(), await nuevoCurso()];
    const g = await flujo(t.cookie, { 'last-event-id': visto.id! });
    const [a, b] = await Promise.all(perdidos.map((id) => g.esperar(de('cursos', id, 'crear'))));
    expect(Number(a.id)).toBeLessThan(Number(b.id));
    const vivo = await nuevoCurso();
    await g.esperar(de('cursos', vivo));
    expect(g.mensajes.filter((m) => m.json).map((m) => m.json.id)).toEqual([...perdidos, vivo]);
  });

  it('sends a heartbeat comment while nothing happens', async () => {
    const f = await flujo();
    expect(await f.esperarComentario(LATIDO_MS * 10)).toBe('latido');
  });

  it('ends the stream when its session ends', async () => {
    const cuenta = await cuentaCon(t, 'editor');
    const f = await flujo(cuenta.cookie);
    await f.esperar((m) => m.retry !== undefined);
    expect((await cuenta.call('POST', '/logins/logout')).status).toBeLessThan(300);
    let fin = false;
    await Promise.race([f.terminado.then(() => (fin = true)), new Promise((r) => setTimeout(r, LATIDO_MS * 10))]);
    expect(fin).toBe(true);
  });

  it('limits the streams one session holds, in the error envelope', async () => {
    const cuenta = await cuentaCon(t, 'contable');
    for (let i = 0; i < 5; i++) expect((await flujo(cuenta.cookie)).status).toBe(200);
    const res = await fetch(`${base}/eventos`, { headers: { cookie: cuenta.cookie } });
    expect(res.status).toBe(429);
    expect((await res.json()).error.message).toMatch(/pestañas/);
  });
});
