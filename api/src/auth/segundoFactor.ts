// The second factor's routes (docs/arquitectura.md §4): an account enrols itself
// (/cuenta/segundo-factor) and, once enrolled, gives a code after its password (/logins/codigo).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import QRCode from 'qrcode';
import { conflict, HttpError, tooManyRequests, validationFailed } from '../base/errors.js';
import { ETIQUETAS_ROL } from '../base/types.js';
import { serializeRow } from '../base/values.js';
import type { Config } from '../config/index.js';
import type { Db } from '../db/index.js';
import { mensajes } from '../mensajes.js';
import { writeEvento } from './auditoria.js';
import { checkContrasenaActual } from './contrasenaActual.js';
import { parseTextos } from './cuerpo.js';
import { faseSiguiente, tieneSegundoFactor } from './fases.js';
import { CUALQUIER_CUENTA, allowEnFase } from './guard.js';
import type { SessionLogin } from '../rest/request.js';
import type { AuthRouteOptions } from './routes.js';
import { SESSION_COOKIE } from './sessions.js';
import type { CodigoThrottle } from './throttle.js';
import { deleteSegundoFactor, codigosNuevos, codigosRestantes, spendCodigo, saveCodigos, secretoNuevo, totpDe } from './totp.js';

/** What the session routes get, the codes' own throttle, and the product's name for the QR's issuer. */
export type SegundoFactorOptions = Omit<AuthRouteOptions, 'config'> & { codigos: CodigoThrottle; config: Pick<Config, 'mfaRoles' | 'productName'> };

const RUTA = '/cuenta/segundo-factor';

// The step after the password takes the code; an account that must enrol can do only that.
allowEnFase('codigo', 'POST /logins/codigo');
allowEnFase('enrolar', `GET ${RUTA}`, `POST ${RUTA}`, `POST ${RUTA}/confirmar`);

/** 422 rather than 401: the session is still there, only the code was wrong. */
const codigoIncorrecto = () => new HttpError(422, mensajes.segundoFactor.codigoIncorrecto, 'CODIGO_INCORRECTO');
/** Next to the field, as a wrong current password is in Mi cuenta. */
const contrasenaIncorrecta = () => validationFailed([{ path: '/pass', code: 'password', message: mensajes.segundoFactor.contrasenaIncorrecta }]);

