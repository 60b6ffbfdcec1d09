// A fake API for provider tests: answers by "METHOD path" and records every call decoded, so
// tests assert the exact requests the admin makes.
import { vi } from 'vitest';

export interface Llamada {
  method: string;
  /** Path with the query decoded, without the API's base address. */
  url: string;
  /** Each query parameter parsed as JSON. */
  query: Record<string, unknown>;
  body: unknown;
  headers: Headers;
  credentials: RequestCredentials | undefined;
}

type Respuesta = { status?: number; body?: unknown } | ((llamada: Llamada) => { status?: number; body?: unknown });

// No /config.js in tests: the admin falls back to the page's host on port 3000 (jsdom: localhost).
export const API = 'http://localhost:3000';

export function fakeApi(respuestas: Record<string, Respuesta>) {
  const llamadas: Llamada[] = [];
  const fetch = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input);
    const query = Object.fromEntries([...url.searchParams].map(([k, v]) => [k, JSON.parse(v)]));
    const llamada: Llamada = {
      method: init.method ?? 'GET',
      url: `${url.origin === API ? '' : url.origin}${decodeURIComponent(url.pathname)}${url.search ? decodeURIComponent(url.search) : ''}`,
      query,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      headers: new Headers(init.headers),
      credentials: init.credentials,
    };
    llamadas.push(llamada);
    const clave = `${llamada.method} ${url.pathname}`;
    const definida = respuestas[clave] ?? (clave === 'GET /logins/me' ? cuentaGuardada : undefined);
    if (!definida) throw new Error(`Llamada inesperada: ${clave}`);
    const { status = 200, body } = typeof definida === 'function' ? definida(llamada) : definida;
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return llamadas;
}

/**
 * GET /logins/me, unless a test says otherwise: the account signed in in this browser, as an
 * administrador (canAccess asks it for the role; the tests of other roles answer it themselves).
 */
const cuentaGuardada = () => ({ body: { rol: 'administrador', fase: null, ...JSON.parse(localStorage.getItem('user') ?? '{}') } });

/** The LoopBack error envelope. */
export const errorLoopBack = (statusCode: number, message: string, details?: unknown) => ({
  status: statusCode,
  body: { error: { statusCode, name: 'Error', message, ...(details ? { details } : {}) } },
});
