// Where the login leads, shared by the light entry (main.tsx) and the router's /login route.
import { secciones } from '../secciones';

/** The sections reachable as /<sección>, which lead to /main/<sección>. */
export const ATAJOS = secciones.atajos;

/** The address the administrator was going to, as react-admin's logout state records it. */
export interface Destino {
  nextPathname?: string;
  nextSearch?: string;
}

/** Where to go after signing in: the recorded address under /main, else /main. */
export const destinoTrasLogin = (state: Destino | null | undefined): string => {
  const path = state?.nextPathname;
  return path?.startsWith('/main') ? `${path}${state?.nextSearch ?? ''}` : '/main';
};

/**
 * The admin address that `pathname` means (/ → /main, /cursos/2 → /main/cursos/2), or undefined
 * when it is no admin page (the login itself, an unknown address).
 */
export const paginaDelAdmin = (pathname: string): string | undefined => {
  if (pathname === '/') return '/main';
  if (pathname === '/main' || pathname.startsWith('/main/')) return pathname;
  const seccion = pathname.split('/')[1];
  return ATAJOS.includes(seccion) ? `/main${pathname}` : undefined;
};