export function registerSegundoFactor(app: FastifyInstance, { repo, config, sessions, throttle, codigos, hashing, now }: SegundoFactorOptions) {
  const db = repo.db;
  const logins = repo.registry.get('logins');
  /** The account's own second factor: the server's write, by the account, from where it asked. */
  const propia = (request: FastifyRequest) => ({ loginId: request.login!.id, ip: request.ip });
  const opciones = { config: { acceso: CUALQUIER_CUENTA } };

  /**
   * Runs `comprobar`, which spends a code of the account's factor (alone or inside the write it
   * allows) and throws codigoIncorrecto when it is wrong, as one attempt of the codes' throttle
   * (auth/throttle.ts): 429 past the allowance, whatever password was given before; a wrong code
   * stays counted, and only a right one forgives this address's failures.
   */
  const conCodigo = async <T>(request: FastifyRequest, comprobar: () => Promise<T>): Promise<T> => {
    const reserva = await codigos.begin(request.login!.id, request.ip);
    if (!reserva.attempt) throw tooManyRequests(reserva.retryAfterSeconds);
    const resultado = await comprobar();
    await codigos.succeeded(reserva.attempt);
    return resultado;
  };

  /** 422 at `pass` unless it is the account's current password (counted as a login attempt). */
  const requireContrasena = async (request: FastifyRequest, pass: string) => {
    if (!(await checkContrasenaActual({ db, throttle, hashing }, request.login!, request.ip, pass))) throw contrasenaIncorrecta();
  };

  /**
   * Whether binding a phone must prove the password again. Not at the login's own enrolment step:
   * only the login writes that step into the session (auth/fases.ts), after the right password,
   * and the session can do nothing else meanwhile; whoever sits at it also sees the QR anyway. A
   * whole session (Mi cuenta), or one sent to enrol by a new role, was not proved just now.
   */
  const pideContrasena = async (login: SessionLogin) => (await db('sesiones').where('id', login.sesionId).first('fase'))?.fase !== 'enrolar';

  app.get(RUTA, opciones, async (request) => {
    const loginId = request.login!.id;
    return { activo: await tieneSegundoFactor(db, loginId), codigosRestantes: await codigosRestantes(db, loginId) };
  });

  // Starting again replaces a secret never confirmed: the QR shown last is the one that works.
  // Nothing is bound yet, so no password here: confirming asks for it.
  app.post(RUTA, opciones, async (request) => {
    const login = request.login!;
    const secreto = secretoNuevo();
    await db.transaction(async (trx) => {
      const actual = await trx('totp').where('loginId', login.id).first('activadoEn');
      if (actual && actual.activadoEn !== null) throw conflict(mensajes.segundoFactor.yaActivo);
      await trx('totp').where('loginId', login.id).delete();
      await trx('totp').insert({ loginId: login.id, secreto, activadoEn: null, ultimoPaso: null, createdAt: new Date(now()).toISOString() });
    });
    const uri = totpDe(secreto, login.usuario, config.productName).toString();
    const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, pideContrasena: await pideContrasena(login) };
  });

  // Binds the phone: the password (unless the login just proved it) and a code of the secret.
  // The recovery codes leave the server here and only here: afterwards only their hashes exist.
  app.post(`${RUTA}/confirmar`, opciones, async (request) => {
    const login = request.login!;
    const pendiente = async (trx: Db | Knex.Transaction) => {
      if (await trx('totp').where('loginId', login.id).whereNull('activadoEn').first('loginId')) return;
      throw conflict((await tieneSegundoFactor(trx, login.id)) ? mensajes.segundoFactor.yaActivo : mensajes.segundoFactor.sinAlta);
    };
    // Nothing to confirm costs no password attempt.
    await pendiente(db);
    const { codigo, pass } = parseTextos(request.body, (await pideContrasena(login)) ? ['codigo', 'pass'] : ['codigo']) as { codigo: string; pass?: string };
    if (pass !== undefined) await requireContrasena(request, pass);
    const ahora = new Date(now()).toISOString();
    const nuevos = codigosNuevos();
    await repo.transaction(propia(request), async (w) => {
      const trx = w.db;
      await pendiente(trx);
      // Not counted by the codes' throttle: this secret is the one this session was just shown,
      // so guessing its codes gains nothing; a typo here must not spend the account's tries.
      if (!(await spendCodigo(trx, login.id, codigo, now(), { confirmado: false }))) throw codigoIncorrecto();
      await trx('totp').where('loginId', login.id).update({ activadoEn: ahora });
      await saveCodigos(trx, login.id, nuevos, ahora);
      await writeEvento(w, { tipo: 'MFA-ALTA', recurso: 'logins', recursoId: login.id }, new Date(ahora));
    });
    // An account made to enrol goes on to whatever is left (or to a whole session).
    if (login.fase === 'enrolar') await siguiente(login.id, login.sesionId);
    return { codigosRecuperacion: nuevos };
  });

  app.delete(RUTA, opciones, async (request) => {
    const { pass, codigo } = parseTextos(request.body, ['pass', 'codigo'] as const);
    const login = request.login!;
    if (config.mfaRoles.includes(login.rol)) throw conflict(mensajes.segundoFactor.obligatorio(ETIQUETAS_ROL[login.rol] ?? login.rol));
    if (!(await tieneSegundoFactor(db, login.id))) throw conflict(mensajes.segundoFactor.noActivo);
    // A stolen session must not be enough: the password and a code, each guessed no faster than at login.
    await requireContrasena(request, pass);
    await conCodigo(request, () =>
      repo.transaction(propia(request), async (w) => {
        if (!(await spendCodigo(w.db, login.id, codigo, now()))) throw codigoIncorrecto();
        await deleteSegundoFactor(w.db, login.id);
        await writeEvento(w, { tipo: 'MFA-BAJA', recurso: 'logins', recursoId: login.id }, new Date(now()));
      }),
    );
    return { activo: false, codigosRestantes: 0 };
  });

  // The login's second step: a code of the app or a recovery code, each accepted once.
  app.post('/logins/codigo', opciones, async (request, reply: FastifyReply) => {
    const { codigo } = parseTextos(request.body, ['codigo'] as const);
    const login = request.login!;
    if (login.fase !== 'codigo') throw conflict(mensajes.segundoFactor.sinCodigoPendiente);
    await conCodigo(request, async () => {
      if (!(await spendCodigo(db, login.id, codigo, now()))) throw codigoIncorrecto();
    });
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
    await sessions.complete(sesionId, await faseSiguiente(db, config, row, { codigoDado: true }));
  }
}
