// The bodies of the account routes (login, second factor): a few texts, checked for type only.
import { validationFailed, type ErrorDetail } from '../base/errors.js';
import { mensajes } from '../mensajes.js';

/** The named fields of a JSON body, each a string, or a 422 naming those that are not. */
export function parseTextos<C extends string>(body: unknown, campos: readonly C[]): Record<C, string> {
  const data = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const details: ErrorDetail[] = [];
  for (const campo of campos) {
    if (typeof data[campo] !== 'string') {
      // Never echo the value: it may be a password or a code.
      details.push({ path: `/${campo}`, code: 'type', message: mensajes.filtro.valorInvalido(campo, 'un texto') });
    }
  }
  if (details.length) throw validationFailed(details);
  return Object.fromEntries(campos.map((c) => [c, data[c]])) as Record<C, string>;
}
