// Mi cuenta and the administrador's management of accounts (issue 23, «Accounts» 1, 2 and 4):
// one's own password and sessions, a reset that forces a new password at the next login, the
// last administrador never demoted, and the log rows each of them leaves. Runs on SQLite and,
// with TEST_DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/auth/passwords.js';
import type { Rol } from '../../src/base/types.js';
import { mensajes } from '../../src/mensajes.js';
import { createTestApp, type TestApp } from '../support/app.js';

const CLAVE = 'Cuenta-de-prueba-2026';
const NUEVA = 'Otra-clave-bien-larga-77';

let t: TestApp;
let adminId: number;
let cookieAdmin: string;

async function crear(usuario: string, rol: Rol = 'editor'): Promise<number> {
  const now = new Date().toISOString();
  await t.db('logins').insert({ usuario, pass: await hashPassword(CLAVE, t.config.scrypt), nombre: usuario, activo: true, rol, createdAt: now, updatedAt: now });
  return Number((await t.db('logins').where('usuario', usuario).first('id')).id);
}

/** Logs in with a User-Agent of its own; answers the status, the fase and the cookie. */
async function entrar(usuario: string, pass = CLAVE, ua = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0') {
  const res = await t.app.inject({ method: 'POST', url: '/logins/login', payload: { usuario, pass }, headers: { 'user-agent': ua } });
  return { status: res.statusCode, fase: res.json().fase as string | null, cookie: res.cookies.map((c) => `${c.name}=${c.value}`).join('; ') };
}

async function cookieDe(usuario: string, pass = CLAVE, ua?: string) {
  const r = await entrar(usuario, pass, ua);
  expect(r.status).toBe(200);
  return r.cookie;
}

const call = (method: string, url: string, body: unknown, cookie: string) => t.call(method, url, body, { cookie });
const me = async (cookie: string) => (await call('GET', '/logins/me', undefined, cookie)).status;
const eventos = async (tipo: string) => t.db('logs').where('tipo', tipo).orderBy('id');

beforeAll(async () => {
  t = await createTestApp();
  adminId = Number((await t.db('logins').where('usuario', 'admin').first('id')).id);
});

afterAll(async () => {
  await t?.destroy();
});

beforeEach(async () => {
  await t.db('sesiones').whereNot('loginId', adminId).delete();
  await t.db('logs').delete();
  await t.db('intentosLogin').delete();
  await t.db('logins').whereNot('id', adminId).delete();
  await t.db('logins').where('id', adminId).update({ activo: true, rol: 'administrador', debeCambiarPass: false });
  cookieAdmin = await cookieDe('admin', 'admin');
});

describe('POST /cuenta/contrasena', () => {
  it('refuses a wrong current password at «actual», and counts it as a failed login of that usuario', async () => {
    await crear('eva');
    const cookie = await cookieDe('eva');
    for (let i = 0; i < t.config.loginThrottle.maxPerUsuario; i++) {
      const res = await call('POST', '/cuenta/contrasena', { actual: 'no es la suya', nueva: NUEVA }, cookie);
      expect(res.status).toBe(422);
      expect(res.body.error.details).toEqual([expect.objectContaining({ path: '/actual', message: mensajes.cuenta.actualIncorrecta })]);
    }
    // The allowance is spent: not even the right password is checked now, here or at the login page.
    expect((await call('POST', '/cuenta/contrasena', { actual: CLAVE, nueva: NUEVA }, cookie)).status).toBe(429);
    expect((await entrar('eva')).status).toBe(429);
    expect((await entrar('eva', NUEVA)).status).toBe(429);
  });

  it('refuses a weak or unchanged new password at «nueva», and keeps the old one', async () => {
    await crear('eva');
    const cookie = await cookieDe('eva');
    for (const [nueva, motivo] of [
      ['corta', mensajes.auth.contrasena.corta(12)],
      ['password2024!', mensajes.auth.contrasena.comun],
      [CLAVE, mensajes.cuenta.igualQueActual],
    ]) {
      const res = await call('POST', '/cuenta/contrasena', { actual: CLAVE, nueva }, cookie);
      expect(res.status, nueva).toBe(422);
      expect(res.body.error.details).toEqual([expect.objectContaining({ path: '/nueva', message: motivo })]);
    }
    expect((await call('POST', '/cuenta/contrasena', { actual: CLAVE }, cookie)).status).toBe(422);
    expect((await entrar('eva')).status).toBe(200);
    expect(await eventos('CONTRASENA')).toHaveLength(0);
  });

  it('changes it: the other sessions end, this one stays, the new one logs in, the old one no longer, and it is in the log', async () => {
    const eva = await crear('eva');
    const otra = await cookieDe('eva');
    const esta = await cookieDe('eva');
    const res = await call('POST', '/cuenta/contrasena', { actual: CLAVE, nueva: NUEVA }, esta);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ fase: null });
    expect(await me(otra)).toBe(401);
    expect(await me(esta)).toBe(200);
    expect((await entrar('eva')).status).toBe(401);
    expect((await entrar('eva', NUEVA)).status).toBe(200);
    expect(await eventos('CONTRASENA')).toEqual([expect.objectContaining({ loginId: eva, recurso: 'logins', recursoId: eva })]);
    // The stored hash is no copy of the password.
    expect((await t.db('logins').where('id', eva).first('pass')).pass).toMatch(/^scrypt\$/);
  });
});

