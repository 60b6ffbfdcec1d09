// Proving, from a session, that one knows the account's current password: to change it, to bind a
// phone as its second factor, to remove that factor (docs/arquitectura.md §4). A session left open
// or borrowed must not be enough, nor let anyone guess faster than at the login page.
import type { Db } from '../db/index.js';
import { tooManyRequests } from '../base/errors.js';
import type { HashingQueue } from './hashing.js';
import { verifyPassword } from './passwords.js';
import type { SessionLogin } from '../rest/request.js';
import type { LoginThrottle } from './throttle.js';

export interface ContrasenaOptions {
  db: Db;
  throttle: LoginThrottle;
  hashing: HashingQueue;
}

/**
 * Whether `pass` is the current password of the session's account. Checked in the hashing queue
 * and counted as a login attempt of that usuario from this address (auth/throttle.ts): 429 past
 * the allowance; a wrong one stays counted, a right one forgives that usuario's password failures
 * from there, as the login does.
 */
export async function checkContrasenaActual({ db, throttle, hashing }: ContrasenaOptions, login: SessionLogin, ip: string, pass: string): Promise<boolean> {
  const reserva = await throttle.begin(login.usuario, ip);
  if (!reserva.attempt) throw tooManyRequests(reserva.retryAfterSeconds);
  const fila = await db('logins').where('id', login.id).first('pass');
  let ok: boolean;
  try {
    ok = fila !== undefined && (await hashing.run(ip, () => verifyPassword(pass, fila.pass)));
  } catch (err) {
    await throttle.abandon(reserva.attempt);
    throw err;
  }
  if (ok) await throttle.succeeded(reserva.attempt);
  return ok;
}
