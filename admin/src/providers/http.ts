// The one way the admin talks to the API: session cookie, JSON, and the LoopBack error
// envelope turned into react-admin's HttpError.
import { HttpError } from 'react-admin';
import { SEGUNDO_PLANO } from '../../../contrato/segundoPlano';
import { type ApiRequestInit, readError, callApi } from './api';
import { actividad, waitForSesion, generacionDeSesion, holdAfter401 } from './caducidad';

export { apiUrl, type ApiRequestInit } from './api';

interface LoopBackDetail {
  path?: string;
  message?: string;
}

/**
 * 422 details as react-admin's server-side validation wants them (`body.errors`, shaped like
 * the form), so each message shows under its field; `/a/b` and `a.b` paths become nested.
 */
function validationErrors(message: string, details: unknown): Record<string, unknown> | undefined {
  if (!Array.isArray(details)) return undefined;
  const errors: Record<string, unknown> = {};
  for (const { path, message: text } of details as LoopBackDetail[]) {
    const keys = String(path ?? '').split(/[/.]/).filter(Boolean);
    if (keys.length === 0) {
      errors.root = { serverError: text ?? message };
      continue;
    }
    let node = errors;
    for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
    node[keys[keys.length - 1]] ??= text ?? message;
  }
  return errors;
}

async function toHttpError(response: Response): Promise<HttpError> {
  const { status, message, body } = await readError(response);
  const details = typeof body === 'object' ? body.error?.details : undefined;
  const errors = status === 422 ? validationErrors(message, details) : undefined;
  return new HttpError(message, status, errors ? { ...(body as object), errors } : body);
}

/**
 * The server's reason for refusing, to show in a notification: a 422's title only says «revise
 * los campos», so outside a form (a bulk change, a reorder) its first detail is what names the
 * field or record at fault.
 */
export function motivo(error: unknown): string {
  const body = (error as { body?: { error?: { details?: LoopBackDetail[] } } })?.body;
  const detail = Array.isArray(body?.error?.details) ? body.error.details[0]?.message : undefined;
  return detail || (error as Error)?.message || 'ra.notification.http_error';
}

const LECTURA = new Set(['GET', 'HEAD']);

export interface FetchApiInit extends ApiRequestInit {
  /**
   * False for a request nobody asked for (a check in the background): its 401 ends at once, as
   * a sign-in dialog opening mid-keystroke would take the next keys for the password.
   */
  esperarSesion?: boolean;
  /**
   * A poll nobody is watching happen: the API answers it without counting it as activity, and
   * neither does the warning before the idle timeout (sesion/AvisoCaducidad.tsx).
   */
  segundoPlano?: boolean;
}

/**
 * The API's answer as it comes, after a new sign-in if the session ended while a form held
 * changes: the request waits while the administrator signs in where they are, then goes again as
 * it was. Sending it twice is safe, as the guard refuses a request before any handler runs.
 */
async function callConSesion(path: string, { esperarSesion = true, ...init }: FetchApiInit): Promise<Response> {
  for (;;) {
    const generacion = generacionDeSesion();
    const response = await callApi(path, init);
    if (response.status !== 401 || !esperarSesion || !holdAfter401()) return response;
    // Sent before a sign-in that has happened since: the new session has not seen it yet.
    if (generacion !== generacionDeSesion()) continue;
    try {
      await waitForSesion(!LECTURA.has((init.method ?? 'GET').toUpperCase()));
    } catch {
      // The administrator left instead: react-admin takes the 401 to the login screen.
      return response;
    }
  }
}

/** The raw response (for CSV and other downloads), or the API's error as an HttpError. */
export async function fetchApi(path: string, { segundoPlano = false, ...init }: FetchApiInit = {}): Promise<Response> {
  if (segundoPlano) {
    const headers = new Headers(init.headers);
    headers.set(SEGUNDO_PLANO, '1');
    init = { ...init, headers };
  }
  const response = await callConSesion(path, init);
  // Past the guard: the server counted it as activity (a 5xx may be a proxy that never asked).
  if (!segundoPlano && response.status !== 401 && response.status < 500) actividad();
  if (!response.ok) throw await toHttpError(response);
  return response;
}

export interface JsonResponse<T> {
  status: number;
  headers: Headers;
  /** Undefined for 204 and other empty answers. */
  json: T;
}

export async function fetchJson<T = any>(path: string, init?: FetchApiInit): Promise<JsonResponse<T>> {
  const response = await fetchApi(path, init);
  const text = response.status === 204 ? '' : await response.text();
  return { status: response.status, headers: response.headers, json: (text ? JSON.parse(text) : undefined) as T };
}
