// The single-use links of account messages (docs/arquitectura.md §25): an invitation to choose a
// password (72 h) and a password reset (1 h). The secret is made as the message leaves, so the
// outbox, which the administrador and the contable read, never holds a live one: what it shows in
// its place is ENLACE_PENDIENTE. Only the SHA-256 of the secret is stored (table `enlaces`).
import { createHash, randomBytes } from 'node:crypto';
import type { Escritor } from '../base/types.js';
import type { Config } from '../config/index.js';
import { mensajes } from '../mensajes.js';

export const TIPOS_ENLACE = { invitacion: { horas: 72, ruta: '/invitacion' }, restablecer: { horas: 1, ruta: '/restablecer' } } as const;
export type TipoEnlace = keyof typeof TIPOS_ENLACE;

/** What the outbox shows where the link will go: no character of it is escaped in HTML. */
export const ENLACE_PENDIENTE = mensajes.correo.enlacePendiente;

export const hashEnlace = (secreto: string) => createHash('sha256').update(secreto).digest('hex');

export interface DatosEnlace {
  enlace?: { tipo: TipoEnlace; loginId: number };
}

/** Makes the message's link, in the sending's fenced transaction, and puts it where the outbox shows ENLACE_PENDIENTE. */
export async function completeEnlace(w: Escritor, config: Pick<Config, 'correo'>, datos: DatosEnlace, mensaje: { asunto: string; html: string; texto: string }) {
  if (!datos.enlace) return mensaje;
  const { tipo, loginId } = datos.enlace;
  const secreto = randomBytes(32).toString('base64url');
  const ahora = new Date();
  await w.db('enlaces').insert({ tipo, loginId, hash: hashEnlace(secreto), expira: new Date(ahora.getTime() + TIPOS_ENLACE[tipo].horas * 3_600_000).toISOString(), createdAt: ahora.toISOString() });
  const url = `${config.correo.adminUrl}${TIPOS_ENLACE[tipo].ruta}#${secreto}`;
  return { asunto: mensaje.asunto, html: mensaje.html.split(ENLACE_PENDIENTE).join(url), texto: mensaje.texto.split(ENLACE_PENDIENTE).join(url) };
}

/**
 * Takes a link: the account it is for when it is of this kind, unused and unexpired, and marks it
 * used in the same statement (two requests with one link: one wins). Null otherwise, whatever the
 * reason, so an answer says nothing about which links exist.
 */
export async function consumeEnlace(db: Escritor['db'], tipo: TipoEnlace, secreto: string): Promise<number | null> {
  const ahora = new Date().toISOString();
  const filas = (await db('enlaces')
    .where({ hash: hashEnlace(secreto), tipo })
    .whereNull('usadoEn')
    .where('expira', '>', ahora)
    .update({ usadoEn: ahora })
    .returning('loginId')) as ({ loginId: number } | number)[];
  const [fila] = filas;
  return fila === undefined ? null : Number(typeof fila === 'object' ? fila.loginId : fila);
}
