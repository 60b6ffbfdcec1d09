// The session as docs/arquitectura.md §5 describes it: `user` in localStorage, the BACK-LOGIN log, and what
// happens on 401, 403 and logout.
import { authProvider } from '../../src/providers/authProvider';
import { errorLoopBack, fakeApi } from '../fetchMock';

const admin = { id: 8, usuario: 'admin', nombre: 'Ana Gómez', email: 'ana@example.com', activo: true };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('login', () => {
  it('posts the credentials, stores the record as `user` and writes the BACK-LOGIN log', async () => {
    const llamadas = fakeApi({ 'POST /logins/login': { body: admin }, 'POST /logs': { body: { id: 1 } } });
    const antes = Date.now();
    await expect(authProvider.login({ usuario: 'admin', pass: 'secreto' })).resolves.toBe('login ok');

    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(admin);
    expect(llamadas.map((l) => [l.method, l.url, l.credentials])).toEqual([
      ['POST', '/logins/login', 'include'],
      ['POST', '/logs', 'include'],
    ]);
    expect(llamadas[0].body).toEqual({ usuario: 'admin', pass: 'secreto' });
    const log = llamadas[1].body as { tipo: string; fecha: string; datos: string };
    expect(log).toEqual({ tipo: 'BACK-LOGIN', fecha: expect.any(String), datos: 'admin' });
    expect(new Date(log.fecha).toISOString()).toBe(log.fecha);
    expect(Date.parse(log.fecha)).toBeGreaterThanOrEqual(antes - 1);
  });

  it('a failed log write only reaches the console: the login still succeeds', async () => {
    fakeApi({ 'POST /logins/login': { body: admin }, 'POST /logs': errorLoopBack(500, 'Internal Server Error') });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(authProvider.login({ usuario: 'admin', pass: 'secreto' })).resolves.toBe('login ok');
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('user')).not.toBeNull();
  });

  it('a wrong password rejects with «login incorrecto» and stores nothing', async () => {
    const llamadas = fakeApi({ 'POST /logins/login': errorLoopBack(401, 'login incorrecto') });
    await expect(authProvider.login({ usuario: 'admin', pass: 'mal' })).rejects.toThrow(/^login incorrecto$/);
    expect(localStorage.getItem('user')).toBeNull();
    expect(llamadas).toHaveLength(1);
  });

  it("too many attempts rejects with the server's own message", async () => {
    fakeApi({ 'POST /logins/login': errorLoopBack(429, 'Demasiados intentos. Vuelve a probar dentro de 15 minutos') });
    await expect(authProvider.login({ usuario: 'admin', pass: 'mal' })).rejects.toThrow(
      'Demasiados intentos. Vuelve a probar dentro de 15 minutos',
    );
  });

  it('a server too busy to check the password says so, not «login incorrecto»', async () => {
    const ocupado = 'El servidor está atendiendo muchos inicios de sesión a la vez. Vuelve a intentarlo en un segundo';
    fakeApi({ 'POST /logins/login': errorLoopBack(503, ocupado) });
    await expect(authProvider.login({ usuario: 'admin', pass: 'admin' })).rejects.toThrow(ocupado);
  });
});

describe('while signed in', () => {
  beforeEach(() => localStorage.setItem('user', JSON.stringify(admin)));

  it('checkAuth passes while `user` is stored, and sends to /login once it is gone', async () => {
    await expect(authProvider.checkAuth()).resolves.toBeUndefined();
    localStorage.removeItem('user');
    await expect(authProvider.checkAuth()).rejects.toMatchObject({ redirectTo: '/login' });
  });

  it('a 401 from the API forgets the session and sends to /login', async () => {
    await expect(authProvider.checkError({ status: 401 })).rejects.toMatchObject({ redirectTo: '/login' });
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('a 403 is a refused action, not a lost session', async () => {
    await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
    expect(localStorage.getItem('user')).not.toBeNull();
  });

  it('the identity is the administrator by name, or by usuario without one', async () => {
    await expect(authProvider.getIdentity()).resolves.toEqual({ id: 8, fullName: 'Ana Gómez' });
    localStorage.setItem('user', JSON.stringify({ ...admin, nombre: null }));
    await expect(authProvider.getIdentity()).resolves.toEqual({ id: 8, fullName: 'admin' });
  });

  it('logout ends the server session, forgets `user` and goes to /login', async () => {
    const llamadas = fakeApi({ 'POST /logins/logout': { status: 204 } });
    await expect(authProvider.logout()).resolves.toBe('/login');
    expect(localStorage.getItem('user')).toBeNull();
    expect(llamadas.map((l) => [l.method, l.url, l.credentials])).toEqual([['POST', '/logins/logout', 'include']]);
    expect(llamadas[0].headers.get('Content-Type')).toBe('application/json');
  });

  it('logout still leaves when the server session had already expired', async () => {
    fakeApi({ 'POST /logins/logout': errorLoopBack(401, 'Sesión no iniciada') });
    await expect(authProvider.logout()).resolves.toBe('/login');
    expect(localStorage.getItem('user')).toBeNull();
  });
});
