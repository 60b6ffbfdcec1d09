// An account's own writes, the administrador's on it and the server's are changes of its record
// (issue 30, items 1 and 3): a login, a password changed in Mi cuenta, a reset, create-admin's
// recovery and the first administrador at start-up each leave a row in the account's history,
// named, saying who did it, and reach the live lists. A login that rehashes an old hash changes
// nothing else. SQLite and, with TEST_DATABASE_URL, PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveAdministrator } from '../../src/auth/administrators.js';
import { hashPassword, needsRehash, verifyPassword } from '../../src/auth/passwords.js';
import { prepareDatabase } from '../../src/preparacion.js';
import { createTestApp, readHistorial, type TestApp } from '../support/app.js';
import { cuentaCon } from '../support/cuentas.js';
import { createTestDb, EMISOR, repositoryOf, testConfig } from '../support/db.js';
import { abrirFlujo, type FlujoSse, type MensajeSse } from '../support/sse.js';

const CLAVE = 'una clave bien larga';

let t: TestApp;
let base: string;
let flujo: FlujoSse;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  // The administrador's stream, open before anything below: what an open list of accounts hears.
  flujo = await abrirFlujo(`${base}/eventos`, t.cookie);
});
afterAll(async () => {
  flujo?.cerrar();
  await t?.destroy();
});

const historial = (id: number) => readHistorial(t, 'logins', id);
const de = (id: number, accion: string) => (m: MensajeSse) => m.json?.recurso === 'logins' && m.json.id === id && m.json.accion === accion;
const eventosDe = (id: number, tipo: string) => t.db('logs').where({ recurso: 'logins', recursoId: id, tipo });

async function entrar(usuario: string, pass = CLAVE) {
  const res = await t.app.inject({ method: 'POST', url: '/logins/login', payload: { usuario, pass } });
  expect(res.statusCode, res.body).toBe(200);
  return { fase: res.json().fase as string | null, cookie: res.cookies.map((c) => `${c.name}=${c.value}`).join('; ') };
}

