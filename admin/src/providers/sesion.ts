// Signing in (docs/arquitectura.md §5) without react-admin, so the login screen can ship alone: the API holds
// the session (cookie), the admin keeps the administrator's record under localStorage `user`
// to know it is signed in and who it is. authProvider builds on this.
import { readError, callApi } from './api';
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

/** POST /logins/login, then `user` and the BACK-LOGIN log; rejects with the line to show. */
export async function startSesion({ usuario, pass }: Credenciales): Promise<'login ok'> {
  let response: Response | undefined;
  try {
    response = await callApi('/logins/login', { method: 'POST', body: { usuario, pass } });
  } catch {
    response = undefined;
  }
  if (!response?.ok) throw new Error(await motivoDelRechazo(response));
  const user = (await response.json()) as Administrador;
  // A new session: what was known of the last one's expiry no longer holds.
  localStorage.removeItem(CADUCIDAD_KEY);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  // Until its steps are taken the session may write nothing else: the entry is logged then.
  if (!user.fase) await registrarEntrada(usuario);
  return 'login ok';
}

/** The session's step is taken: `fase` is the next one, or null when the admin may open. */
export async function faseCompletada(fase: string | null): Promise<void> {
  const user = storedUser();
  if (!user) return;
  localStorage.setItem(USER_KEY, JSON.stringify({ ...user, fase }));
  if (!fase) await registrarEntrada(user.usuario);
}

/** The BACK-LOGIN row of the activity log. */
async function registrarEntrada(usuario: string) {
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
