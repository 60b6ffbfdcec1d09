// Failed-login throttling with sliding windows, per (usuario, ip) and per ip.
//
// Keyed per (usuario, ip) rather than per usuario: an attacker elsewhere can then exhaust only
// their own allowance and never lock a real administrator out. The per-ip limit, higher, stops
// one address from spraying many usuarios. Windows slide, so nothing stays locked for longer
// than the window, and attempts refused while locked are not counted (they would extend it).
//
// State lives in this process's memory: each API process throttles on its own (so N processes
// allow up to N times the limit), and it is bounded by evicting the least recently failed keys.
// Filling it takes many thousands of failures, which the per-ip limit makes costly.
import type { Config } from '../config.js';

const MAX_KEYS = 10_000;

class SlidingWindow {
  // Only the last `max` failure times per key matter: the oldest of them decides the wait.
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Milliseconds until `key` may try again, or 0. */
  waitMs(key: string, now: number): number {
    const times = this.recent(key, now);
    return times.length >= this.max ? times[0] + this.windowMs - now : 0;
  }

  fail(key: string, now: number) {
    const times = this.recent(key, now);
    times.push(now);
    if (times.length > this.max) times.shift();
    // Re-inserting moves the key to the end of the Map's order, which makes eviction LRU.
    this.failures.delete(key);
    this.failures.set(key, times);
    if (this.failures.size > MAX_KEYS) this.failures.delete(this.failures.keys().next().value!);
  }

  clear(key: string) {
    this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    const times = (this.failures.get(key) ?? []).filter((t) => t > now - this.windowMs);
    if (times.length === 0) this.failures.delete(key);
    return times;
  }
}

export class LoginThrottle {
  private readonly perUsuario: SlidingWindow;
  private readonly perIp: SlidingWindow;

  constructor(
    settings: Config['loginThrottle'],
    private readonly now: () => number = Date.now,
  ) {
    const windowMs = settings.windowMinutes * 60_000;
    this.perUsuario = new SlidingWindow(settings.maxPerUsuario, windowMs);
    this.perIp = new SlidingWindow(settings.maxPerIp, windowMs);
  }

  /** Whole seconds to wait before this attempt may be checked at all, or 0 when it may. */
  retryAfterSeconds(usuario: string, ip: string): number {
    const now = this.now();
    const wait = Math.max(this.perUsuario.waitMs(userKey(usuario, ip), now), this.perIp.waitMs(ip, now));
    return wait > 0 ? Math.ceil(wait / 1000) : 0;
  }

  failed(usuario: string, ip: string) {
    const now = this.now();
    this.perUsuario.fail(userKey(usuario, ip), now);
    this.perIp.fail(ip, now);
  }

  /** A correct password ends the count for that usuario from that address (not the ip's). */
  succeeded(usuario: string, ip: string) {
    this.perUsuario.clear(userKey(usuario, ip));
  }
}

// Case-folded so «Admin» and «admin» share an allowance whatever the database's collation;
// truncated (no usuario is that long) so a huge body cannot make a huge key.
const userKey = (usuario: string, ip: string) => `${ip}\u0000${usuario.slice(0, 200).toLowerCase()}`;
