// The second factor's routes (docs/arquitectura.md §4): an account enrols itself
// (/cuenta/segundo-factor) and, once enrolled, gives a code after its password (/logins/codigo).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { conflict, HttpError, tooManyRequests } from '../base/errors.js';
import { ETIQUETAS_ROL } from '../base/types.js';
import { serializeRow } from '../base/values.js';
import type { Config } from '../config.js';
import { mensajes } from '../mensajes.js';
import { getResource } from '../resources/index.js';
import { registrarEvento } from './auditoria.js';
import { leerTextos } from './cuerpo.js';
import { faseSiguiente, tieneSegundoFactor } from './fases.js';
import { CUALQUIER_CUENTA, permitirEnFase } from './guard.js';
import { verifyPassword } from './passwords.js';
import type { AuthRouteOptions } from './routes.js';
import { SESSION_COOKIE } from './sessions.js';
import { codigosNuevos, codigosRestantes, gastarCodigo, guardarCodigos, secretoNuevo, totpDe } from './totp.js';

/** What the session routes get, and the product's name for the QR's issuer. */
export type SegundoFactorOptions = Omit<AuthRouteOptions, 'config'> & { config: Pick<Config, 'mfaRoles' | 'productName'> };

const RUTA = '/cuenta/segundo-factor';

// The step after the password takes the code; an account that must enrol can do only that.
permitirEnFase('codigo', 'POST /logins/codigo');
permitirEnFase('enrolar', `GET ${RUTA}`, `POST ${RUTA}`, `POST ${RUTA}/confirmar`);

/** 422 rather than 401: the session is still there, only the code was wrong. */
const codigoIncorrecto = () => new HttpError(422, mensajes.segundoFactor.codigoIncorrecto, 'CODIGO_INCORRECTO');

export function registerSegundoFactor(app: FastifyInstance, { db, config, sessions, throttle, hashing, now }: SegundoFactorOptions) {
  const logins = getResource('logins');
  const opciones = { config: { acceso: CUALQUIER_CUENTA } };

  /** Counts this attempt as a login attempt of the account from this address (auth/throttle.ts), or 429. */
  const intento = async (request: FastifyRequest) => {
    const reserva = await throttle.begin(request.login!.usuario, request.ip);
    if (!reserva.attempt) throw tooManyRequests(reserva.retryAfterSeconds);
    return reserva.attempt;
  };

  app.get(RUTA, opciones, async (request) => {
    const loginId = request.login!.id;
    return { activo: await tieneSegundoFactor(db, loginId), codigosRestantes: await codigosRestantes(db, loginId) };
  });

  // Starting again replaces a secret never confirmed: the QR shown last is the one that works.
  app.post(RUTA, opciones, async (request) => {
    const { id: loginId, usuario } = request.login!;
    const secreto = secretoNuevo();
    await db.transaction(async (trx) => {
      const actual = await trx('totp').where('loginId', loginId).first('activadoEn');
      if (actual && actual.activadoEn !== null) throw conflict(mensajes.segundoFactor.yaActivo);
      await trx('totp').where('loginId', loginId).delete();
      await trx('totp').insert({ loginId, secreto, activadoEn: null, ultimoPaso: null, createdAt: new Date(now()).toISOString() });
    });
    const uri = totpDe(secreto, usuario, config.productName).toString();
    const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  });

  // The recovery codes leave the server here and only here: afterwards only their hashes exist.
  app.post(`${RUTA}/confirmar`, opciones, async (request) => {
    const { codigo } = leerTextos(request.body, ['codigo'] as const);
    const login = request.login!;
    const ahora = new Date(now()).toISOString();
    const codigos = codigosNuevos();
    await db.transaction(async (trx) => {
      const pendiente = await trx('totp').where('loginId', login.id).whereNull('activadoEn').first('loginId');
      if (!pendiente) throw conflict((await tieneSegundoFactor(trx, login.id)) ? mensajes.segundoFactor.yaActivo : mensajes.segundoFactor.sinAlta);
      if (!(await gastarCodigo(trx, login.id, codigo, now(), { confirmado: false }))) throw codigoIncorrecto();
      await trx('totp').where('loginId', login.id).update({ activadoEn: ahora });
      await guardarCodigos(trx, login.id, codigos, ahora);
      await registrarEvento(trx, { tipo: 'MFA-ALTA', loginId: login.id, ip: request.ip, recurso: 'logins', recursoId: login.id }, new Date(ahora));
    });
    // An account made to enrol goes on to whatever is left (or to a whole session).
    if (login.fase === 'enrolar') await siguiente(login.id, login.sesionId);
    return { codigosRecuperacion: codigos };
  });

  app.delete(RUTA, opciones, async (request) => {
    const { pass, codigo } = leerTextos(request.body, ['pass', 'codigo'] as const);
    const login = request.login!;
    if (config.mfaRoles.includes(login.rol)) throw conflict(mensajes.segundoFactor.obligatorio(ETIQUETAS_ROL[login.rol] ?? login.rol));
    if (!(await tieneSegundoFactor(db, login.id))) throw conflict(mensajes.segundoFactor.noActivo);
    // A stolen session must not be enough: the password and a code, guessed no faster than at login.
    const attempt = await intento(request);
    const fila = await db('logins').where('id', login.id).first('pass');
    let ok: boolean;
    try {
      ok = await hashing.run(request.ip, async () => verifyPassword(pass, fila.pass));
    } catch (err) {
      await throttle.abandon(attempt);
      throw err;
    }
    if (!ok) throw new HttpError(422, mensajes.segundoFactor.contrasenaIncorrecta, 'CONTRASENA_INCORRECTA');
    await db.transaction(async (trx) => {
      if (!(await gastarCodigo(trx, login.id, codigo, now()))) throw codigoIncorrecto();
      await trx('codigos_recuperacion').where('loginId', login.id).delete();
      await trx('totp').where('loginId', login.id).delete();
      await registrarEvento(trx, { tipo: 'MFA-BAJA', loginId: login.id, ip: request.ip, recurso: 'logins', recursoId: login.id }, new Date(now()));
    });
    await throttle.succeeded(attempt);
    return { activo: false, codigosRestantes: 0 };
  });

  // The login's second step: a code of the app or a recovery code, each accepted once.
  app.post('/logins/codigo', opciones, async (request, reply: FastifyReply) => {
    const { codigo } = leerTextos(request.body, ['codigo'] as const);
    const login = request.login!;
    if (login.fase !== 'codigo') throw conflict(mensajes.segundoFactor.sinCodigoPendiente);
    const attempt = await intento(request);
    if (!(await gastarCodigo(db, login.id, codigo, now()))) throw codigoIncorrecto();
    await throttle.succeeded(attempt);
    const row = await db('logins').where('id', login.id).first();
    const fase = await faseSiguiente(db, config, row, { codigoDado: true });
    // A new token now that the session is worth more, as at the password (fixation): the one
    // that only knew the password ends here.
    await sessions.destroy(request.cookies[SESSION_COOKIE]);
    const token = await sessions.create(login.id, { fase, ip: request.ip, dispositivo: request.headers['user-agent'] ?? null });
    reply.setCookie(SESSION_COOKIE, token, sessions.cookieOptions());
    return { ...serializeRow(logins, row), fase };
  });

  async function siguiente(loginId: number, sesionId: number) {
    const row = await db('logins').where('id', loginId).first();
    await sessions.completar(sesionId, await faseSiguiente(db, config, row, { codigoDado: true }));
  }
}