describe('GET and DELETE /cuenta/sesiones', () => {
  it('lists only the account\'s own live sessions, marking this one', async () => {
    await crear('eva');
    await crear('leo');
    const movil = await cookieDe('eva', CLAVE, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1');
    const esta = await cookieDe('eva');
    await cookieDe('leo');
    const res = await call('GET', '/cuenta/sesiones', undefined, esta);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body.filter((s: any) => s.actual)).toHaveLength(1);
    const otra = res.body.find((s: any) => !s.actual);
    expect(otra).toMatchObject({ dispositivo: expect.stringContaining('iPhone'), ip: '127.0.0.1', createdAt: expect.any(String), lastSeenAt: expect.any(String) });
    expect(await me(movil)).toBe(200);
  });

  it('closes one of its own; another account\'s id is 404 and that session goes on', async () => {
    const eva = await crear('eva');
    await crear('leo');
    const otra = await cookieDe('eva');
    const esta = await cookieDe('eva');
    const deLeo = await cookieDe('leo');
    const ids = (await call('GET', '/cuenta/sesiones', undefined, esta)).body;
    const idOtra = ids.find((s: any) => !s.actual).id;
    const idLeo = (await call('GET', '/cuenta/sesiones', undefined, deLeo)).body[0].id;

    const ajena = await call('DELETE', `/cuenta/sesiones/${idLeo}`, undefined, esta);
    expect(ajena.status).toBe(404);
    expect(await me(deLeo)).toBe(200);
    expect((await call('DELETE', '/cuenta/sesiones/abc', undefined, esta)).status).toBe(400);

    expect((await call('DELETE', `/cuenta/sesiones/${idOtra}`, undefined, esta)).status).toBe(204);
    expect(await me(otra)).toBe(401);
    expect(await me(esta)).toBe(200);
    expect((await call('DELETE', `/cuenta/sesiones/${idOtra}`, undefined, esta)).status).toBe(404);
    const filas = await eventos('SESIONES-CERRADAS');
    expect(filas).toHaveLength(1);
    expect(filas[0]).toMatchObject({ loginId: eva, recursoId: eva });
    expect(JSON.parse(filas[0].datos)).toEqual({ sesiones: 1 });
  });

  it('closes all the others at once and keeps this one', async () => {
    const eva = await crear('eva');
    await crear('leo');
    const otras = [await cookieDe('eva'), await cookieDe('eva')];
    const esta = await cookieDe('eva');
    const deLeo = await cookieDe('leo');
    const res = await call('DELETE', '/cuenta/sesiones', undefined, esta);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 2 });
    for (const c of otras) expect(await me(c)).toBe(401);
    expect(await me(esta)).toBe(200);
    expect(await me(deLeo)).toBe(200);
    expect((await call('GET', '/cuenta/sesiones', undefined, esta)).body).toEqual([expect.objectContaining({ actual: true })]);
    expect(await eventos('SESIONES-CERRADAS')).toEqual([expect.objectContaining({ loginId: eva })]);
  });
});

