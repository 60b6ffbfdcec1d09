// The second factor (TOTP, RFC 6238; docs/arquitectura.md §4): enrolment, the login's second
// step, codes spent once, recovery codes, the throttle, forced enrolment (MFA_ROLES) and
// disabling. Codes are computed here with otpauth, as a phone would. The clock (Date only) is
// held still and moved by hand, so which time step a code belongs to never depends on when the
// test happens to run. Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import { saveAdministrator } from '../../src/auth/administrators.js';
import { hashPassword } from '../../src/auth/passwords.js';
import type { Rol } from '../../src/base/types.js';
import { mensajes } from '../../src/mensajes.js';
import { createTestApp, type ApiResponse, type TestApp } from '../support/app.js';
import { repositoryOf } from '../support/db.js';

const CLAVE = 'una clave bien larga';
const PASO = 30_000;
/** The middle of a time step, so a second of work never crosses into the next one. */
const INICIO = Math.floor(Date.UTC(2026, 10, 26, 9) / PASO) * PASO + PASO / 2;

let t: TestApp;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: INICIO });
  // Contables must enrol; the others may. Every request comes from one address here: its
  // allowance is not what these tests are about.
  t = await createTestApp({ MFA_ROLES: 'contable', LOGIN_MAX_FAILURES_IP: '1000' });
});

afterAll(async () => {
  await t?.destroy();
  vi.useRealTimers();
});

let n = 0;
async function crearCuenta(rol: Rol): Promise<{ id: number; usuario: string }> {
  const usuario = `${rol}-${++n}`;
  const now = new Date().toISOString();
  await t.db('logins').insert({ usuario, pass: await hashPassword(CLAVE, t.config.scrypt), nombre: usuario, activo: true, rol, createdAt: now, updatedAt: now });
  const { id } = await t.db('logins').where({ usuario }).first('id');
  return { id: Number(id), usuario };
}

const cookieDe = (res: ApiResponse) => {
  const setCookie = res.headers['set-cookie'];
  return (Array.isArray(setCookie) ? setCookie : [setCookie]).filter(Boolean).map((c) => String(c).split(';')[0]).join('; ');
};

/** Logs in with the password: the answer (with its `fase`) and the session's cookie. */
async function entrar(usuario: string, pass = CLAVE) {
  const res = await t.call('POST', '/logins/login', { usuario, pass }, { cookie: '' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { fase: res.body.fase as string | null, cookie: cookieDe(res) };
}

const como = (cookie: string) => (method: string, url: string, body?: unknown) => t.call(method, url, body, { cookie });

/** The code an authenticator app shows `pasos` time steps from now. */
const codigo = (secreto: string, pasos = 0) => TOTP.generate({ secret: Secret.fromBase32(secreto), timestamp: Date.now() + pasos * PASO });

const secretoDe = (uri: string) => new URL(uri).searchParams.get('secret')!;

/** Enrols the account of `cookie` (as Mi cuenta does: with its password) with a code of the previous step; returns its secret and recovery codes. */
async function enrolar(cookie: string) {
  const call = como(cookie);
  const alta = await call('POST', '/cuenta/segundo-factor', {});
  expect(alta.status, JSON.stringify(alta.body)).toBe(200);
  const secreto = secretoDe(alta.body.uri);
  const conf = await call('POST', '/cuenta/segundo-factor/confirmar', { codigo: codigo(secreto, -1), pass: CLAVE });
  expect(conf.status, JSON.stringify(conf.body)).toBe(200);
  return { secreto, recuperacion: conf.body.codigosRecuperacion as string[] };
}

/** An account with the second factor, logged out; its enrolment spent the previous step's code, so the current one is free. */
async function cuentaEnrolada(rol: Rol = 'editor') {
  const cuenta = await crearCuenta(rol);
  const { cookie } = await entrar(cuenta.usuario);
  const factor = await enrolar(cookie);
  await t.call('POST', '/logins/logout', undefined, { cookie });
  return { ...cuenta, ...factor };
}

const eventos = (loginId: number, tipo: string) => t.db('logs').where({ loginId, tipo }).select('recurso', 'recursoId', 'datos');

const rechazado = (res: ApiResponse, status: number, message: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error.message).toBe(message);
};

/** A wrong current password: 422 with the reason next to the field. */
const contrasenaRechazada = (res: ApiResponse) => {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body.error.details).toEqual([{ path: '/pass', code: 'password', message: mensajes.segundoFactor.contrasenaIncorrecta }]);
};

