// What an account may write to the activity log itself (POST /logs, issue 29 item 18): a tipo of
// plain ASCII letters, digits and hyphens that is not one of the audit's own, whatever its case
// (so no homoglyph, fullwidth or invisible character passes for «DELETE»), and only so many
// entries per account in a window, however many sessions or requests at once. SQLite and, with
// TEST_DATABASE_URL, PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mensajes } from '../../src/mensajes.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { cuentaCon, type Cuenta } from '../support/cuentas.js';

const MAX = 5;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ ACTIVIDAD_MAX_POR_CUENTA: String(MAX), ACTIVIDAD_VENTANA_MINUTOS: '60' });
});
afterAll(async () => {
  await t?.destroy();
});

const entrada = (tipo: string) => ({ tipo, fecha: new Date().toISOString(), datos: 'prueba' });
const filas = async () => Number((await t.db('logs').count({ n: '*' }))[0].n);

describe('the tipo of an entry a client writes', () => {
  it('is refused when it only looks like the audit’s own: another script’s letters, fullwidth, invisible, spaced', async () => {
    const editor = await cuentaCon(t, 'editor');
    const disfraces = ['DЕLETE', 'ԁelete', 'ΒACK-LOGIN', 'ＤＥＬＥＴＥ', 'DE\u200bLETE', '\u2060UPDATE', ' Delete ', 'CRE ATE', 'BACK_LOGIN', 'é'];
    const antes = await filas();
    for (const tipo of disfraces) {
      const res = await editor.call('POST', '/logs', entrada(tipo));
      expect(res.status, JSON.stringify(tipo)).toBe(422);
      expect(res.body.error.details[0], JSON.stringify(tipo)).toMatchObject({ path: '/tipo', code: 'pattern', message: mensajes.validacion.patron.tipo });
    }
    expect(await filas()).toBe(antes);
  });

  it('is refused when it is one of the audit’s own in any case, and stored in capitals otherwise', async () => {
    const editor = await cuentaCon(t, 'editor');
    for (const tipo of ['DELETE', 'delete', 'Prohibido', 'mfa-alta', 'rol']) {
      const res = await editor.call('POST', '/logs', entrada(tipo));
      expect(res.status, tipo).toBe(422);
      expect(res.body.error.details[0], tipo).toMatchObject({ path: '/tipo', code: 'reserved', message: mensajes.validacion.tipoReservado(tipo.toUpperCase()) });
    }
    const guardada = await editor.call('POST', '/logs', entrada('back-login'));
    expect(guardada.status).toBe(200);
    expect(guardada.body).toMatchObject({ tipo: 'BACK-LOGIN', loginId: editor.id });
  });
});

describe('how many entries an account writes', () => {
  const otraSesion = async (cuenta: Cuenta) => {
    const res = await t.call('POST', '/logins/login', { usuario: cuenta.usuario, pass: 'una clave bien larga' }, { cookie: '' });
    const setCookie = res.headers['set-cookie'];
    return (Array.isArray(setCookie) ? setCookie : [setCookie]).map((c) => String(c).split(';')[0]).join('; ');
  };

  it('is at most the window’s allowance across its sessions: then 429 in Spanish with Retry-After, and nothing written', async () => {
    const contable = await cuentaCon(t, 'contable');
    for (let i = 0; i < MAX; i++) {
      const cookie = i % 2 ? contable.cookie : await otraSesion(contable);
      expect((await t.call('POST', '/logs', entrada('BACK-LOGIN'), { cookie })).status, String(i)).toBe(200);
    }
    // Opened first: a login is itself a write of the account, in its history.
    const otra = await otraSesion(contable);
    const antes = await filas();
    const res = await t.call('POST', '/logs', entrada('BACK-LOGIN'), { cookie: otra });
    expect(res.status).toBe(429);
    expect(res.body.error).toMatchObject({ statusCode: 429, message: mensajes.actividad.demasiadas(MAX, 60) });
    const espera = Number(res.headers['retry-after']);
    expect(espera).toBeGreaterThan(3000);
    expect(espera).toBeLessThanOrEqual(3600);
    expect(await filas()).toBe(antes);
    // Another account has its own allowance.
    expect((await (await cuentaCon(t, 'contable')).call('POST', '/logs', entrada('BACK-LOGIN'))).status).toBe(200);
  });

  it('gets exactly its allowance from a burst of requests at once', async () => {
    const editor = await cuentaCon(t, 'editor');
    const estados = await Promise.all(Array.from({ length: 3 * MAX }, () => editor.call('POST', '/logs', entrada('BACK-LOGIN'))));
    expect(estados.filter((r) => r.status === 200)).toHaveLength(MAX);
    expect(estados.filter((r) => r.status === 429)).toHaveLength(2 * MAX);
    expect(Number((await t.db('logs').where({ loginId: editor.id, tipo: 'BACK-LOGIN' }).count({ n: '*' }))[0].n)).toBe(MAX);
  });

  it('holds back none of the server\'s rows about the account once it used its allowance: its password change, its refusals', async () => {
    const editor = await cuentaCon(t, 'editor');
    for (let i = 0; i < MAX; i++) expect((await editor.call('POST', '/logs', entrada('BACK-LOGIN'))).status).toBe(200);
    expect((await editor.call('POST', '/logs', entrada('BACK-LOGIN'))).status).toBe(429);
    const nueva = 'Otra clave bien larga 30';
    expect((await editor.call('POST', '/cuenta/contrasena', { actual: 'una clave bien larga', nueva })).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await editor.call('DELETE', '/pagos/1')).status).toBe(403);
    const suyas = await t.db('logs').where({ loginId: editor.id }).whereIn('tipo', ['CONTRASENA', 'PROHIBIDO']).orderBy('id');
    expect(suyas).toEqual([expect.objectContaining({ tipo: 'CONTRASENA', recursoId: editor.id }), expect.objectContaining({ tipo: 'PROHIBIDO' })]);
    expect(JSON.parse(suyas[1].datos)).toMatchObject({ ruta: 'DELETE /pagos/:id', veces: 2 });
  });

  it('counts only what the account wrote itself: the audit rows of its writes do not use it up', async () => {
    const admin = await cuentaCon(t, 'administrador');
    for (let i = 0; i < 2 * MAX; i++) expect((await admin.call('POST', '/categorias', { nombre: `Cuota ${admin.id}-${i}` })).status).toBe(200);
    expect((await admin.call('POST', '/logs', entrada('BACK-LOGIN'))).status).toBe(200);
  });
});