describe('POST /logins/{id}/restablecer', () => {
  it('answers a temporary password once, ends the account\'s sessions, and its next login must choose a new one before anything else', async () => {
    const eva = await crear('eva', 'contable');
    const abierta = await cookieDe('eva');
    const res = await call('POST', `/logins/${eva}/restablecer`, {}, cookieAdmin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const temporal: string = res.body.pass;
    expect(temporal.length).toBeGreaterThanOrEqual(12);
    expect(await me(abierta)).toBe(401);
    expect((await entrar('eva')).status).toBe(401);
    const filas = await eventos('RESTABLECIDA');
    expect(filas).toEqual([expect.objectContaining({ loginId: adminId, recurso: 'logins', recursoId: eva })]);
    // Neither the log nor the account's row holds the temporary password in the clear.
    expect(JSON.stringify(await t.db('logs'))).not.toContain(temporal);

    const { status, fase, cookie } = await entrar('eva', temporal);
    expect(status).toBe(200);
    expect(fase).toBe('cambiarPass');
    // Nothing but the new password (and knowing who it is).
    expect((await call('GET', '/logins/me', undefined, cookie)).body.fase).toBe('cambiarPass');
    const pagos = await call('GET', '/pagos', undefined, cookie);
    expect(pagos.status).toBe(403);
    expect(pagos.body.error.message).toBe(mensajes.acceso.fase('cambiarPass'));
    expect((await call('GET', '/cuenta/sesiones', undefined, cookie)).status).toBe(403);
    expect((await call('DELETE', '/cuenta/sesiones', undefined, cookie)).status).toBe(403);

    const cambio = await call('POST', '/cuenta/contrasena', { actual: temporal, nueva: NUEVA }, cookie);
    expect(cambio.status, JSON.stringify(cambio.body)).toBe(200);
    expect(cambio.body).toEqual({ fase: null });
    // Whole now: the same session reaches what a contable may.
    expect((await call('GET', '/logins/me', undefined, cookie)).body.fase).toBeNull();
    expect((await call('GET', '/pagos', undefined, cookie)).status).toBe(200);
    expect((await t.db('logins').where('id', eva).first('debeCambiarPass')).debeCambiarPass).toBeFalsy();
    expect((await entrar('eva', NUEVA)).fase).toBeNull();
  });

  it('is the administrador\'s alone, and 404 for an account that does not exist', async () => {
    const eva = await crear('eva', 'contable');
    const leo = await crear('leo', 'editor');
    const comoLeo = await cookieDe('leo');
    expect((await call('POST', `/logins/${eva}/restablecer`, {}, comoLeo)).status).toBe(403);
    expect((await call('POST', `/logins/${leo}/restablecer`, {}, comoLeo)).status).toBe(403);
    expect((await entrar('eva')).status).toBe(200);
    expect((await call('POST', '/logins/999999/restablecer', {}, cookieAdmin)).status).toBe(404);
    expect(await eventos('RESTABLECIDA')).toHaveLength(0);
  });
});

describe('roles of accounts', () => {
  const rechazada = (res: { status: number; body: any }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.error.message).toBe(mensajes.auth.ultimoAdministradorRol);
  };

  it('an administrador creates an account with a role and changes it; each change is in the log with before and after', async () => {
    const creada = await call('POST', '/logins', { usuario: 'nuevo', pass: CLAVE, rol: 'contable' }, cookieAdmin);
    expect(creada.status, JSON.stringify(creada.body)).toBe(200);
    expect(creada.body.rol).toBe('contable');
    const id = creada.body.id;
    expect((await call('PATCH', `/logins/${id}`, { rol: 'editor' }, cookieAdmin)).status).toBe(204);
    expect((await call('PATCH', `/logins/${id}`, { nombre: 'Sin cambio de rol' }, cookieAdmin)).status).toBe(204);
    const filas = await eventos('ROL');
    expect(filas).toHaveLength(1);
    expect(filas[0]).toMatchObject({ loginId: adminId, recurso: 'logins', recursoId: id });
    expect(JSON.parse(filas[0].datos)).toEqual({ antes: 'contable', despues: 'editor' });
    const sesion = await cookieDe('nuevo');
    expect((await call('GET', '/logins/me', undefined, sesion)).body.rol).toBe('editor');
  });

  it('an account that is not administrador cannot change its own role', async () => {
    const eva = await crear('eva', 'editor');
    const cookie = await cookieDe('eva');
    expect((await call('PATCH', `/logins/${eva}`, { rol: 'administrador' }, cookie)).status).toBe(403);
    expect((await t.db('logins').where('id', eva).first('rol')).rol).toBe('editor');
    expect(await eventos('ROL')).toHaveLength(0);
  });

  it('the last active administrador cannot be demoted, by PATCH, PUT or in bulk; with another one it can', async () => {
    await crear('eva', 'contable');
    rechazada(await call('PATCH', `/logins/${adminId}`, { rol: 'contable' }, cookieAdmin));
    rechazada(await call('PUT', `/logins/${adminId}`, { usuario: 'admin', pass: 'Clave-nueva-de-admin-1', rol: 'editor' }, cookieAdmin));
    rechazada(await call('PATCH', `/logins?where=${encodeURIComponent(JSON.stringify({ rol: 'administrador' }))}`, { rol: 'editor' }, cookieAdmin));
    expect((await t.db('logins').where('id', adminId).first('rol')).rol).toBe('administrador');
    expect(await eventos('ROL')).toHaveLength(0);
    // An inactive administrador does not count.
    const ana = await crear('ana', 'administrador');
    await t.db('logins').where('id', ana).update({ activo: false });
    rechazada(await call('PATCH', `/logins/${adminId}`, { rol: 'contable' }, cookieAdmin));
    await t.db('logins').where('id', ana).update({ activo: true });
    expect((await call('PATCH', `/logins/${adminId}`, { rol: 'contable' }, cookieAdmin)).status).toBe(204);
    const cookieAna = await cookieDe('ana');
    rechazada(await call('PATCH', `/logins/${ana}`, { rol: 'editor' }, cookieAna));
  });

  it('holds when two administradores demote each other at once: one of them is refused', async () => {
    for (let ronda = 0; ronda < 5; ronda++) {
      const ids = [await crear(`ana${ronda}`, 'administrador'), await crear(`bea${ronda}`, 'administrador')];
      const cookies = [await cookieDe(`ana${ronda}`), await cookieDe(`bea${ronda}`)];
      await t.db('logins').where('id', adminId).update({ rol: 'editor' });
      const [a, b] = await Promise.all([
        call('PATCH', `/logins/${ids[1]}`, { rol: 'editor' }, cookies[0]),
        call('PATCH', `/logins/${ids[0]}`, { rol: 'contable' }, cookies[1]),
      ]);
      const admins = await t.db('logins').where({ rol: 'administrador', activo: true }).count({ n: '*' });
      expect(Number(admins[0].n), `ronda ${ronda}: ${a.status} ${b.status}`).toBe(1);
      // The loser is refused for the rule or, when its own role was taken first, for being no administrador any more.
      const [ganadora, perdedora] = [a.status, b.status].sort();
      expect(ganadora, `ronda ${ronda}`).toBe(204);
      expect([403, 409]).toContain(perdedora);
      await t.db('logins').whereIn('id', ids).update({ activo: false });
      await t.db('logins').where('id', adminId).update({ rol: 'administrador' });
    }
  });
});

