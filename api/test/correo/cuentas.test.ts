// Issue 34, point 2: invitations and forgotten passwords, against a real SMTP server
// (support/smtp.ts), on both databases. An account created with an email and no password is
// invited; the link of the message sets its password once, and the account then logs in; an
// expired link is refused; «¿Has olvidado tu contraseña?» answers the same for anyone, is
// throttled, and its link ends the account's sessions; a password is optional only with an email.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readHistorial, type TestApp } from '../support/app.js';
import { startSmtp, type Recibido, type ServidorSmtp } from '../support/smtp.js';
import { closeTransporte } from '../../src/correo/transporte.js';

const CORTO = { sondeoMs: 50, reintentos: { pausaMs: 100, maximaMs: 400 } };
const CLAVE = 'Una clave bien larga de 2026';
type Row = Record<string, any>;

afterEach(() => closeTransporte());

let smtp: ServidorSmtp;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp(
    { SMTP_URL: smtp.url(), SMTP_MAX_POR_MINUTO: '1000', ADMIN_URL: 'https://panel.academia.test', LOGIN_MAX_FAILURES: '3', LOGIN_MAX_FAILURES_IP: '8' },
    undefined, undefined, undefined, undefined, undefined, CORTO,
  );
});
afterAll(async () => {
  await t.destroy();
  await smtp.stop();
});

