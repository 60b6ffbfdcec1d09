// Live changes across processes (docs/arquitectura.md §17): two API instances on one PostgreSQL
// behind Debian's haproxy, configured as README «Producción» says. An event stream held through
// the proxy lands on one instance; a write on either reaches it within two seconds (the issue's
// requirement), through NOTIFY/LISTEN when the write was made on the other. Roles hold across
// processes too. PostgreSQL only, like api/test/proxy.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/auth/passwords.js';
import type { ChildApi } from '../support/child-api.js';
import { createTestDb, testConfig, type TestDb } from '../support/db.js';
import { dosInstanciasTrasHaproxy, type Haproxy } from '../support/haproxy.js';
import { abrirFlujo, type FlujoSse, type MensajeSse } from '../support/sse.js';

let t: TestDb;
let a: ChildApi;
let b: ChildApi;
let proxy: Haproxy;
const abiertos: FlujoSse[] = [];

beforeAll(async () => {
  t = await createTestDb();
  const env = { FFMPEG_PATH: '/nonexistent-ffmpeg', FFPROBE_PATH: '/nonexistent-ffprobe', TRUST_PROXY: '127.0.0.1' };
  ({ a, b, proxy } = await dosInstanciasTrasHaproxy(t.database, env));
}, 120_000);

afterAll(async () => {
  for (const f of abiertos) f.cerrar();
  await proxy?.stop();
  await Promise.all([a, b].filter(Boolean).map((x) => x.kill('SIGTERM')));
  await t?.destroy();
});

async function cuentaDeEditor(): Promise<string> {
  const now = new Date().toISOString();
  const usuario = `editor-${Date.now()}`;
  const pass = 'una clave bien larga';
  await t.db('logins').insert({ usuario, pass: await hashPassword(pass, testConfig(t.database).scrypt), nombre: 'Editor', activo: true, rol: 'editor', createdAt: now, updatedAt: now });
  return a.login(usuario, pass);
}

const de = (recurso: string, id: number) => (m: MensajeSse) => m.json?.recurso === recurso && m.json.id === id;

/** A write's answer, then how long until the stream had its event (0 if it came first). */
async function escribirYEsperar(f: FlujoSse, escribir: () => Promise<{ status: number; body: any }>, recurso: string) {
  const res = await escribir();
  expect(res.status).toBe(200);
  const respondida = performance.now();
  await f.esperar(de(recurso, res.body.id), 10_000);
  return { id: res.body.id as number, ms: performance.now() - respondida };
}

describe('live changes behind haproxy, across two instances', () => {
  it('brings a write made on either instance to a stream held through the proxy within 2 s', async () => {
    const cookie = await a.login();
    const f = await abrirFlujo(`${proxy.url}/eventos`, cookie);
    abiertos.push(f);
    expect(f.status).toBe(200);
    expect(f.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await f.esperar((m) => m.retry !== undefined);
    // The stream is on one of the two: a write on each is, once, a write on the other.
    for (const api of [a, b, a, b]) {
      const { ms } = await escribirYEsperar(f, () => api.call('POST', '/categorias', { nombre: `Viva ${Math.random().toString(36).slice(2, 8)}` }, { cookie }), 'categorias');
      expect(ms).toBeLessThan(2000);
    }
  });

  it('keeps what a role cannot read out of its stream, whichever instance wrote it', async () => {
    const admin = await a.login();
    const editor = await cuentaDeEditor();
    const f = await abrirFlujo(`${proxy.url}/eventos`, editor);
    abiertos.push(f);
    await f.esperar((m) => m.retry !== undefined);
    const usuario = await b.call('POST', '/usuarios', { nombre: 'Marta', apellidos: 'Gil', email: `marta-${Date.now()}@example.com` }, { cookie: admin });
    expect(usuario.status).toBe(200);
    for (const api of [a, b]) {
      const pago = await api.call('POST', '/pagos', { usuarioId: usuario.body.id, importe: 100, metodo: 'tarjeta', fecha: '2026-01-01T00:00:00Z' }, { cookie: admin });
      expect(pago.status).toBe(200);
    }
    const curso = await a.call('POST', '/cursos', { titulo: 'Marca', precio: 100 }, { cookie: admin });
    await f.esperar(de('cursos', curso.body.id));
    expect(f.mensajes.filter((m) => m.json).map((m) => m.json.recurso)).toEqual(['usuarios', 'cursos']);
  });
});
