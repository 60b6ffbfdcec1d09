// The second factor's secrets and codes (RFC 6238, with otpauth; docs/arquitectura.md §4): the
// shared secret lives only in `totp`, the recovery codes only as hashes. Checking a code also
// spends it, in the same statement, so two requests racing with one code cannot both pass.
import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Knex } from 'knex';
import type { Db } from '../db/index.js';

/** The authenticator apps' common ground: SHA-1, six digits, thirty seconds. */
const PERIODO = 30;
/** A code one step early or late still counts: phones' clocks drift, people type slowly. */
const VENTANA = 1;
const CODIGOS_RECUPERACION = 10;
// Ten characters from an alphabet without look-alikes (no 0/o, 1/l/i): 50 bits each, shown as xxxxx-xxxxx.
const ALFABETO = 'abcdefghjkmnpqrstuvwxyz23456789';

export const totpDe = (secreto: string, cuenta: string, emisor: string) =>
  new TOTP({ issuer: emisor, label: cuenta, algorithm: 'SHA1', digits: 6, period: PERIODO, secret: Secret.fromBase32(secreto) });

/** A new random secret (160 bits, as RFC 4226 recommends), base32 as the URI carries it. */
export const secretoNuevo = () => new Secret({ size: 20 }).base32;

const normalizeCodigo = (codigo: string) => codigo.toLowerCase().replace(/[\s-]/g, '');
const hashDe = (codigo: string) => createHash('sha256').update(normalizeCodigo(codigo)).digest('hex');

/** Ten fresh recovery codes to show once; only their hashes are kept. */
export function codigosNuevos(): string[] {
  return Array.from({ length: CODIGOS_RECUPERACION }, () => {
    const bytes = randomBytes(10);
    const letras = Array.from(bytes, (b) => ALFABETO[b % ALFABETO.length]).join('');
    return `${letras.slice(0, 5)}-${letras.slice(5)}`;
  });
}

export async function saveCodigos(trx: Knex.Transaction, loginId: number, codigos: string[], ahora: string) {
  await trx('codigos_recuperacion').where('loginId', loginId).delete();
  await trx('codigos_recuperacion').insert(codigos.map((c) => ({ loginId, hash: hashDe(c), usadoEn: null, createdAt: ahora })));
}

export async function codigosRestantes(db: Db, loginId: number): Promise<number> {
  const [{ n }] = (await db('codigos_recuperacion').where('loginId', loginId).whereNull('usadoEn').count({ n: '*' })) as { n: number | string }[];
  return Number(n);
}

const esTotp = (codigo: string) => /^\d{6}$/.test(codigo.replace(/\s/g, ''));

/**
 * The time step a six-digit `codigo` belongs to for `secreto` at `ahora` (ms), or null. The
 * caller spends it by raising `ultimoPaso`: a step at or below it is never accepted again.
 */
function pasoDe(secreto: string, codigo: string, ahora: number): number | null {
  const totp = totpDe(secreto, '-', '-');
  const delta = totp.validate({ token: codigo.replace(/\s/g, ''), timestamp: ahora, window: VENTANA });
  return delta === null ? null : totp.counter({ timestamp: ahora }) + delta;
}

/**
 * Whether `codigo` is a valid code of the account's second factor and was not used before:
 * a TOTP code of a step later than the last one accepted, or an unused recovery code. Either is
 * spent by this call. `confirmado: false` checks the secret still being enrolled (recovery codes
 * do not exist yet then).
 */
export async function spendCodigo(db: Db | Knex.Transaction, loginId: number, codigo: string, ahora: number, { confirmado = true } = {}): Promise<boolean> {
  const fila = await db('totp').where('loginId', loginId).first('secreto', 'activadoEn', 'ultimoPaso');
  if (!fila || (fila.activadoEn !== null) !== confirmado) return false;
  if (esTotp(codigo)) {
    const paso = pasoDe(fila.secreto, codigo, ahora);
    if (paso === null) return false;
    const cambiadas = await db('totp')
      .where('loginId', loginId)
      .andWhere((q) => q.whereNull('ultimoPaso').orWhere('ultimoPaso', '<', paso))
      .update({ ultimoPaso: paso });
    return cambiadas === 1;
  }
  if (!confirmado) return false;
  const usadas = await db('codigos_recuperacion')
    .where({ loginId, hash: hashDe(codigo) })
    .whereNull('usadoEn')
    .update({ usadoEn: new Date(ahora).toISOString() });
  return usadas === 1;
}

/** Removes the account's factor, confirmed or still being enrolled, with its recovery codes. */
export async function deleteSegundoFactor(trx: Knex.Transaction, loginId: number): Promise<void> {
  await trx('codigos_recuperacion').where('loginId', loginId).delete();
  await trx('totp').where('loginId', loginId).delete();
}