/** A six-digit code no step of the window accepts now. */
const codigoMalo = (secreto: string) => ['000000', '111111', '222222', '333333'].find((c) => ![-1, 0, 1].some((p) => codigo(secreto, p) === c))!;

/** The same calls from another address (the throttle counts by address; the session is the cookie's). */
const desde = (ip: string, cookie = '') => async (method: string, url: string, body?: unknown): Promise<ApiResponse> => {
  const res = await t.app.inject({ method: method as 'POST', url, payload: body as object | undefined, headers: { cookie }, remoteAddress: ip });
  return { status: res.statusCode, body: res.body ? res.json() : undefined, headers: res.headers };
};

async function entrarDesde(ip: string, usuario: string) {
  const res = await desde(ip)('POST', '/logins/login', { usuario, pass: CLAVE });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return desde(ip, cookieDe(res));
}

describe('enrolment', () => {
  it('gives an otpauth URI with the product as issuer and its QR, and activates only with a right code', async () => {
    const { id, usuario } = await crearCuenta('editor');
    const call = como((await entrar(usuario)).cookie);

    const alta = await call('POST', '/cuenta/segundo-factor', {});
    expect(alta.status).toBe(200);
    const uri = new URL(alta.body.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Aula:${usuario}`);
    expect(uri.searchParams.get('issuer')).toBe('Aula');
    expect(uri.searchParams.get('secret')).toMatch(/^[A-Z2-7]{32}$/);
    expect(alta.body.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(alta.body.qr.split(',')[1], 'base64').toString()).toContain('<svg');
    expect((await call('GET', '/cuenta/segundo-factor')).body).toEqual({ activo: false, codigosRestantes: 0 });

    expect(alta.body.pideContrasena).toBe(true);
    const secreto = secretoDe(alta.body.uri);
    rechazado(await call('POST', '/cuenta/segundo-factor/confirmar', { codigo: codigo(secreto, 3), pass: CLAVE }), 422, mensajes.segundoFactor.codigoIncorrecto);
    expect((await call('GET', '/cuenta/segundo-factor')).body.activo).toBe(false);

    const conf = await call('POST', '/cuenta/segundo-factor/confirmar', { codigo: codigo(secreto), pass: CLAVE });
    expect(conf.status).toBe(200);
    const codigos: string[] = conf.body.codigosRecuperacion;
    expect(codigos).toHaveLength(10);
    expect(new Set(codigos).size).toBe(10);
    // Shown once: the database keeps only hashes, and asking again shows only how many are left.
    const guardados = await t.db('codigos_recuperacion').where('loginId', id).pluck('hash');
    expect(guardados).toHaveLength(10);
    for (const c of codigos) expect(guardados).not.toContain(c);
    expect((await call('GET', '/cuenta/segundo-factor')).body).toEqual({ activo: true, codigosRestantes: 10 });
    // Enrolling again over an active one is refused: it must be disabled first.
    rechazado(await call('POST', '/cuenta/segundo-factor', {}), 409, mensajes.segundoFactor.yaActivo);

    const altas = await eventos(id, 'MFA-ALTA');
    expect(altas).toHaveLength(1);
    expect(altas[0]).toMatchObject({ recurso: 'logins', recursoId: id });
    // The audit row carries no secret and no code.
    expect(JSON.stringify(altas[0])).not.toContain(secreto);
  });

  it('starting again replaces a secret never confirmed', async () => {
    const call = como((await entrar((await crearCuenta('editor')).usuario)).cookie);
    const primero = secretoDe((await call('POST', '/cuenta/segundo-factor', {})).body.uri);
    const segundo = secretoDe((await call('POST', '/cuenta/segundo-factor', {})).body.uri);
    expect(segundo).not.toBe(primero);
    rechazado(await call('POST', '/cuenta/segundo-factor/confirmar', { codigo: codigo(primero), pass: CLAVE }), 422, mensajes.segundoFactor.codigoIncorrecto);
    expect((await call('POST', '/cuenta/segundo-factor/confirmar', { codigo: codigo(segundo), pass: CLAVE })).status).toBe(200);
  });

  it('confirming without having asked for a QR says so', async () => {
    const call = como((await entrar((await crearCuenta('editor')).usuario)).cookie);
    rechazado(await call('POST', '/cuenta/segundo-factor/confirmar', { codigo: '123456', pass: CLAVE }), 409, mensajes.segundoFactor.sinAlta);
    await call('POST', '/cuenta/segundo-factor', {});
    expect((await call('POST', '/cuenta/segundo-factor/confirmar', {})).status).toBe(422);
  });
});

describe('the login of an enrolled account', () => {
  it('asks for the code, allows nothing else meanwhile, and with the right code gives a whole session under a new token', async () => {
    const cuenta = await cuentaEnrolada();
    const { fase, cookie } = await entrar(cuenta.usuario);
    expect(fase).toBe('codigo');
    const call = como(cookie);
    const falta = mensajes.acceso.fase('codigo');
    rechazado(await call('GET', '/cursos'), 403, falta);
    rechazado(await call('POST', '/cursos', { titulo: 'x' }), 403, falta);
    rechazado(await call('GET', '/cuenta/segundo-factor'), 403, falta);
    rechazado(await call('POST', '/cuenta/segundo-factor', {}), 403, falta);
    expect((await call('GET', '/logins/me')).body).toMatchObject({ usuario: cuenta.usuario, fase: 'codigo' });

    const res = await call('POST', '/logins/codigo', { codigo: codigo(cuenta.secreto) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: cuenta.id, usuario: cuenta.usuario, fase: null });
    expect(res.body).not.toHaveProperty('pass');
    const nueva = cookieDe(res);
    expect(nueva).not.toBe(cookie);
    // The token that knew only the password is over; the new one is a whole session.
    expect((await call('GET', '/logins/me')).status).toBe(401);
    expect((await como(nueva)('GET', '/cursos')).status).toBe(200);
    expect((await como(nueva)('GET', '/logins/me')).body.fase).toBeNull();
  });

  it('does not accept a code twice, nor an earlier one once a later one was accepted', async () => {
    const cuenta = await cuentaEnrolada();
    const primera = await entrar(cuenta.usuario);
    const usado = codigo(cuenta.secreto);
    expect((await como(primera.cookie)('POST', '/logins/codigo', { codigo: usado })).status).toBe(200);

    const segunda = como((await entrar(cuenta.usuario)).cookie);
    rechazado(await segunda('POST', '/logins/codigo', { codigo: usado }), 422, mensajes.segundoFactor.codigoIncorrecto);
    // The enrolment's code (a step earlier) is within the window but older than the last one accepted.
    rechazado(await segunda('POST', '/logins/codigo', { codigo: codigo(cuenta.secreto, -1) }), 422, mensajes.segundoFactor.codigoIncorrecto);
    // Two steps away is outside the window.
    rechazado(await segunda('POST', '/logins/codigo', { codigo: codigo(cuenta.secreto, 2) }), 422, mensajes.segundoFactor.codigoIncorrecto);
    vi.setSystemTime(Date.now() + PASO);
    expect((await segunda('POST', '/logins/codigo', { codigo: codigo(cuenta.secreto) })).status).toBe(200);
  });

  it('accepts a recovery code once, then refuses it', async () => {
    const cuenta = await cuentaEnrolada();
    const [recuperacion] = cuenta.recuperacion;
    const res = await como((await entrar(cuenta.usuario)).cookie)('POST', '/logins/codigo', { codigo: recuperacion.toUpperCase() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await como(cookieDe(res))('GET', '/cuenta/segundo-factor')).body).toEqual({ activo: true, codigosRestantes: 9 });

    rechazado(await como((await entrar(cuenta.usuario)).cookie)('POST', '/logins/codigo', { codigo: recuperacion }), 422, mensajes.segundoFactor.codigoIncorrecto);
    // Another account's recovery code is nobody's here.
    const otra = await cuentaEnrolada();
    rechazado(await como((await entrar(cuenta.usuario)).cookie)('POST', '/logins/codigo', { codigo: otra.recuperacion[0] }), 422, mensajes.segundoFactor.codigoIncorrecto);
  });

  it('a whole session has no code to give', async () => {
    const call = como((await entrar((await crearCuenta('editor')).usuario)).cookie);
    rechazado(await call('POST', '/logins/codigo', { codigo: '123456' }), 409, mensajes.segundoFactor.sinCodigoPendiente);
  });
});

describe('MFA_ROLES', () => {
  it('a contable without the second factor can do nothing but enrol, and then works; it can never disable it', async () => {
    const cuenta = await crearCuenta('contable');
    const { fase, cookie } = await entrar(cuenta.usuario);
    expect(fase).toBe('enrolar');
    const call = como(cookie);
    const falta = mensajes.acceso.fase('enrolar');
    rechazado(await call('GET', '/cursos'), 403, falta);
    rechazado(await call('GET', '/facturas'), 403, falta);
    rechazado(await call('POST', '/logs', { tipo: 'BACK-LOGIN', fecha: new Date().toISOString() }), 403, falta);
    rechazado(await call('POST', '/logins/codigo', { codigo: '123456' }), 403, falta);
    expect((await call('GET', '/logins/me')).body.fase).toBe('enrolar');
    expect((await call('GET', '/cuenta/segundo-factor')).body.activo).toBe(false);

    // The login's own enrolment step just proved the password: binding the phone does not ask it again.
    const alta = await call('POST', '/cuenta/segundo-factor', {});
    expect(alta.body.pideContrasena).toBe(false);
    const secreto = secretoDe(alta.body.uri);
    const conf = await call('POST', '/cuenta/segundo-factor/confirmar', { codigo: codigo(secreto, -1) });
    expect(conf.status, JSON.stringify(conf.body)).toBe(200);
    const recuperacion: string[] = conf.body.codigosRecuperacion;
    // The same session goes on, whole.
    expect((await call('GET', '/logins/me')).body.fase).toBeNull();
    expect((await call('GET', '/facturas')).status).toBe(200);
    rechazado(await call('DELETE', '/cuenta/segundo-factor', { pass: CLAVE, codigo: recuperacion[0] }), 409, mensajes.segundoFactor.obligatorio('Contable'));
    expect((await call('GET', '/cuenta/segundo-factor')).body).toEqual({ activo: true, codigosRestantes: 10 });

    // Next time, the code instead of the enrolment.
    const otra = await entrar(cuenta.usuario);
    expect(otra.fase).toBe('codigo');
    expect((await como(otra.cookie)('POST', '/logins/codigo', { codigo: codigo(secreto) })).body.fase).toBeNull();
  });

  it('an editor, whose role is not named, enters at once', async () => {
    expect((await entrar((await crearCuenta('editor')).usuario)).fase).toBeNull();
  });
});

describe('disabling', () => {
  it('needs the password and a code, and leaves an audit row', async () => {
    const cuenta = await cuentaEnrolada();
    const res = await como((await entrar(cuenta.usuario)).cookie)('POST', '/logins/codigo', { codigo: codigo(cuenta.secreto) });
    const call = como(cookieDe(res));

    contrasenaRechazada(await call('DELETE', '/cuenta/segundo-factor', { pass: 'otra clave cualquiera', codigo: codigo(cuenta.secreto, 1) }));
    rechazado(await call('DELETE', '/cuenta/segundo-factor', { pass: CLAVE, codigo: '000000' === codigo(cuenta.secreto, 1) ? '111111' : '000000' }), 422, mensajes.segundoFactor.codigoIncorrecto);
    expect((await call('DELETE', '/cuenta/segundo-factor', { pass: CLAVE })).status).toBe(422);
    expect((await call('GET', '/cuenta/segundo-factor')).body.activo).toBe(true);
    expect(await eventos(cuenta.id, 'MFA-BAJA')).toHaveLength(0);

    const baja = await call('DELETE', '/cuenta/segundo-factor', { pass: CLAVE, codigo: codigo(cuenta.secreto, 1) });
    expect(baja.status, JSON.stringify(baja.body)).toBe(200);
    expect((await call('GET', '/cuenta/segundo-factor')).body).toEqual({ activo: false, codigosRestantes: 0 });
    expect(await eventos(cuenta.id, 'MFA-BAJA')).toEqual([expect.objectContaining({ recurso: 'logins', recursoId: cuenta.id })]);
    // Its recovery codes went with it, and the next login asks for nothing more.
    expect(Number((await t.db('codigos_recuperacion').where('loginId', cuenta.id).count({ n: '*' }))[0].n)).toBe(0);
    expect((await entrar(cuenta.usuario)).fase).toBeNull();
  });

  it('a recovery code serves as the code', async () => {
    const cuenta = await cuentaEnrolada();
    const res = await como((await entrar(cuenta.usuario)).cookie)('POST', '/logins/codigo', { codigo: cuenta.recuperacion[0] });
    const baja = await como(cookieDe(res))('DELETE', '/cuenta/segundo-factor', { pass: CLAVE, codigo: cuenta.recuperacion[1] });
    expect(baja.status, JSON.stringify(baja.body)).toBe(200);
  });
});

describe('guessing codes (issue 29, item 1)', () => {
  it('whoever has the password gains no tries: «password, 4 wrong codes, password…» from one address gets its allowance of codes checked, then 429 until the window passes', async () => {
    const { maxPerUsuario } = t.config.loginThrottle;
    const cuenta = await cuentaEnrolada();
    const malo = codigoMalo(cuenta.secreto);
    const estados: number[] = [];
    for (let ronda = 0; ronda < 5; ronda++) {
      // The password is right every time: the login itself goes on working.
      const call = como((await entrar(cuenta.usuario)).cookie);
      for (let k = 0; k < 4; k++) estados.push((await call('POST', '/logins/codigo', { codigo: malo })).status);
    }
    expect(estados).toEqual([...Array(maxPerUsuario).fill(422), ...Array(20 - maxPerUsuario).fill(429)]);
    // Not even the right code is checked meanwhile.
    const bloqueado = await como((await entrar(cuenta.usuario)).cookie)('POST', '/logins/codigo', { codigo: codigo(cuenta.secreto) });
    expect(bloqueado.status).toBe(429);
    expect(Number(bloqueado.headers['retry-after'])).toBeGreaterThan(0);
    vi.setSystemTime(Date.now() + t.config.loginThrottle.windowMinutes * 60_000);
    const res = await como((await entrar(cuenta.usuario)).cookie)('POST', '/logins/codigo', { codigo: codigo(cuenta.secreto) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('past the per-account cap the account waits whatever the address: more addresses do not give more tries', async () => {
    const { maxPerUsuario, maxCodigosPorCuenta } = t.config.loginThrottle;
    const cuenta = await cuentaEnrolada();
    const malo = codigoMalo(cuenta.secreto);
    // Each address stays under its own allowance; together they pass the account's.
    const porDireccion = maxPerUsuario - 1;
    const estados: number[] = [];
    for (let i = 0; estados.length <= maxCodigosPorCuenta; i++) {
      const call = await entrarDesde(`10.29.1.${i + 1}`, cuenta.usuario);
      for (let k = 0; k < porDireccion; k++) estados.push((await call('POST', '/logins/codigo', { codigo: malo })).status);
    }
    expect(estados).toEqual(estados.map((_, i) => (i < maxCodigosPorCuenta ? 422 : 429)));
    // A fresh address, with the right code: the account waits.
    const nueva = await entrarDesde('10.29.2.1', cuenta.usuario);
    expect((await nueva('POST', '/logins/codigo', { codigo: codigo(cuenta.secreto) })).status).toBe(429);
  });

  it('a right code forgives the failures of its own address only: another address\'s still count towards the account\'s cap', async () => {
    const { maxPerUsuario, maxCodigosPorCuenta } = t.config.loginThrottle;
    const cuenta = await cuentaEnrolada();
    const malo = codigoMalo(cuenta.secreto);
    const fallar = async (call: Awaited<ReturnType<typeof entrarDesde>>, n: number) => {
      const estados: number[] = [];
      for (let k = 0; k < n; k++) estados.push((await call('POST', '/logins/codigo', { codigo: malo })).status);
      return estados;
    };
    const porDireccion = maxPerUsuario - 1;
    const b = await entrarDesde('10.29.3.2', cuenta.usuario);
    expect(await fallar(b, porDireccion)).toEqual(Array(porDireccion).fill(422));
    const a = await entrarDesde('10.29.3.1', cuenta.usuario);
    expect(await fallar(a, porDireccion)).toEqual(Array(porDireccion).fill(422));
    expect((await a('POST', '/logins/codigo', { codigo: codigo(cuenta.secreto) })).status).toBe(200);
    // A's failures are forgiven: it has its whole allowance again.
    expect(await fallar(await entrarDesde('10.29.3.1', cuenta.usuario), porDireccion)).toEqual(Array(porDireccion).fill(422));
    // B's are not: with them, a third address reaches the account's cap sooner than its own.
    const quedan = maxCodigosPorCuenta - 2 * porDireccion;
    expect(await fallar(await entrarDesde('10.29.3.3', cuenta.usuario), quedan + 1)).toEqual([...Array(quedan).fill(422), 429]);
  });

  it('removing the factor checks its code under the same allowance: a right password there or at the login gives no more tries', async () => {
    const { maxPerUsuario } = t.config.loginThrottle;
    const cuenta = await cuentaEnrolada();
    const entera = como(cookieDe(await como((await entrar(cuenta.usuario)).cookie)('POST', '/logins/codigo', { codigo: codigo(cuenta.secreto) })));
    const malo = codigoMalo(cuenta.secreto);
    const estados: number[] = [];
    for (let ronda = 0; ronda < 4; ronda++) {
      await entrar(cuenta.usuario);
      for (let k = 0; k < 4; k++) estados.push((await entera('DELETE', '/cuenta/segundo-factor', { pass: CLAVE, codigo: malo })).status);
    }
    expect(estados).toEqual([...Array(maxPerUsuario).fill(422), ...Array(16 - maxPerUsuario).fill(429)]);
    expect((await entera('GET', '/cuenta/segundo-factor')).body.activo).toBe(true);
    // The login's code step shares the count.
    expect((await como((await entrar(cuenta.usuario)).cookie)('POST', '/logins/codigo', { codigo: codigo(cuenta.secreto, 1) })).status).toBe(429);
  });
});

describe('binding a phone asks for the password (issue 29, item 6)', () => {
  it('from a whole session: 422 at «pass» when it is missing or wrong, counted as a failed login of the account', async () => {
    const { maxPerUsuario } = t.config.loginThrottle;
    const cuenta = await crearCuenta('editor');
    const call = como((await entrar(cuenta.usuario)).cookie);
    const alta = await call('POST', '/cuenta/segundo-factor', {});
    expect(alta.body.pideContrasena).toBe(true);
    const secreto = secretoDe(alta.body.uri);
    const sinPass = await call('POST', '/cuenta/segundo-factor/confirmar', { codigo: codigo(secreto) });
    expect(sinPass.status).toBe(422);
    expect(sinPass.body.error.details).toEqual([expect.objectContaining({ path: '/pass', code: 'type' })]);
    for (let i = 0; i < maxPerUsuario; i++) contrasenaRechazada(await call('POST', '/cuenta/segundo-factor/confirmar', { codigo: codigo(secreto), pass: `no es la suya ${i}` }));
    expect((await call('GET', '/cuenta/segundo-factor')).body.activo).toBe(false);
    expect(await eventos(cuenta.id, 'MFA-ALTA')).toHaveLength(0);
    // Throttled as the login is, and with it: not even the right password is checked now.
    expect((await call('POST', '/cuenta/segundo-factor/confirmar', { codigo: codigo(secreto), pass: CLAVE })).status).toBe(429);
    expect((await t.call('POST', '/logins/login', { usuario: cuenta.usuario, pass: CLAVE }, { cookie: '' })).status).toBe(429);
    vi.setSystemTime(Date.now() + t.config.loginThrottle.windowMinutes * 60_000);
    const call2 = como((await entrar(cuenta.usuario)).cookie);
    const otra = secretoDe((await call2('POST', '/cuenta/segundo-factor', {})).body.uri);
    expect((await call2('POST', '/cuenta/segundo-factor/confirmar', { codigo: codigo(otra), pass: CLAVE })).status).toBe(200);
  });
});

describe('a role moved into MFA_ROLES (issue 29, item 5)', () => {
  it('sends the account\'s open sessions to enrolment at once, in another process on its next write, and enrolling there asks for the password', async () => {
    const cuenta = await crearCuenta('editor');
    const { cookie } = await entrar(cuenta.usuario);
    const call = como(cookie);
    // Another API instance on the database, with its own recent checks, as another process has.
    const otra = await buildApp({ config: t.config, db: t.db });
    try {
      const enOtra = (method: string, url: string, payload?: object) => otra.inject({ method: method as 'GET', url, payload, headers: { cookie } });
      expect((await enOtra('GET', '/logins/me')).json().fase).toBeNull();

      expect((await t.call('PATCH', `/logins/${cuenta.id}`, { rol: 'contable' })).status).toBe(204);
      const falta = mensajes.acceso.fase('enrolar');
      // As a contable it would read the invoices and write the log: it may only enrol. The
      // refusal names the step, for the admin to show it.
      const lectura = await call('GET', '/facturas');
      rechazado(lectura, 403, falta);
      expect(lectura.body.error).toMatchObject({ code: 'FASE_PENDIENTE', details: { fase: 'enrolar' } });
      rechazado(await call('POST', '/logs', { tipo: 'BACK-LOGIN', fecha: new Date().toISOString() }), 403, falta);
      const escritura = await enOtra('POST', '/logs', { tipo: 'BACK-LOGIN', fecha: new Date().toISOString() });
      expect(escritura.statusCode, escritura.body).toBe(403);
      expect(escritura.json().error.message).toBe(falta);
      expect((await call('GET', '/logins/me')).body).toMatchObject({ rol: 'contable', fase: 'enrolar' });

      // That session never proved the password for this: binding the phone asks for it.
      const alta = await call('POST', '/cuenta/segundo-factor', {});
      expect(alta.body.pideContrasena).toBe(true);
      const secreto = secretoDe(alta.body.uri);
      expect((await call('POST', '/cuenta/segundo-factor/confirmar', { codigo: codigo(secreto) })).status).toBe(422);
      expect((await call('POST', '/cuenta/segundo-factor/confirmar', { codigo: codigo(secreto), pass: CLAVE })).status).toBe(200);
      expect((await call('GET', '/logins/me')).body.fase).toBeNull();
      expect((await call('GET', '/facturas')).status).toBe(200);
    } finally {
      await otra.close();
    }
  });

  it('an account moved out of them no longer has to enrol', async () => {
    const cuenta = await crearCuenta('contable');
    const { fase, cookie } = await entrar(cuenta.usuario);
    expect(fase).toBe('enrolar');
    expect((await t.call('PATCH', `/logins/${cuenta.id}`, { rol: 'editor' })).status).toBe(204);
    expect((await como(cookie)('GET', '/logins/me')).body.fase).toBeNull();
    expect((await como(cookie)('GET', '/cursos')).status).toBe(200);
  });
});

describe('an administrador removes another account\'s factor (issue 29, item 6)', () => {
  const quitar = (id: number, call: ReturnType<typeof como> = (m, u, b) => t.call(m, u, b)) => call('POST', `/logins/${id}/quitar-segundo-factor`, {});
  const adminId = async () => Number((await t.db('logins').where('usuario', 'admin').first('id')).id);

  it('removes it with its recovery codes, ends the account\'s sessions and logs MFA-BAJA with who did it; the next login asks no code', async () => {
    const cuenta = await cuentaEnrolada();
    const abierta = (await entrar(cuenta.usuario)).cookie;
    const res = await quitar(cuenta.id);
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    expect((await como(abierta)('GET', '/logins/me')).status).toBe(401);
    expect(await t.db('totp').where('loginId', cuenta.id)).toEqual([]);
    expect(await t.db('codigos_recuperacion').where('loginId', cuenta.id)).toEqual([]);
    expect(await eventos(await adminId(), 'MFA-BAJA')).toEqual([expect.objectContaining({ recurso: 'logins', recursoId: cuenta.id })]);
    expect((await entrar(cuenta.usuario)).fase).toBeNull();
    rechazado(await quitar(cuenta.id), 409, mensajes.segundoFactor.quitarSinFactor);
  });

  it('an account whose role must have one enrols again at its next login', async () => {
    const cuenta = await crearCuenta('contable');
    await enrolar((await entrar(cuenta.usuario)).cookie);
    expect((await entrar(cuenta.usuario)).fase).toBe('codigo');
    expect((await quitar(cuenta.id)).status).toBe(204);
    expect((await entrar(cuenta.usuario)).fase).toBe('enrolar');
  });

  it('is the administrador\'s alone, and not for one\'s own', async () => {
    const cuenta = await cuentaEnrolada();
    const editor = como((await entrar((await crearCuenta('editor')).usuario)).cookie);
    expect((await quitar(cuenta.id, editor)).status).toBe(403);
    expect((await t.db('totp').where('loginId', cuenta.id).first('activadoEn')).activadoEn).not.toBeNull();
    rechazado(await quitar(await adminId()), 409, mensajes.segundoFactor.quitarPropio);
  });
});

describe('scripts/create-admin.ts recovers the last administrador (issue 29, item 6)', () => {
  it('with the password typed there, its factor removed, its sessions ended, as administrador, and in the log', async () => {
    const cuenta = await cuentaEnrolada('contable');
    const abierta = (await entrar(cuenta.usuario)).cookie;
    const nueva = 'Recuperada-desde-el-servidor-29';
    expect(await saveAdministrator(repositoryOf(t.db), cuenta.usuario, nueva)).toEqual({ resultado: 'restablecido', factorQuitado: true });
    expect((await como(abierta)('GET', '/logins/me')).status).toBe(401);
    // Typed by its owner: no new password to choose, and no code: the phone is what was lost.
    const { fase, cookie } = await entrar(cuenta.usuario, nueva);
    expect(fase).toBeNull();
    expect((await como(cookie)('GET', '/logins/me')).body).toMatchObject({ rol: 'administrador', debeCambiarPass: false });
    const filas = await t.db('logs').where({ recurso: 'logins', recursoId: cuenta.id }).whereIn('tipo', ['RESTABLECIDA', 'MFA-BAJA']).orderBy('tipo');
    expect(filas).toEqual([expect.objectContaining({ tipo: 'MFA-BAJA', loginId: null }), expect.objectContaining({ tipo: 'RESTABLECIDA', loginId: null })]);
  });
});