/** A request without a session, from `ip`. */
async function publica(url: string, body: unknown, ip = '127.0.0.1') {
  const r = await t.app.inject({ method: 'POST', url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' }, remoteAddress: ip });
  return { status: r.statusCode, body: r.json(), headers: r.headers };
}

/** The nth message (from 1) that reached `para`, once it arrives, and the secret of its link. */
async function waitMensaje(para: string, n = 1, ms = 15_000): Promise<{ mensaje: Recibido; secreto: string; ruta: string }> {
  const hasta = Date.now() + ms;
  for (;;) {
    const llegados = smtp.recibidos.filter((m) => m.para.includes(para));
    if (llegados.length >= n) {
      const mensaje = llegados[n - 1];
      const [, ruta, secreto] = /https:\/\/panel\.academia\.test(\/\w+)#([\w-]+)/.exec(String(mensaje.mail.text))!;
      return { mensaje, secreto, ruta };
    }
    if (Date.now() > hasta) throw new Error(`No llegó el mensaje ${n} a ${para}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const entrar = (usuario: string, pass: string, ip = '127.0.0.1') => publica('/logins/login', { usuario, pass }, ip);

let n = 0;
async function cuenta(datos: Row = {}) {
  const i = ++n;
  const r = await t.call('POST', '/logins', { usuario: `persona${i}`, nombre: `Persona ${i}`, email: `persona${i}@example.es`, rol: 'contable', ...datos });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as Row;
}

describe('an invitation', () => {
  it('arrives with a link that sets the password once; the account then logs in', async () => {
    const ines = await cuenta({ nombre: 'Inés Peña' });
    expect(ines.debeCambiarPass).toBe(true);
    const correo = await t.db('correos').where({ cuentaId: ines.id, plantilla: 'invitacion' }).first();
    // The outbox never holds a live link: only its placeholder.
    expect(correo.texto).toContain('[enlace de un solo uso');
    const { mensaje, secreto, ruta } = await waitMensaje(ines.email);
    expect(ruta).toBe('/invitacion');
    expect(mensaje.mail.subject).toMatch(/^Tu cuenta en /);
    expect(mensaje.mail.text).toContain('Hola, Inés Peña:');
    expect(mensaje.mail.text).toContain(`con el usuario ${ines.usuario}`);
    expect(mensaje.mail.text).toContain('vale 72 horas');
    expect(mensaje.mail.html).toContain(`href="https://panel.academia.test/invitacion#${secreto}"`);

    const ok = await publica('/logins/restablecer', { token: secreto, pass: CLAVE, tipo: 'invitacion' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toEqual({ usuario: ines.usuario });
    // No session of its own: the user logs in as always.
    expect(ok.headers['set-cookie']).toBeUndefined();
    const login = await entrar(ines.usuario, CLAVE);
    expect(login.status).toBe(200);
    expect(login.body.debeCambiarPass).toBe(false);
    expect(login.body.fase ?? null).toBeNull();

    const otraVez = await publica('/logins/restablecer', { token: secreto, pass: 'Otra clave bien larga 2027', tipo: 'invitacion' });
    expect(otraVez.status).toBe(410);
    expect(otraVez.body.error).toMatchObject({ statusCode: 410, code: 'ENLACE_NO_VALIDO' });
    expect(otraVez.body.error.message).toMatch(/no es válido o ya no sirve/);
    expect((await entrar(ines.usuario, 'Otra clave bien larga 2027')).status).toBe(401);

    // In the account's history and the activity log.
    const historial = await readHistorial(t, 'logins', ines.id);
    expect(historial.map((h: Row) => h.accion)).toContain('aceptarInvitacion');
    const evento = await t.db('logs').where({ tipo: 'CONTRASENA', recursoId: ines.id }).first();
    expect(evento.loginId).toBe(ines.id);
    expect(JSON.parse(evento.datos)).toEqual({ enlace: 'invitacion' });
  });

  it('a password the policy refuses leaves the link usable; a link of another kind or unknown is the same refusal', async () => {
    const ana = await cuenta();
    const { secreto } = await waitMensaje(ana.email);
    const corta = await publica('/logins/restablecer', { token: secreto, pass: 'corta', tipo: 'invitacion' });
    expect(corta.status).toBe(422);
    expect(corta.body.error.details[0]).toMatchObject({ path: '/pass' });
    const otroTipo = await publica('/logins/restablecer', { token: secreto, pass: CLAVE, tipo: 'restablecer' });
    const inventado = await publica('/logins/restablecer', { token: 'x'.repeat(43), pass: CLAVE, tipo: 'invitacion' });
    expect(otroTipo.status).toBe(410);
    expect(inventado).toMatchObject({ status: 410, body: otroTipo.body });
    expect((await publica('/logins/restablecer', { token: secreto, pass: CLAVE, tipo: 'invitacion' })).status).toBe(200);
  });

  it('sent again by an administrador; an expired link is refused', async () => {
    const luis = await cuenta();
    await waitMensaje(luis.email);
    const r = await t.call('POST', `/logins/${luis.id}/invitar`, {});
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ plantilla: 'invitacion', para: luis.email, cuentaId: luis.id });
    const { secreto } = await waitMensaje(luis.email, 2);
    await t.db('enlaces').where({ loginId: luis.id }).update({ expira: new Date(Date.now() - 1000).toISOString() });
    const caducado = await publica('/logins/restablecer', { token: secreto, pass: CLAVE, tipo: 'invitacion' });
    expect(caducado.status).toBe(410);
    expect(caducado.body.error.code).toBe('ENLACE_NO_VALIDO');
    const sinEmail = await t.call('POST', '/logins', { usuario: 'sin.email', pass: CLAVE });
    expect((await t.call('POST', `/logins/${sinEmail.body.id}/invitar`, {})).status).toBe(409);
  });

  it('a password is optional only with an email; with one, the account is still invited', async () => {
    const nada = await t.call('POST', '/logins', { usuario: 'sin.nada', nombre: 'Sin nada' });
    expect(nada.status).toBe(422);
    expect(nada.body.error.details).toEqual([expect.objectContaining({ path: '/pass', message: expect.stringMatching(/contraseña o un email/) })]);
    const conClave = await t.call('POST', '/logins', { usuario: 'con.clave', pass: CLAVE });
    expect(conClave.status).toBe(200);
    expect(await t.db('correos').where({ cuentaId: conClave.body.id }).first()).toBeUndefined();
    // The password typed still works, as before.
    expect((await entrar('con.clave', CLAVE)).status).toBe(200);
  });
});

describe('a forgotten password', () => {
  it('answers the same for an existing account, an unknown one, an inactive one and one without email', async () => {
    const eva = await cuenta();
    const inactiva = await cuenta();
    await t.call('PATCH', `/logins/${inactiva.id}`, { activo: false });
    const sinEmail = await t.call('POST', '/logins', { usuario: 'sin.correo', pass: CLAVE });
    const respuestas = [];
    for (const [i, usuario] of [eva.email.toUpperCase(), 'nadie-se-llama-asi', inactiva.usuario, sinEmail.body.usuario, eva.usuario].entries()) {
      respuestas.push(await publica('/logins/olvido', { usuario }, `10.1.0.${i}`));
    }
    for (const r of respuestas) {
      expect(r.status).toBe(202);
      expect(r.body).toEqual(respuestas[0].body);
    }
    expect(respuestas[0].body.mensaje).toMatch(/^Si hay una cuenta activa con ese usuario o email/);
    // Two requests for eva (by email, by usuario): two messages; none for the others.
    await waitMensaje(eva.email, 2);
    await new Promise((r) => setTimeout(r, 200));
    expect(await t.db('correos').where({ plantilla: 'restablecer' }).whereIn('cuentaId', [inactiva.id, sinEmail.body.id]).first()).toBeUndefined();
  });

  it('its link sets the password, ends every session of the account and clears debeCambiarPass', async () => {
    const pilar = await cuenta({ pass: CLAVE });
    const sesion = await entrar(pilar.usuario, CLAVE, '10.2.0.1');
    const cookie = String(sesion.headers['set-cookie']).split(';')[0];
    expect((await t.call('GET', '/logins/me', undefined, { cookie })).status).toBe(200);
    await waitMensaje(pilar.email); // its invitation
    expect((await publica('/logins/olvido', { usuario: pilar.usuario }, '10.2.0.2')).status).toBe(202);
    const { mensaje, secreto, ruta } = await waitMensaje(pilar.email, 2);
    expect(ruta).toBe('/restablecer');
    expect(mensaje.mail.text).toContain('vale 60 minutos');
    const nueva = 'Mi nueva clave de verano 2026';
    expect((await publica('/logins/restablecer', { token: secreto, pass: nueva, tipo: 'restablecer' }, '10.2.0.3')).status).toBe(200);
    expect((await t.call('GET', '/logins/me', undefined, { cookie })).status).toBe(401);
    expect((await entrar(pilar.usuario, CLAVE, '10.2.0.4')).status).toBe(401);
    const login = await entrar(pilar.usuario, nueva, '10.2.0.4');
    expect(login.status).toBe(200);
    expect(login.body.debeCambiarPass).toBe(false);
    const historial = await readHistorial(t, 'logins', pilar.id);
    expect(historial.map((h: Row) => h.accion)).toContain('restablecerContrasena');
    // The invitation's link, older, serves no longer either.
    expect(await t.db('enlaces').where({ loginId: pilar.id }).whereNull('usadoEn').first()).toBeUndefined();
  });

  it('is throttled per usuario and address, per address, and per usuario from anywhere (429 with Retry-After)', async () => {
    // LOGIN_MAX_FAILURES=3, LOGIN_MAX_FAILURES_IP=8 in this app.
    for (let i = 0; i < 3; i++) expect((await publica('/logins/olvido', { usuario: 'fulano' }, '10.3.0.1')).status).toBe(202);
    const tope = await publica('/logins/olvido', { usuario: 'FULANO' }, '10.3.0.1');
    expect(tope.status).toBe(429);
    expect(Number(tope.headers['retry-after'])).toBeGreaterThan(0);
    expect(tope.body.error.code).toBe('TOO_MANY_REQUESTS');
    // Another address may still ask for fulano, up to twice the per-address allowance in all.
    for (let i = 0; i < 3; i++) expect((await publica('/logins/olvido', { usuario: 'fulano' }, '10.3.0.2')).status).toBe(202);
    expect((await publica('/logins/olvido', { usuario: 'fulano' }, '10.3.0.3')).status).toBe(429);
    // One address spraying usuarios stops at its own limit.
    const estados = [];
    for (let i = 0; i < 9; i++) estados.push((await publica('/logins/olvido', { usuario: `mengano${i}` }, '10.3.0.9')).status);
    expect(estados).toEqual([...Array(8).fill(202), 429]);
    // The login's allowance is another: that address still logs in.
    expect((await entrar('admin', 'admin', '10.3.0.9')).status).toBe(200);
  });
});
