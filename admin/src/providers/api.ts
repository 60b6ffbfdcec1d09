// The bare request to the API, without react-admin: the login screen ships with this alone, and
// http.ts builds react-admin's errors on top of it.
import { config } from '../config';

export const apiUrl = (path: string): string => `${config.apiUrl}${path.startsWith('/') ? '' : '/'}${path}`;

export interface ApiRequestInit extends Omit<RequestInit, 'body'> {
  /** Sent as JSON; a file (Blob) goes as its bytes, application/octet-stream (a bank statement). */
  body?: unknown;
}

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Heard on `window` when the API refuses a request because the session owes a step (its 403
 * FASE_PENDIENTE): an open session whose account was moved into a role that must enrol. The
 * event's `detail` is the step; providers/sesion.ts keeps it, and App shows that step.
 */
export const EVENTO_FASE = 'aula:fase';

/** A 403 FASE_PENDIENTE tells the page which step the session owes; any other answer, nothing. */
async function notifyFase(response: Response) {
  try {
    const error = ((await response.json()) as { error?: { code?: string; details?: { fase?: unknown } } }).error;
    if (error?.code === 'FASE_PENDIENTE' && typeof error.details?.fase === 'string') window.dispatchEvent(new CustomEvent(EVENTO_FASE, { detail: error.details.fase }));
  } catch {
    // Not the API's envelope: nothing to hear.
  }
}

/** The API's answer as it comes, errors included: session cookie, JSON in and out. */
export async function callApi(path: string, { body, headers, method = 'GET', ...init }: ApiRequestInit = {}): Promise<Response> {
  const verb = method.toUpperCase();
  const finalHeaders = new Headers(headers);
  if (!finalHeaders.has('Accept')) finalHeaders.set('Accept', 'application/json');
  // The API refuses state changes that are not JSON (a cross-site form cannot forge them), and
  // an empty JSON body is a 400: POST/PUT/PATCH always carry at least `{}`.
  const sendsBody = WITH_BODY.has(verb) || body !== undefined;
  // A file's bytes: a type a cross-site form cannot send either, which the API takes where it says so.
  const bytes = body instanceof Blob;
  if (sendsBody) finalHeaders.set('Content-Type', bytes ? 'application/octet-stream' : 'application/json');
  const response = await fetch(apiUrl(path), {
    ...init,
    method: verb,
    headers: finalHeaders,
    credentials: 'include',
    body: sendsBody ? (bytes ? body : JSON.stringify(body ?? {})) : undefined,
  });
  if (response.status === 403) void notifyFase(response.clone());
  return response;
}

export interface ErrorApi {
  status: number;
  /** The LoopBack envelope's message, else the status text. */
  message: string;
  /** The parsed envelope, or the raw text when it is not JSON. */
  body: { error?: { message?: string; details?: unknown } } | string | undefined;
}

/** A refused answer read as the LoopBack error envelope. */
export async function readError(response: Response): Promise<ErrorApi> {
  const text = await response.text();
  let envelope: { error?: { message?: string; details?: unknown } } | undefined;
  try {
    envelope = text ? JSON.parse(text) : undefined;
  } catch {
    envelope = undefined;
  }
  const message = envelope?.error?.message || response.statusText || `HTTP ${response.status}`;
  return { status: response.status, message, body: envelope ?? text };
}
