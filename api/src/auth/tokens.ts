// API tokens (docs/arquitectura.md §4): how a machine, the academy's web shop, is recognised.
// A request with `Authorization: Bearer <token>` acts with the token's role, with no account and
// no cookie; the table keeps only the token's SHA-256, as `sesiones` does a session's.
//
// Unlike a session's read, a token is looked up in the database on every request: a revocation
// or an expiry must stop it at once in every process, and a shop's traffic is a few calls per
// sale, not an administrator's lists. Its last use is written at most once a minute.
import { createHash, randomBytes } from 'node:crypto';
import type { Rol } from '../base/types.js';
import type { Repository } from '../rest/repository.js';
import type { SessionLogin } from '../rest/request.js';
import { millisDe } from '../base/tiempo.js';

/** What every token starts with: a secret scanner (and a person) tells an Aula token from others. */
export const PREFIJO_TOKEN = 'aula_';
/** 256 random bits, base64url (43 characters), after the prefix. */
const FORMA = /^aula_[A-Za-z0-9_-]{43}$/;
/** How many characters of the token the list shows, to tell tokens apart: the prefix and 6 more. */
const VISIBLES = PREFIJO_TOKEN.length + 6;
const USO_CADA_MS = 60_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new token: the value to hand out once, and what is stored of it. */
export function newToken(): { token: string; tokenHash: string; prefijo: string } {
  const token = PREFIJO_TOKEN + randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token), prefijo: token.slice(0, VISIBLES) };
}

/**
 * The token of an `Authorization: Bearer` header (the scheme is case-insensitive, RFC 6750); ''
 * for a Bearer header without one; undefined for none or another scheme (a proxy's Basic
 * credentials in front of the admin are not a token, and the session cookie still counts).
 */
export function readBearer(authorization: string | undefined): string | undefined {
  if (!authorization || !/^bearer(\s|$)/i.test(authorization)) return undefined;
  const m = /^bearer[ ]+(\S+)\s*$/i.exec(authorization);
  return m ? m[1] : '';
}

const millis = (value: unknown) => (value == null ? null : millisDe(value));

export class TokenStore {
  /** Per token, the minute being counted and its requests: the throttle (per process). */
  private readonly uso = new Map<number, { minuto: number; n: number }>();

  constructor(
    private readonly repo: Repository,
    readonly maxPorMinuto: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Who a token is, or null when it names no live token (unknown, revoked or expired). */
  async resolve(token: string): Promise<SessionLogin | null> {
    if (!FORMA.test(token)) return null;
    const row = await this.repo.db('tokens').where('tokenHash', hashToken(token)).first('id', 'nombre', 'rol', 'caduca', 'revocadoEn', 'ultimoUso');
    if (!row || row.revocadoEn != null) return null;
    const ahora = this.now();
    const caduca = millis(row.caduca);
    if (caduca !== null && caduca <= ahora) return null;
    const ultimo = millis(row.ultimoUso);
    // Bookkeeping, not a change anyone makes: no history row per minute of use (as sesiones.lastSeenAt).
    if (ultimo === null || ahora - ultimo >= USO_CADA_MS) await this.repo.note(this.repo.registry.get('tokens'), Number(row.id), { ultimoUso: new Date(ahora).toISOString() });
    const id = Number(row.id);
    return { id, tokenId: id, usuario: row.nombre, nombre: row.nombre, sesionId: 0, rol: row.rol as Rol, fase: null };
  }

  /**
   * Counts one request of the token in this minute; answers the seconds to wait once it has made
   * more than the limit. Per process: with WORKERS processes a token may make up to that many times
   * the limit (a shared counter would turn every read into a write).
   */
  count(tokenId: number): number | undefined {
    const ahora = this.now();
    const minuto = Math.floor(ahora / 60_000);
    const actual = this.uso.get(tokenId);
    if (!actual || actual.minuto !== minuto) {
      if (this.uso.size > 10_000) this.uso.clear();
      this.uso.set(tokenId, { minuto, n: 1 });
      return undefined;
    }
    if (++actual.n <= this.maxPorMinuto) return undefined;
    return Math.max(1, Math.ceil(((minuto + 1) * 60_000 - ahora) / 1000));
  }
}
