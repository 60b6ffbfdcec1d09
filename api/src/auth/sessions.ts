// Server-side sessions in the `sesiones` table, so every API process sharing the database
// recognises every session and a logout ends it everywhere. The browser holds a random token;
// the table holds only its SHA-256, so a leaked database dump cannot be replayed as cookies.
import { createHash, randomBytes } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { SesionAbierta } from '../../../contrato/sesiones.js';
import type { Config } from '../config/index.js';
import type { Db } from '../db/index.js';
import { faseVigente } from './fases.js';
import type { SessionLogin } from '../rest/request.js';
import { millisDe } from '../base/tiempo.js';
import { isTrue } from '../base/values.js';

export const SESSION_COOKIE = 'aula_sesion';

// Refreshing lastSeenAt on every request would turn each read into a write (and contend on
// SQLite's single writer); a minute of slack on an idle timeout counted in minutes is harmless.
// A short timeout gets a quarter of itself instead, or a session in steady use could lapse.
const TOUCH_INTERVAL_MS = 60_000;
// Expired rows are also deleted whenever they are met; the sweep only catches abandoned ones.
const PURGE_INTERVAL_MS = 10 * 60_000;

// A read may rely on a session check this recent instead of asking the database again: under
// load that removes one query from nearly every call. Writes always ask the database, so a
// logout, a deactivation or an expiry decided by another API process stops every write at
// once and a read within this long. Logging out through this process forgets at once.
const RECHECK_MS = 1_000;
const RECENT_MAX = 10_000;

/**
 * Accounts whose sessions this process has just ended or changed (a new password, a
 * deactivation, a new role, a factor removed: the logins resource), by the generation at which it did: a recent check made before that is not
 * reused, so in this process the ended sessions stop at once; other processes ask the database
 * within RECHECK_MS.
 */
let generation = 0;
const endedAt = new Map<number, number>();

export function sessionsEnded(loginId: number) {
  endedAt.set(loginId, ++generation);
}

/** 256 random bits, base64url: exactly 43 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

// SQLite returns the ISO strings we stored; PostgreSQL returns Date objects for timestamptz.
const iso = (ms: number) => new Date(ms).toISOString();

/** What GET /logins/sesion answers: enough for the admin to warn before the idle timeout. */
export interface SessionState {
  inactividadMinutos: number;
  /** lastSeenAt is written at most this often, so a request extends the session to at least idle − this. */
  margenSegundos: number;
  caducaPorInactividad: string;
  caduca: string;
  /** The server's clock, so a client can correct its own. */
  ahora: string;
}

export interface SessionStoreOptions {
  db: Db;
  config: Pick<Config, 'session' | 'mfaRoles'>;
  now?: () => number;
}

export class SessionStore {
  private readonly db: Db;
  private readonly idleMs: number;
  private readonly absoluteMs: number;
  private readonly touchMs: number;
  private readonly secure: boolean;
  private readonly mfaRoles: Config['mfaRoles'];
  private readonly now: () => number;
  private lastPurge = 0;
  /**
   * token → the last answer the database gave for it, and when. Keyed by the token itself, not
   * its hash: a read that reuses a check then hashes nothing (a ninth of a read by id's CPU). The
   * tokens stay in this process's memory, as each request's cookie does; only hashes are stored.
   */
  private readonly recent = new Map<string, { login: SessionLogin; lastSeen: number; expires: number; checkedAt: number; generation: number }>();

  constructor({ db, config, now = Date.now }: SessionStoreOptions) {
    this.db = db;
    this.idleMs = config.session.idleMinutes * 60_000;
    this.absoluteMs = config.session.absoluteHours * 3_600_000;
    this.touchMs = Math.min(TOUCH_INTERVAL_MS, this.idleMs / 4);
    this.secure = config.session.secureCookie;
    this.mfaRoles = config.mfaRoles;
    this.now = now;
  }

  cookieOptions(): CookieSerializeOptions {
    // Max-Age matches the absolute timeout so the browser stops sending a cookie that can no
    // longer work; the server enforces both timeouts regardless.
    return { httpOnly: true, sameSite: 'lax', path: '/', secure: this.secure, maxAge: this.absoluteMs / 1000 };
  }

  clearCookieOptions(): CookieSerializeOptions {
    return { httpOnly: true, sameSite: 'lax', path: '/', secure: this.secure };
  }

  /**
   * Starts a session and returns the token for the cookie (the only place it ever exists).
   * `fase`: the step it must still take (auth/fases.ts); `ip` and `dispositivo` (the browser's
   * User-Agent) let the account see where it is signed in.
   */
  async create(loginId: number, { fase = null, ip = null, dispositivo = null }: { fase?: string | null; ip?: string | null; dispositivo?: string | null } = {}): Promise<string> {
    const now = this.now();
    await this.purgeExpired(now);
    const token = randomBytes(32).toString('base64url');
    await this.db('sesiones').insert({
      tokenHash: hashToken(token),
      loginId,
      createdAt: iso(now),
      lastSeenAt: iso(now),
      expiresAt: iso(now + this.absoluteMs),
      fase,
      ip: ip?.slice(0, 45) ?? null,
      dispositivo: dispositivo?.slice(0, 300) ?? null,
    });
    return token;
  }

