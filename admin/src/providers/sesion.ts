// Signing in (docs/arquitectura.md §5) without react-admin, so the login screen can ship alone: the API holds
// the session (cookie), the admin keeps the administrator's record under localStorage `user`
// to know it is signed in and who it is. authProvider builds on this.
import { readError, callApi, EVENTO_FASE } from './api';
import { aulaShell } from './i18n/aula';

export const USER_KEY = 'user';
/** When the session lapses, as providers/caducidad.ts keeps it; no secret, only instants. */
export const CADUCIDAD_KEY = 'caducidad';
export const LOGIN_PATH = '/login';

export interface Administrador {
  id: number;
  usuario: string;
  nombre?: string | null;
  /** A step the session must still take before the admin opens (`cambiarPass`…), or null. */
  fase?: string | null;
}

export interface Credenciales {
  usuario: string;
  pass: string;
}

export const storedUser = (): Administrador | undefined => {
  try {
    return JSON.parse(localStorage.getItem(USER_KEY) ?? 'null') ?? undefined;
  } catch {
    return undefined;
  }
};

/** Whether an administrator is signed in, as far as this browser knows. */
export const hasSession = () => storedUser() !== undefined;

/** Why the API refused, as the login screen says it. */
async function motivoDelRechazo(response: Response | undefined): Promise<string> {
  if (response && (response.status === 429 || response.status === 503)) {
    // 429 (throttled) and 503 (too many logins being checked) carry the server's Spanish «try
    // again in…»: the password was not judged, so «login incorrecto» would mislead.
    const { message } = await readError(response);
    if (message) return message;
  }
  return aulaShell.login.incorrecto;
}

/**
 * A step the session must still take after the password (the API's `fase`): the second factor's
 * code, or enrolling in it. Until it is taken nothing is stored: the browser is not signed in.
 */
export type Paso = 'codigo' | 'enrolar';
const esPaso = (fase: unknown): fase is Paso => fase === 'codigo' || fase === 'enrolar';

/** POST /logins/login, then `user` and the BACK-LOGIN log; rejects with the line to show. */
export async function startSesion({ usuario, pass }: Credenciales): Promise<Paso | null> {
  let response: Response | undefined;
  try {
    response = await callApi('/logins/login', { method: 'POST', body: { usuario, pass } });
  } catch {
    response = undefined;
  }
  if (!response?.ok) throw new Error(await motivoDelRechazo(response));
  const user = (await response.json()) as Administrador;
  if (esPaso(user.fase)) return user.fase;
  await completeSesion(user);
  return null;
}

/** POST /logins/codigo: the second step; rejects with the API's reason (wrong or spent code, too many tries). */
export async function submitCodigo(codigo: string): Promise<Paso | null> {
  let response: Response | undefined;
  try {
    response = await callApi('/logins/codigo', { method: 'POST', body: { codigo: codigo.trim() } });
  } catch {
    response = undefined;
  }
  if (!response?.ok) {
    const motivo = response && (response.status === 422 || response.status === 429 || response.status === 503) ? (await readError(response)).message : '';
    throw new Error(motivo || aulaShell.login.codigo.incorrecto);
  }
  const user = (await response.json()) as Administrador;
  if (esPaso(user.fase)) return user.fase;
  await completeSesion(user);
  return null;
}

/** After enrolling from the login page the session is whole: who it is, as for a login. */
export async function completeTrasAlta(): Promise<void> {
  const response = await callApi('/logins/me');
  if (!response.ok) throw new Error((await readError(response)).message);
  await completeSesion((await response.json()) as Administrador);
}

/**
 * The login page's steps are taken: the browser now holds the session. A step the admin takes
 * itself (`cambiarPass`, then maybe `enrolar`) stays in the stored user, and App draws it
 * instead of the app; the activity log hears of the entry once no step is left.
 */
async function completeSesion(user: Administrador): Promise<void> {
  // A new session: what was known of the last one's expiry no longer holds.
  localStorage.removeItem(CADUCIDAD_KEY);
  const { fase, ...quien } = user;
  localStorage.setItem(USER_KEY, JSON.stringify(fase ? user : quien));
  // Until its steps are taken the session may write nothing else: the entry is logged then.
  if (!fase) await logEntrada(user.usuario);
}

/** The session's step is taken: `fase` is the next one, or null when the admin may open. */
export async function faseCompletada(fase: string | null): Promise<void> {
  const user = storedUser();
  if (!user) return;
  localStorage.setItem(USER_KEY, JSON.stringify({ ...user, fase }));
  if (!fase) await logEntrada(user.usuario);
}

/**
 * Calls `alCambiar` once the API has said this browser's session owes a step it did not know of
 * (api.ts, EVENTO_FASE), kept in the stored user as a login's step is; answers how to stop.
 */
export function subscribeFase(alCambiar: () => void): () => void {
  const handle = (event: Event) => {
    const user = storedUser();
    const fase = (event as CustomEvent<string>).detail;
    if (!user || user.fase === fase) return;
    localStorage.setItem(USER_KEY, JSON.stringify({ ...user, fase }));
    alCambiar();
  };
  window.addEventListener(EVENTO_FASE, handle);
  return () => window.removeEventListener(EVENTO_FASE, handle);
}

/** The BACK-LOGIN row of the activity log. */
async function logEntrada(usuario: string) {
  try {
    const log = await callApi('/logs', {
      method: 'POST',
      body: { tipo: 'BACK-LOGIN', fecha: new Date().toISOString(), datos: usuario },
    });
    if (!log.ok) throw await readError(log);
  } catch (error) {
    // The activity log is a record, not a gate: a failed write must not keep anyone out.
    console.error('No se pudo registrar el inicio de sesión', error);
  }
}
