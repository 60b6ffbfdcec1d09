// Password hashing with scrypt (memory-hard, in Node's crypto: no native add-on to build).
// Stored form: scrypt$N$r$p$salt$hash, so parameters can be raised later and old hashes
// still verify (and are rehashed on the next successful login).
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

const KEYLEN = 32;

function scrypt(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize('NFC'), salt, KEYLEN, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string, params: ScryptParams): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

function parse(stored: string) {
  const [alg, N, r, p, salt, key] = stored.split('$');
  if (alg !== 'scrypt' || !key) return undefined;
  return { params: { N: Number(N), r: Number(r), p: Number(p) }, salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await scrypt(password, parsed.salt, parsed.params);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/**
 * Whether a text is a hash in the stored form (`scrypt$N$r$p$salt$hash`): what the server hands
 * the logins rule when it hashed the password itself (resources/logins/index.ts).
 */
export function isHash(texto: string): boolean {
  const parsed = parse(texto);
  return parsed !== undefined && [parsed.params.N, parsed.params.r, parsed.params.p].every((n) => Number.isInteger(n) && n > 0) && parsed.salt.length > 0 && parsed.key.length === KEYLEN;
}

export function needsRehash(stored: string, params: ScryptParams): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.params.N !== params.N || parsed.params.r !== params.r || parsed.params.p !== params.p;
}
