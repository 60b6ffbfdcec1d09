// What every area of the configuration reads with: the error that names the bad variable, and
// the readers of a bounded integer, a switch, an http(s) address and a program's name or path.
import { resolve } from 'node:path';

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`Configuración no válida: ${variable} ${message}`);
  }
}

export type Env = Record<string, string | undefined>;

export function int(env: Env, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(name, `debe ser un número entero (recibido «${raw}»)`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(name, `debe estar entre ${min} y ${max} (recibido ${n})`);
  return n;
}

/** A switch: true/false (also 1/0, sí/no, on/off); anything else names the variable. */
export function booleano(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'si', 'sí', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(name, `debe ser «true» o «false» (recibido «${env[name]}»)`);
}

/** An http(s) address (another party's API, a stand-in's in tests); null when unset. */
export function direccionHttp(env: Env, name: string): URL | null {
  const raw = env[name]?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, `debe ser una dirección http(s) (recibido «${raw}»)`);
  }
  if (!/^https?:$/.test(url.protocol)) throw new ConfigError(name, `debe ser una dirección http(s) (recibido «${raw}»)`);
  return url;
}

/** A program named bare is looked up on PATH; one given with a folder is taken from cwd. */
export function programa(env: Env, name: string, fallback: string, cwd: string): string {
  const raw = env[name]?.trim() || fallback;
  return raw.includes('/') ? resolve(cwd, raw) : raw;
}
