// Accounts of each role on a test app, each with its own session, for the access tests.
import { hashPassword } from '../../src/auth/passwords.js';
import type { Rol } from '../../src/base/types.js';
import type { ApiResponse, TestApp } from './app.js';

export interface Cuenta {
  id: number;
  usuario: string;
  cookie: string;
  /** A JSON call with this account's session. */
  call<T = any>(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse<T>>;
}

/** Creates an account with `rol` (directly in the table, as an administrador would) and logs it in. */
export async function cuentaCon(t: TestApp, rol: Rol, usuario: string = `${rol}-${Math.random().toString(36).slice(2, 8)}`): Promise<Cuenta> {
  const now = new Date().toISOString();
  await t.db('logins').insert({ usuario, pass: await hashPassword('una clave bien larga', t.config.scrypt), nombre: rol, activo: true, rol, createdAt: now, updatedAt: now });
  const { id } = await t.db('logins').where({ usuario }).first('id');
  const login = await t.call('POST', '/logins/login', { usuario, pass: 'una clave bien larga' }, { cookie: '' });
  if (login.status !== 200) throw new Error(`login of ${usuario} answered ${login.status}`);
  const setCookie = login.headers['set-cookie'];
  const cookie = (Array.isArray(setCookie) ? setCookie : [setCookie]).filter(Boolean).map((c) => String(c).split(';')[0]).join('; ');
  return { id: Number(id), usuario, cookie, call: (method, url, body, headers) => t.call(method, url, body, { cookie, headers }) };
}

/**
 * An API token with `rol`, created by the administrador through POST /tokens (the one answer that
 * carries it), whose calls send it as `Authorization: Bearer` and no cookie. `id` is the token's.
 */
export async function tokenCon(t: TestApp, rol: Rol, nombre = `Token ${rol}`): Promise<Cuenta & { token: string }> {
  const res = await t.call('POST', '/tokens', { nombre, rol });
  if (res.status !== 200) throw new Error(`POST /tokens answered ${res.status}: ${JSON.stringify(res.body)}`);
  const token = String(res.body.token);
  return {
    id: Number(res.body.id),
    usuario: nombre,
    cookie: '',
    token,
    call: (method, url, body, headers) => t.call(method, url, body, { cookie: '', headers: { authorization: `Bearer ${token}`, ...headers } }),
  };
}
