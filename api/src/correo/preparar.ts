// What every start does for email: a template row for each kind that has none yet (a new kind,
// or a new database), and, with a mail server configured, a sending job for every message that
// waited without one (queued while there was no SMTP_URL).
import type { Escritor } from '../base/types.js';
import type { Config } from '../config/index.js';
import { queueEnvio } from './encolar.js';
import { CLAVES_PLANTILLA, TIPOS } from './plantillas.js';

export async function preparePlantillas(w: Escritor): Promise<number> {
  const existentes = new Set(await w.db('plantillas').pluck('clave'));
  const faltan = CLAVES_PLANTILLA.filter((c) => !existentes.has(c));
  for (const clave of faltan) await w.create('plantillas', { clave, asunto: TIPOS[clave].asunto, html: TIPOS[clave].html, texto: TIPOS[clave].texto });
  return faltan.length;
}

/** Answers how many messages got their job (none had one, or theirs had been cleared). */
export async function queuePendientes(w: Escritor, config: Pick<Config, 'correo'>): Promise<number> {
  if (!config.correo.smtpUrl) return 0;
  let n = 0;
  for (const id of (await w.db('correos').where('estado', 'pendiente').orderBy('id').pluck('id')).map(Number)) if ((await queueEnvio(w.db, id)) !== null) n++;
  return n;
}
