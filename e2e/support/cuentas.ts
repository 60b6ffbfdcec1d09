// Accounts of a test's own. The administrador creates one with a password it types, which the
// account must replace at its first login (the cambiarPass step, issue 29 item 12); the helper
// takes that step for it, through the API, as its owner would, so the account then enters
// straight with a password only it was given.
import { type APIRequestContext, expect, request } from '@playwright/test';
import { API } from './list';

export interface NuevaCuenta {
  usuario: string;
  rol: 'administrador' | 'contable' | 'editor';
  nombre?: string;
}

/** Creates the account through `admin` (a request context with an administrador's session) and sets `pass` as its own; answers its id. */
export async function crearCuenta(admin: APIRequestContext, cuenta: NuevaCuenta, pass: string): Promise<number> {
  const puesta = `Puesta-por-el-admin-${pass}`;
  const alta = await admin.post(`${API}/logins`, { data: { ...cuenta, activo: true, pass: puesta } });
  expect(alta.status(), await alta.text()).toBe(200);
  // Nobody's cookies: inside a test, new contexts take the test's storageState (the shared
  // administrador's session), which this login would end (a login ends the session it is sent with).
  const suya = await request.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    const entrada = await suya.post(`${API}/logins/login`, { data: { usuario: cuenta.usuario, pass: puesta } });
    expect(entrada.status(), await entrada.text()).toBe(200);
    expect((await entrada.json()).fase).toBe('cambiarPass');
    const cambio = await suya.post(`${API}/cuenta/contrasena`, { data: { actual: puesta, nueva: pass } });
    expect(cambio.status(), await cambio.text()).toBe(200);
    // The session that chose it is the helper's, not one the test opened.
    expect((await suya.post(`${API}/logins/logout`, { data: {} })).status()).toBe(204);
  } finally {
    await suya.dispose();
  }
  return (await alta.json()).id;
}
