// The accounts' messages with a link (docs/arquitectura.md §4, «Invitaciones y contraseñas
// olvidadas»): queueing one (an invitation, a reset), and the two routes reached without a
// session: POST /logins/olvido asks for a reset link, POST /logins/restablecer spends one (a
// reset's or an invitation's, correo/enlaces.ts). Their OpenAPI is with the other account routes
// (auth/openapi.ts). Here and not in auth/: they queue messages, a floor above it.
//
// /logins/olvido answers the same (202 and the same text) whoever is asked for, and before it
// looks: the request is counted (OlvidoThrottle), the answer sent, and only then, off the
// request, is the account looked up and its message queued. Its time therefore never depends on
// whether the account exists, is active or has an email; the server's close waits for the
// lookups still running.
import type { FastifyInstance } from 'fastify';
import type { AjustesCorreo, Escritor } from '../base/types.js';
import { HttpError, tooManyRequests, validationFailed } from '../base/errors.js';
import { isStorableText, isTrue } from '../base/values.js';
import type { Config } from '../config/index.js';
import { queueCorreo } from './encolar.js';
import { consumeEnlace, ENLACE_PENDIENTE, hashEnlace, TIPOS_ENLACE, type TipoEnlace } from './enlaces.js';
import { mensajes } from '../mensajes.js';
import type { Repository } from '../rest/repository.js';
import { writeEvento } from '../auth/auditoria.js';
import { parseTextos } from '../auth/cuerpo.js';
import type { HashingQueue } from '../auth/hashing.js';
import { hashPassword } from '../auth/passwords.js';
import { motivoRechazo } from '../auth/politica.js';
import { sessionsEnded } from '../auth/sessions.js';
import { OlvidoThrottle } from '../auth/throttle.js';

export interface EnlaceRouteOptions {
  repo: Repository;
  config: AjustesCorreo & Pick<Config, 'scrypt' | 'loginThrottle'>;
  /** The password hashing of the whole process (the auth plugin's): the same per-address limit as a login. */
  hashing: HashingQueue;
}

type Row = Record<string, any>;

/**
 * Queues the message of a link for `login` (an invitation or a password reset) to its address;
 * answers the correo's id. The values its template names; the link waits as ENLACE_PENDIENTE.
 */
export function queueEnlace(w: Escritor, ajustes: AjustesCorreo, login: Row, tipo: TipoEnlace): Promise<number> {
  const horas = TIPOS_ENLACE[tipo].horas;
  const plazo: Record<string, number> = tipo === 'invitacion' ? { horas } : { minutos: horas * 60 };
  return queueCorreo(w, ajustes, {
    plantilla: tipo,
    para: String(login.email),
    valores: { nombre: String(login.nombre || login.usuario), usuario: String(login.usuario), enlace: ENLACE_PENDIENTE, ...plazo },
    cuentaId: Number(login.id),
    datos: { enlace: { tipo, loginId: Number(login.id) } },
  });
}

/** One answer for every link that does not serve (unknown, used, expired, of another kind, of an inactive account). */
const enlaceNoValido = () => new HttpError(410, mensajes.enlaces.enlaceNoValido, 'ENLACE_NO_VALIDO');

/** At most this many accounts share one email and get a link each. */
const MAX_CUENTAS_POR_EMAIL = 5;

export default async function enlaceRoutes(app: FastifyInstance, { repo, config, hashing }: EnlaceRouteOptions) {
  const db = repo.db;
  const olvidos = new OlvidoThrottle(db, config.loginThrottle);
  const pendientes = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pendientes]);
  });

  /** The reset messages for whoever `usuario` names (its usuario, or its email), off the request. */
  const queueRestablecimientos = async (usuario: string, ip: string) => {
    if (!isStorableText(usuario) || usuario.trim() === '') return;
    const filas = (await db('logins')
      .where('usuario', usuario)
      .orWhereRaw('lower("email") = lower(?)', [usuario.trim()])
      .orderBy('id')
      .limit(MAX_CUENTAS_POR_EMAIL)
      .select('id', 'usuario', 'nombre', 'email', 'activo')) as Record<string, unknown>[];
    const destinos = filas.filter((f) => isTrue(f.activo) && f.email);
    if (!destinos.length) return;
    // Nobody proved to be the account yet: the server's write, from the address that asked.
    await repo.transaction({ loginId: null, ip }, async (w) => {
      for (const f of destinos) await queueEnlace(w, config, f, 'restablecer');
    }, { accion: 'olvido' });
  };

  app.post('/logins/olvido', async (request, reply) => {
    const { usuario } = parseTextos(request.body, ['usuario'] as const);
    const reserva = await olvidos.begin(usuario, request.ip);
    if (!reserva.attempt) throw tooManyRequests(reserva.retryAfterSeconds);
    const trabajo = queueRestablecimientos(usuario, request.ip)
      .catch((err) => request.log.error({ err }, 'no se pudo encolar un restablecimiento de contraseña'))
      .finally(() => pendientes.delete(trabajo));
    pendientes.add(trabajo);
    return reply.code(202).send({ mensaje: mensajes.enlaces.olvidoRespuesta });
  });

  app.post('/logins/restablecer', async (request) => {
    const { token, pass, tipo } = parseTextos(request.body, ['token', 'pass', 'tipo'] as const);
    if (!Object.hasOwn(TIPOS_ENLACE, tipo)) throw validationFailed([{ path: '/tipo', code: 'enum', message: mensajes.enlaces.tipoNoValido }]);
    const clase = tipo as TipoEnlace;
    // Looked at first without spending it: a password the policy refuses leaves the link usable.
    const enlace = await db('enlaces').where({ hash: hashEnlace(token), tipo: clase }).whereNull('usadoEn').where('expira', '>', new Date().toISOString()).first('loginId');
    const row = enlace ? await db('logins').where('id', enlace.loginId).first('id', 'usuario', 'activo') : undefined;
    if (!row || !isTrue(row.activo)) throw enlaceNoValido();
    const motivo = motivoRechazo(pass, row.usuario);
    if (motivo) throw validationFailed([{ path: '/pass', code: 'password', message: motivo }]);
    const hash = await hashing.run(request.ip, () => hashPassword(pass, config.scrypt));
    const id = Number(row.id);

    // The account itself, proved by its link: spending it and setting the password are one
    // transaction, so of two requests with one link only one sets anything.
    const hecho = await repo.transaction({ loginId: id, ip: request.ip }, async (w) => {
      if ((await consumeEnlace(w.db, clase, token)) !== id) return false;
      // The account's other links (an older invitation, a second reset) serve no longer.
      await w.db('enlaces').where('loginId', id).whereNull('usadoEn').update({ usadoEn: new Date().toISOString() });
      await w.update('logins', id, { pass: hash, debeCambiarPass: false });
      await w.db('sesiones').where('loginId', id).delete();
      await writeEvento(w, { tipo: 'CONTRASENA', recurso: 'logins', recursoId: id, datos: { enlace: clase } });
      return true;
    }, { accion: clase === 'invitacion' ? 'aceptarInvitacion' : 'restablecerContrasena' });
    if (!hecho) throw enlaceNoValido();
    sessionsEnded(id);
    // No session: whoever chose it now logs in as always (with the second factor, if any).
    return { usuario: row.usuario };
  });
}