describe('an account\'s history', () => {
  it('shows each login as «entrar», by the account itself, with its last access; announced live', async () => {
    const c = await cuentaCon(t, 'editor');
    const [primera] = await historial(c.id);
    expect(primera).toMatchObject({ accion: 'entrar', login: { id: c.id, usuario: c.usuario }, cambios: { ultimoAcceso: [null, expect.any(String)] } });
    await flujo.esperar(de(c.id, 'entrar'));

    await entrar(c.usuario);
    const [segunda] = await historial(c.id);
    // Its last access and nothing else: the password's hash is current, so it is left alone.
    expect(segunda).toMatchObject({ accion: 'entrar', version: primera.version + 1, cambios: { ultimoAcceso: [primera.cambios.ultimoAcceso[1], expect.any(String)] } });
    expect(Object.keys(segunda.cambios)).toEqual(['ultimoAcceso']);
  });

  it('shows a password changed in Mi cuenta as «cambiarContrasena», by the account, «cambiada», with one CONTRASENA row', async () => {
    const c = await cuentaCon(t, 'contable');
    const nueva = 'Otra clave muy distinta 2026';
    const res = await c.call('POST', '/cuenta/contrasena', { actual: CLAVE, nueva });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [fila] = await historial(c.id);
    expect(fila).toMatchObject({ accion: 'cambiarContrasena', login: { id: c.id }, cambios: { pass: 'cambiada' } });
    expect(JSON.stringify(fila)).not.toContain('scrypt$');
    expect(await eventosDe(c.id, 'CONTRASENA')).toHaveLength(1);
    await flujo.esperar(de(c.id, 'cambiarContrasena'));
    // Stored once, hashed once: the new password is the one that opens the account.
    expect((await entrar(c.usuario, nueva)).fase).toBeNull();
  });

  it('shows a reset as «restablecer», by the administrador; the temporary password must still be replaced after its login', async () => {
    const c = await cuentaCon(t, 'editor');
    const res = await t.call('POST', `/logins/${c.id}/restablecer`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [fila] = await historial(c.id);
    expect(fila).toMatchObject({ accion: 'restablecer', login: { usuario: 'admin' }, cambios: { pass: 'cambiada', debeCambiarPass: [false, true] } });
    await flujo.esperar(de(c.id, 'restablecer'));
    expect((await entrar(c.usuario, res.body.pass)).fase).toBe('cambiarPass');
    expect((await historial(c.id))[0]).toMatchObject({ accion: 'entrar', login: { id: c.id } });
    expect((await t.db('logins').where('id', c.id).first('debeCambiarPass')).debeCambiarPass).toBeTruthy();
  });

  it('shows a login that upgrades an old hash as «entrar» and nothing more: the password, the mark and the other sessions stay', async () => {
    const c = await cuentaCon(t, 'editor');
    // Hashed with older parameters, and reset meanwhile: the login rehashes while it has the password.
    const viejos = { ...t.config.scrypt, N: t.config.scrypt.N / 2 };
    await t.db('logins').where('id', c.id).update({ pass: await hashPassword(CLAVE, viejos), debeCambiarPass: true });
    expect((await entrar(c.usuario)).fase).toBe('cambiarPass');
    const { pass, debeCambiarPass } = await t.db('logins').where('id', c.id).first('pass', 'debeCambiarPass');
    expect(needsRehash(pass, t.config.scrypt)).toBe(false);
    expect(await verifyPassword(CLAVE, pass)).toBe(true);
    expect(debeCambiarPass).toBeTruthy();
    expect((await c.call('GET', '/logins/me')).status).toBe(200);
    expect(await eventosDe(c.id, 'CONTRASENA')).toHaveLength(0);
    expect((await historial(c.id))[0]).toMatchObject({ accion: 'entrar', login: { id: c.id }, cambios: { pass: 'cambiada' } });
  });

  it('shows create-admin\'s recovery as the server\'s «recuperarAdministrador», with the role it gave', async () => {
    const c = await cuentaCon(t, 'contable');
    expect(await saveAdministrator(repositoryOf(t.db), c.usuario, 'Recuperada-desde-el-servidor-30')).toEqual({ resultado: 'restablecido', factorQuitado: false });
    const [fila] = await historial(c.id);
    expect(fila).toMatchObject({ accion: 'recuperarAdministrador', login: null, cambios: { rol: ['contable', 'administrador'], pass: 'cambiada' } });
    expect(await eventosDe(c.id, 'RESTABLECIDA')).toEqual([expect.objectContaining({ loginId: null })]);
    expect(await eventosDe(c.id, 'ROL')).toEqual([expect.objectContaining({ loginId: null, datos: JSON.stringify({ antes: 'contable', despues: 'administrador' }) })]);
    expect((await entrar(c.usuario, 'Recuperada-desde-el-servidor-30')).fase).toBeNull();
  });
});

describe('the first administrador at start-up', () => {
  it('is created by the server, in its history', async () => {
    const d = await createTestDb();
    try {
      const config = testConfig(d.database, { NODE_ENV: 'production', ...EMISOR, VERIFACTU: 'desactivado', ADMIN_USUARIO: 'jefa', ADMIN_PASSWORD: 'una clave larga' });
      expect((await prepareDatabase(d.db, config, { log: () => {} })).seeded).toBe('admin');
      const jefa = await d.db('logins').where('usuario', 'jefa').first();
      expect(jefa).toMatchObject({ rol: 'administrador', version: 1 });
      expect(jefa.debeCambiarPass).toBeFalsy();
      const alta = await d.db('logs').where({ recurso: 'logins', recursoId: jefa.id });
      expect(alta).toEqual([expect.objectContaining({ tipo: 'CREATE', loginId: null, version: 1, datos: JSON.stringify({ accion: 'primerAdministrador' }) })]);
      expect(JSON.parse(alta[0].cambios)).toMatchObject({ usuario: [null, 'jefa'], pass: 'cambiada' });
    } finally {
      await d.destroy();
    }
  });
});
