// Sessions as DESIGN §5 describes them: the API holds the session (cookie), the admin keeps the
// administrator's record under localStorage `user` to know it is signed in and who it is.
import type { AuthProvider } from 'react-admin';
import { fetchJson } from './http';

const USER_KEY = 'user';
export const LOGIN_PATH = '/login';

interface Administrador {
  id: number;
  usuario: string;
  nombre?: string | null;
}

export interface Credenciales {
  usuario: string;
  pass: string;
}

const storedUser = (): Administrador | undefined => {
  try {
    return JSON.parse(localStorage.getItem(USER_KEY) ?? 'null') ?? undefined;
  } catch {
    return undefined;
  }
};

/** Whether an administrator is signed in, as far as this browser knows. */
export const hasSession = () => storedUser() !== undefined;

export const authProvider = {
  async login({ usuario, pass }: Credenciales) {
    let user: Administrador;
    try {
      user = (await fetchJson<Administrador>('/logins/login', { method: 'POST', body: { usuario, pass } })).json;
    } catch (error) {
      const { status, message } = error as { status?: number; message?: string };
      // 429 (throttled) and 503 (too many logins being checked) carry the server's Spanish «try
      // again in…»: the password was not judged, so «login incorrecto» would mislead.
      throw new Error((status === 429 || status === 503) && message ? message : 'login incorrecto');
    }
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    try {
      await fetchJson('/logs', {
        method: 'POST',
        body: { tipo: 'BACK-LOGIN', fecha: new Date().toISOString(), datos: usuario },
      });
    } catch (error) {
      // The activity log is a record, not a gate: a failed write must not keep anyone out.
      console.error('No se pudo registrar el inicio de sesión', error);
    }
    return 'login ok';
  },

  async logout() {
    try {
      await fetchJson('/logins/logout', { method: 'POST' });
    } catch {
      // An expired session is already over on the server; leaving locally is what matters.
    }
    localStorage.removeItem(USER_KEY);
    return LOGIN_PATH;
  },

  async checkAuth() {
    // Our login screen lives outside react-admin's basename, hence the explicit redirect;
    // no toast either, as the screen itself says what to do.
    if (!hasSession()) throw { redirectTo: LOGIN_PATH, message: false };
  },

  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      localStorage.removeItem(USER_KEY);
      throw { redirectTo: LOGIN_PATH, message: false };
    }
    // 403 is a refused action (e.g. editing a log), not a lost session: stay.
  },

  async getIdentity() {
    const user = storedUser();
    if (!user) throw new Error('Sin sesión');
    return { id: user.id, fullName: user.nombre || user.usuario };
  },

  async getPermissions() {
    return undefined;
  },
} satisfies AuthProvider;
