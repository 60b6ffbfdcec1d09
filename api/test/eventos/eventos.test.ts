// GET /eventos (docs/arquitectura.md §17): a committed write reaches the open streams of the
// sessions whose role reads it, as {recurso, id, accion, version, loginId}; a write that fails or
// rolls back reaches none; a client resuming with Last-Event-ID gets what it missed; heartbeats
// keep it open; a logout or a change of the account's role ends it; an account holds a bounded
// number of streams whatever its sessions, the process too, and a reader that stops reading is
// dropped. One process here, on either database (the PostgreSQL path goes through NOTIFY and
// LISTEN even so); across processes: proxy.test.ts in this folder.
import { request } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { conflict } from '../../src/base/errors.js';
import type { Action, Rol } from '../../src/base/types.js';
import { registry as entidades } from '../../src/resources/index.js';
import { createRegistry } from '../../src/rest/registry.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { cuentaCon, type Cuenta } from '../support/cuentas.js';
import { abrirFlujo, type FlujoSse, type MensajeSse } from '../support/sse.js';

const LATIDO_MS = 300;
const POR_CUENTA = 4;

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

/** Another session of the same account, as logging in again in another browser makes one. */
async function otraSesion(cuenta: Cuenta): Promise<string> {
  const res = await fetch(`${base}/logins/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ usuario: cuenta.usuario, pass: 'una clave bien larga' }) });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

async function nuevoCurso(titulo = `Curso ${Math.random().toString(36).slice(2, 8)}`) {
  const res = await t.call('POST', '/cursos', { titulo, precio: 1500 });
  expect(res.status).toBe(200);
  return res.body.id as number;
}

beforeAll(async () => {
  t = await createTestApp({ EVENTOS_MAX_POR_CUENTA: String(POR_CUENTA) }, undefined, undefined, undefined, undefined, { latidoMs: LATIDO_MS });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  adminId = Number((await t.call('GET', '/logins/me')).body.id);
});

afterEach(() => {
  for (const f of abiertos.splice(0)) f.cerrar();
});

afterAll(async () => {
  // fetch's pool can be left holding a connection it opened after a stream was aborted and never
  // sent a request on; the server's close would wait for it as for a client that is still coming.
  t?.app.server.closeAllConnections();
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

  it('ignores a Last-Event-ID that is no event of its (past what the log counts), rather than failing', async () => {
    const g = await flujo(t.cookie, { 'last-event-id': String(2 ** 31) });
    expect(g.status).toBe(200);
    const vivo = await nuevoCurso();
    await g.esperar(de('cursos', vivo));
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

  it('limits the streams one account holds across its sessions, in the error envelope', async () => {
    const cuenta = await cuentaCon(t, 'contable');
    // Each stream from a session of its own: logging in again opens no fresh allowance.
    for (let i = 0; i < POR_CUENTA; i++) expect((await flujo(await otraSesion(cuenta))).status).toBe(200);
    const res = await fetch(`${base}/eventos`, { headers: { cookie: await otraSesion(cuenta) } });
    expect(res.status).toBe(429);
    expect((await res.json()).error.message).toMatch(/Tu cuenta ya tiene 4 pestañas/);
    // Another account is not held back by this one's.
    expect((await flujo((await cuentaCon(t, 'contable')).cookie)).status).toBe(200);
  });

  it('ends the stream of an account whose role changes before it hears anything its new role does not read', async () => {
    const cuenta = await cuentaCon(t, 'administrador');
    const f = await flujo(cuenta.cookie);
    await f.esperar((m) => m.retry !== undefined);
    expect((await t.call('PATCH', `/logins/${cuenta.id}`, { rol: 'editor' })).status).toBe(204);
    // At once, well before a heartbeat: the editor's stream must not carry a pago.
    const usuario = await t.call('POST', '/usuarios', { nombre: 'Ana', apellidos: 'Ruiz', email: `ana-${Date.now()}@example.com` });
    const pago = await t.call('POST', '/pagos', { usuarioId: usuario.body.id, importe: 100, metodo: 'tarjeta', fecha: '2026-01-01T00:00:00Z' });
    expect(pago.status).toBe(200);
    let fin = false;
    await Promise.race([f.terminado.then(() => (fin = true)), new Promise((r) => setTimeout(r, LATIDO_MS * 10))]);
    expect(fin).toBe(true);
    expect(f.mensajes.filter((m) => m.json?.recurso === 'pagos')).toEqual([]);
  });

  it('ends a stream at the next heartbeat when the role changed where no event tells of it', async () => {
    const cuenta = await cuentaCon(t, 'contable');
    const f = await flujo(cuenta.cookie);
    await f.esperar((m) => m.retry !== undefined);
    // As a command on the database would (scripts/create-admin.ts): no write of the API, no event.
    await t.db('logins').where({ id: cuenta.id }).update({ rol: 'editor' });
    let fin = false;
    await Promise.race([f.terminado.then(() => (fin = true)), new Promise((r) => setTimeout(r, LATIDO_MS * 10))]);
    expect(fin).toBe(true);
  });
});

describe('GET /eventos within the limits of one process', () => {
  // On a Unix socket, whose buffers hold some tens of kilobytes: a reader that stops reading
  // fills them with a few hundred events, where TCP on loopback would take megabytes first.
  let p: TestApp;
  const socketPath = join(tmpdir(), `aula-eventos-${process.pid}-${Date.now()}.sock`);
  const sockets: Socket[] = [];

  /** The status GET /eventos answers this session; the stream, if any, is closed at once. */
  const estadoDe = (cookie: string) =>
    new Promise<number>((resolve, reject) => {
      const req = request({ socketPath, path: '/eventos', headers: { cookie, accept: 'text/event-stream' } }, (res) => {
        resolve(res.statusCode!);
        req.destroy();
      });
      req.on('error', reject);
      req.end();
    });

  /** A stream whose reader reads its answer's first line and then nothing more. */
  const abrirParado = (cookie: string) =>
    new Promise<Socket>((resolve, reject) => {
      const s = connect(socketPath);
      sockets.push(s);
      let leido = '';
      s.on('error', () => undefined);
      s.on('data', (d) => {
        leido += d;
        if (!leido.includes('\r\n')) return;
        s.pause();
        s.removeAllListeners('data');
        if (leido.startsWith('HTTP/1.1 200')) resolve(s);
        else reject(new Error(`GET /eventos answered ${leido.split('\r\n')[0]}`));
      });
      s.write(`GET /eventos HTTP/1.1\r\nHost: aula\r\nAccept: text/event-stream\r\nCookie: ${cookie}\r\n\r\n`);
    });

  /** Until the account's stream is let go by the server (a close is seen a moment later). */
  async function hastaQueAbra(cookie: string): Promise<number> {
    let status = 0;
    for (let i = 0; i < 50 && (status = await estadoDe(cookie)) !== 200; i++) await new Promise((r) => setTimeout(r, 50));
    return status;
  }

  beforeAll(async () => {
    p = await createTestApp({ EVENTOS_MAX_POR_CUENTA: '1', EVENTOS_MAX_FLUJOS: '3', EVENTOS_MAX_PENDIENTE_KB: '16' });
    await p.app.listen({ path: socketPath });
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.destroy();
  });
  afterAll(async () => {
    await p?.destroy();
  });

  it('refuses a stream past the process cap with 503, whichever account asks', async () => {
    const cuentas = await Promise.all(['contable', 'editor', 'administrador', 'editor'].map((rol) => cuentaCon(p, rol as Rol)));
    for (const c of cuentas.slice(0, 3)) await abrirParado(c.cookie);
    expect(await estadoDe(cuentas[3].cookie)).toBe(503);
    for (const s of sockets.splice(0)) s.destroy();
    expect(await hastaQueAbra(cuentas[3].cookie)).toBe(200);
  });

  it('drops a reader that stops reading once what waits for it passes the limit, freeing its place', async () => {
    const cuenta = await cuentaCon(p, 'contable');
    await abrirParado(cuenta.cookie);
    // Its one stream is held: a second is refused.
    expect(await estadoDe(cuenta.cookie)).toBe(429);
    const cursoId = (await p.call('POST', '/cursos', { titulo: 'Con muchas clases', precio: 1500 })).body.id;
    const ahora = new Date().toISOString();
    await p.db('clases').insert(Array.from({ length: 200 }, (_, i) => ({ titulo: `Parada ${i}`, cursoId, orden: i, createdAt: ahora, updatedAt: ahora })));
    const where = encodeURIComponent(JSON.stringify({ cursoId }));
    // 200 events a write, some 20 KB: a few fill the socket's buffers and pass the limit.
    let status = 429;
    for (let i = 0; i < 10 && status === 429; i++) {
      expect((await p.call('PATCH', `/clases?where=${where}`, { duracion: i })).body).toEqual({ count: 200 });
      status = await estadoDe(cuenta.cookie);
    }
    expect(status).toBe(200);
  });
});