describe('a password typed by someone else (issue 29, item 12)', () => {
  /** Logs in; answers the step the login met. */
  const faseAlEntrar = async (usuario: string, pass = CLAVE) => {
    const r = await entrar(usuario, pass);
    expect(r.status).toBe(200);
    return r.fase;
  };

  it('an account an administrador created chooses its own at its first login, and nothing else before', async () => {
    const creada = await call('POST', '/logins', { usuario: 'nueva', pass: CLAVE, rol: 'contable' }, cookieAdmin);
    expect(creada.status, JSON.stringify(creada.body)).toBe(200);
    expect(creada.body.debeCambiarPass).toBe(true);
    const { fase, cookie } = await entrar('nueva');
    expect(fase).toBe('cambiarPass');
    const pagos = await call('GET', '/pagos', undefined, cookie);
    expect(pagos.status).toBe(403);
    expect(pagos.body.error.message).toBe(mensajes.acceso.fase('cambiarPass'));
    expect((await call('POST', '/cuenta/contrasena', { actual: CLAVE, nueva: NUEVA }, cookie)).body).toEqual({ fase: null });
    expect((await call('GET', '/pagos', undefined, cookie)).status).toBe(200);
    expect(await faseAlEntrar('nueva', NUEVA)).toBeNull();
  });

  it('so does one whose password another administrador set, by PATCH, PUT or in bulk; whoever sets their own keeps it', async () => {
    const eva = await crear('eva');
    const leo = await crear('leo');
    const ana = await crear('ana', 'administrador');
    expect((await call('PATCH', `/logins/${eva}`, { pass: 'Puesta-por-el-admin-1' }, cookieAdmin)).status).toBe(204);
    expect(await faseAlEntrar('eva', 'Puesta-por-el-admin-1')).toBe('cambiarPass');
    expect((await call('PUT', `/logins/${leo}`, { usuario: 'leo', pass: 'Puesta-por-el-admin-2', rol: 'editor' }, cookieAdmin)).status).toBe(204);
    expect(await faseAlEntrar('leo', 'Puesta-por-el-admin-2')).toBe('cambiarPass');
    const ambas = encodeURIComponent(JSON.stringify({ id: { inq: [eva, leo] } }));
    await t.db('logins').whereIn('id', [eva, leo]).update({ debeCambiarPass: false });
    expect((await call('PATCH', `/logins?where=${ambas}`, { pass: 'Puesta-por-el-admin-3' }, cookieAdmin)).status).toBe(200);
    expect([await faseAlEntrar('eva', 'Puesta-por-el-admin-3'), await faseAlEntrar('leo', 'Puesta-por-el-admin-3')]).toEqual(['cambiarPass', 'cambiarPass']);
    // An administrador changing their own password on their record knows it alone.
    const cookieAna = await cookieDe('ana');
    expect((await call('PATCH', `/logins/${ana}`, { pass: 'La-mia-y-de-nadie-mas-4' }, cookieAna)).status).toBe(204);
    expect(await faseAlEntrar('ana', 'La-mia-y-de-nadie-mas-4')).toBeNull();
  });
});
