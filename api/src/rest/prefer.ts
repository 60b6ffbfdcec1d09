// The `Prefer` request header (RFC 7240) as far as this API reads it: `count=exact|planned|estimated`
// on `GET /R/count`, PostgREST's convention (docs/arquitectura.md §12), and `handling=strict|lenient`. RFC 7240
// says a server ignores a preference it does not support, so an unknown preference, or an unknown
// count value, changes nothing and the answer says so by not naming it in `Preference-Applied`;
// `handling=strict` (RFC 7240 §4.4) is the caller asking to be told instead, with a 400.
import { mensajes } from '../mensajes.js';
import { badRequest } from '../base/errors.js';

export const COUNT_MODES = ['exact', 'planned', 'estimated'] as const;
export type CountMode = (typeof COUNT_MODES)[number];

export interface Preferences {
  /** Undefined when the caller named no count preference, or one this API does not know. */
  count?: CountMode;
}

/** The header's preferences as name → value (lower-case names; quotes removed; parameters after `;` ignored). */
function parse(header: string | string[] | undefined): Map<string, string> {
  const prefs = new Map<string, string>();
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const item of text.split(',')) {
    const [pref] = item.split(';');
    const eq = pref.indexOf('=');
    const name = (eq < 0 ? pref : pref.slice(0, eq)).trim().toLowerCase();
    if (!name) continue;
    const value = eq < 0 ? '' : pref.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
    // RFC 7240 §2: of a preference named twice, the first counts.
    if (!prefs.has(name)) prefs.set(name, value);
  }
  return prefs;
}

export function readPreferences(header: string | string[] | undefined): Preferences {
  const prefs = parse(header);
  const count = prefs.get('count');
  if (count === undefined) return {};
  const mode = COUNT_MODES.find((m) => m === count.toLowerCase());
  if (!mode && prefs.get('handling')?.toLowerCase() === 'strict') throw badRequest(mensajes.peticion.preferCuenta(count, COUNT_MODES));
  return mode ? { count: mode } : {};
}
