// The entry. The login screen ships alone (plain React and a CSS file: no router, MUI or
// react-admin), so /login opens at once; everything else is in arranque.tsx, a separate chunk
// fetched while the administrator types and started once signed in.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config } from './config';
import { type Destino, destinoTrasLogin, paginaDelAdmin } from './login/destino';
import { Login } from './login/Login';
import { hasSession, LOGIN_PATH } from './providers/sesion';

document.title = `${config.productName} · Admin`;

const root = createRoot(document.getElementById('root')!);

let admin: Promise<typeof import('./arranque')> | undefined;
const loadAdmin = () => (admin ??= import('./arranque'));

const startAdmin = () =>
  loadAdmin().then(
    (m) => m.mountAdmin(root),
    // A chunk that no longer exists (a new build was deployed): a full load gets the new one.
    () => window.location.reload(),
  );

/**
 * History entries as react-router writes them (`usr` is the location's state), so the router
 * that takes over after the login reads the same entries, back button included.
 */
interface Entrada {
  usr?: Destino | null;
  key?: string;
  idx?: number;
}

const { pathname, search } = window.location;
const pagina = paginaDelAdmin(pathname);

if (pathname === LOGIN_PATH || (pagina && !hasSession())) {
  if (pathname !== LOGIN_PATH) {
    // What react-router's redirect did: /login, remembering where the administrator was going.
    window.history.replaceState({ usr: { nextPathname: pagina, nextSearch: search }, key: 'default', idx: 0 }, '', LOGIN_PATH);
  }
  const alEntrar = (destino: string) => {
    const idx = ((window.history.state as Entrada | null)?.idx ?? 0) + 1;
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', destino);
    return startAdmin();
  };
  root.render(
    <StrictMode>
      <Login
        destino={destinoTrasLogin((window.history.state as Entrada | null)?.usr)}
        alEntrar={alEntrar}
        // A failed fetch here is retried (by a full load) when «Entrar» needs the chunk.
        preload={() => void loadAdmin().catch(() => {})}
      />
    </StrictMode>,
  );
} else {
  startAdmin();
}