  /** Moves a session to its next step (null: a whole session), in this process at once. */
  async complete(sesionId: number, fase: string | null): Promise<void> {
    await this.db('sesiones').where('id', sesionId).update({ fase });
    for (const [token, known] of this.recent) if (known.login.sesionId === sesionId) this.recent.delete(token);
  }

  /**
   * The administrator behind a cookie, or null when it names no live session. `recheck` forces
   * the database lookup (every write); otherwise a check younger than RECHECK_MS is reused.
   * `touch: false` is a call nobody made (the admin's checks in the background): it is answered
   * but is not activity, or a tab left open would never reach the idle timeout.
   */
  async resolve(token: string | undefined, { recheck = true, touch = true } = {}): Promise<SessionLogin | null> {
    if (!token || !TOKEN_SHAPE.test(token)) return null;
    const now = this.now();
    const known = this.recent.get(token);
    if (
      known &&
      !recheck &&
      now - known.checkedAt < RECHECK_MS &&
      (endedAt.get(known.login.id) ?? 0) <= known.generation &&
      this.alive(now, known.lastSeen, known.expires)
    )
      return known.login;
    this.recent.delete(token);
    const tokenHash = hashToken(token);
    // The account's factor comes in the same statement: whether it must still enrol is judged
    // here (auth/fases.ts), at no extra query, and a read reusing this check reuses it too.
    const row = await this.db('sesiones')
      .join('logins', 'logins.id', 'sesiones.loginId')
      .leftJoin('totp', 'totp.loginId', 'sesiones.loginId')
      .where('sesiones.tokenHash', tokenHash)
      .first(
        'sesiones.id as sesionId',
        'sesiones.lastSeenAt',
        'sesiones.expiresAt',
        'logins.id',
        'logins.usuario',
        'logins.nombre',
        'logins.activo',
        'logins.rol',
        'sesiones.fase',
        'totp.activadoEn',
      );
    if (!row) return null;
    let lastSeen = millisDe(row.lastSeenAt);
    const expires = millisDe(row.expiresAt);
    const active = isTrue(row.activo);
    // A deactivated administrator's sessions die with the next request they make.
    if (!this.alive(now, lastSeen, expires) || !active) {
      await this.db('sesiones').where('id', row.sesionId).delete();
      return null;
    }
    if (touch && now - lastSeen >= this.touchMs) {
      await this.db('sesiones').where('id', row.sesionId).update({ lastSeenAt: iso(now) });
      lastSeen = now;
    }
    const fase = faseVigente(row.fase ?? null, { rol: row.rol, enrolado: row.activadoEn != null }, this.mfaRoles);
    const login: SessionLogin = { id: Number(row.id), usuario: row.usuario, nombre: row.nombre ?? null, sesionId: Number(row.sesionId), rol: row.rol, fase };
    // Oldest first out: Map iterates in insertion order.
    if (this.recent.size >= RECENT_MAX) this.recent.delete(this.recent.keys().next().value!);
    this.recent.set(token, { login, lastSeen, expires, checkedAt: now, generation });
    return login;
  }

  /** Neither past its absolute expiry nor idle for longer than the idle timeout. */
  private alive(now: number, lastSeen: number, expires: number): boolean {
    return now < expires && now - lastSeen <= this.idleMs;
  }

  /** When the session behind a request ends, as the database has it; null once it is gone. */
  async state(sesionId: number): Promise<SessionState | null> {
    const row = await this.db('sesiones').where('id', sesionId).first('lastSeenAt', 'expiresAt');
    if (!row) return null;
    return {
      inactividadMinutos: this.idleMs / 60_000,
      margenSegundos: this.touchMs / 1000,
      caducaPorInactividad: iso(millisDe(row.lastSeenAt) + this.idleMs),
      caduca: iso(millisDe(row.expiresAt)),
      ahora: iso(this.now()),
    };
  }

  /** The account's sessions still alive (Mi cuenta), most recently used first. */
  async abiertas(loginId: number): Promise<SesionAbierta[]> {
    const now = this.now();
    const rows = await this.db('sesiones')
      .where('loginId', loginId)
      .where('expiresAt', '>', iso(now))
      .where('lastSeenAt', '>=', iso(now - this.idleMs))
      .orderBy('lastSeenAt', 'desc')
      .orderBy('id', 'desc')
      .select('id', 'dispositivo', 'ip', 'createdAt', 'lastSeenAt');
    return rows.map((r) => ({ id: Number(r.id), dispositivo: r.dispositivo ?? null, ip: r.ip ?? null, createdAt: iso(millisDe(r.createdAt)), lastSeenAt: iso(millisDe(r.lastSeenAt)) }));
  }

  async destroy(token: string | undefined): Promise<void> {
    if (!token || !TOKEN_SHAPE.test(token)) return;
    this.recent.delete(token);
    await this.db('sesiones').where('tokenHash', hashToken(token)).delete();
  }

  /** Deletes sessions nobody will present again; at most every few minutes per process. */
  private async purgeExpired(now: number) {
    if (now - this.lastPurge < PURGE_INTERVAL_MS) return;
    this.lastPurge = now;
    await this.db('sesiones')
      .where('expiresAt', '<=', iso(now))
      .orWhere('lastSeenAt', '<', iso(now - this.idleMs))
      .delete();
  }
}
