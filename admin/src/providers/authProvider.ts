// Sessions as docs/arquitectura.md §5 describes them, for react-admin: signing in itself is in sesion.ts,
// which the login screen uses without react-admin.
import type { AuthProvider } from 'react-admin';
import { canAccess, cuentaActual, forgetCuenta } from './acceso';
import { fetchJson } from './http';
import { aulaShell } from './i18n/aula';
import { CADUCIDAD_KEY, type Credenciales, startSesion, LOGIN_PATH, storedUser, USER_KEY, hasSession } from './sesion';

export { hasSession, LOGIN_PATH, type Credenciales } from './sesion';

export const authProvider = {
  // react-admin's own login has no screen for a further step: the login page (useEntrar) does.
  async login(credenciales: Credenciales) {
    if (await startSesion(credenciales)) throw new Error(aulaShell.login.pasoPendiente);
    return 'login ok' as const;
  },

  async logout() {
    try {
      await fetchJson('/logins/logout', { method: 'POST' });
    } catch {
      // An expired session is already over on the server; leaving locally is what matters.
    }
    localStorage.removeItem(USER_KEY);
    localStorage.removeItem(CADUCIDAD_KEY);
    forgetCuenta();
    return LOGIN_PATH;
  },

  async checkAuth() {
    // Our login screen lives outside react-admin's basename, hence the explicit redirect;
    // no toast either, as the screen itself says what to do.
    if (!hasSession()) throw { redirectTo: LOGIN_PATH, message: false };
  },

  async checkError(error: { status?: number }) {
    // A 401 while a form held changes waited for a new sign-in in http.ts: one that reaches
    // here is on a page with nothing to lose, or the administrator chose to leave.
    if (error?.status === 401) {
      localStorage.removeItem(USER_KEY);
      localStorage.removeItem(CADUCIDAD_KEY);
      throw { redirectTo: LOGIN_PATH, message: false };
    }
    // 403 is a refused action (e.g. editing a log), not a lost session: stay.
  },

  async getIdentity() {
    const user = storedUser();
    if (!user) throw new Error('Sin sesión');
    return { id: user.id, fullName: user.nombre || user.usuario };
  },

  /** The role, for whatever asks react-admin's permissions rather than canAccess. */
  async getPermissions() {
    return (await cuentaActual())?.rol;
  },

  // What the role may do, from the entities' own declaration (providers/acceso.ts).
  canAccess,
} satisfies AuthProvider;
