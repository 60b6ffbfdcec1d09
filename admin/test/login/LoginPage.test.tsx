// The login screen as an administrator uses it (docs/arquitectura.md §5).
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import LoginPage from '../../src/login/LoginPage';
import { errorLoopBack, fakeApi } from '../fetchMock';

const admin = { id: 8, usuario: 'admin', nombre: 'Ana' };

const Destino = () => {
  const { pathname, search } = useLocation();
  return <p>Destino: {`${pathname}${search}`}</p>;
};

const renderLogin = (entry: string | { pathname: string; state: unknown } = '/login') =>
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/main/*" element={<Destino />} />
      </Routes>
    </MemoryRouter>,
  );

const usuario = () => screen.getByLabelText('Usuario:');
const pass = () => screen.getByLabelText('Contraseña:');
const entrar = () => screen.getByRole('button', { name: 'Entrar' });

afterEach(() => vi.unstubAllGlobals());

it('shows the product, the title «Login», the two labelled fields and «Entrar»', () => {
  renderLogin();
  expect(screen.getByText('Aula')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
  expect(usuario()).toHaveValue('');
  expect(pass()).toHaveAttribute('type', 'password');
  expect(pass()).toHaveValue('');
  expect(entrar()).toBeEnabled();
  expect(screen.getByRole('alert')).toBeEmptyDOMElement();
});

it('a wrong password shows «login incorrecto» under the button and stays', async () => {
  fakeApi({ 'POST /logins/login': errorLoopBack(401, 'login incorrecto') });
  const user = userEvent.setup();
  renderLogin();
  await user.type(usuario(), 'admin');
  await user.type(pass(), 'mal');
  await user.click(entrar());
  expect(await screen.findByRole('alert')).toHaveTextContent('login incorrecto');
  // Under the button: the error line follows it in the form.
  expect(entrar().compareDocumentPosition(screen.getByRole('alert')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(entrar()).toBeEnabled();
  expect(screen.queryByText(/Destino/)).not.toBeInTheDocument();
});

it('too many attempts shows the server message instead', async () => {
  fakeApi({ 'POST /logins/login': errorLoopBack(429, 'Demasiados intentos. Vuelve a probar dentro de 15 minutos') });
  const user = userEvent.setup();
  renderLogin();
  await user.type(usuario(), 'admin');
  await user.type(pass(), 'mal{Enter}');
  expect(await screen.findByRole('alert')).toHaveTextContent('Demasiados intentos. Vuelve a probar dentro de 15 minutos');
});

it('Enter in the password submits and opens /main', async () => {
  const llamadas = fakeApi({ 'POST /logins/login': { body: admin }, 'POST /logs': { body: { id: 1 } } });
  const user = userEvent.setup();
  renderLogin();
  await user.type(usuario(), 'admin');
  await user.type(pass(), 'secreto{Enter}');
  expect(await screen.findByText('Destino: /main')).toBeInTheDocument();
  expect(llamadas[0].body).toEqual({ usuario: 'admin', pass: 'secreto' });
});

it('after signing in, goes where the administrator was going', async () => {
  fakeApi({ 'POST /logins/login': { body: admin }, 'POST /logs': { body: { id: 1 } } });
  const user = userEvent.setup();
  renderLogin({ pathname: '/login', state: { nextPathname: '/main/pagos', nextSearch: '?page=2' } });
  await user.type(usuario(), 'admin');
  await user.type(pass(), 'secreto{Enter}');
  expect(await screen.findByText('Destino: /main/pagos?page=2')).toBeInTheDocument();
});

it('the button is disabled and shows progress while the login is pending: no double submit', async () => {
  let responder: (r: Response) => void = () => {};
  const fetch = vi.fn(() => new Promise<Response>((resolve) => (responder = resolve)));
  vi.stubGlobal('fetch', fetch);
  const user = userEvent.setup();
  renderLogin();
  await user.type(usuario(), 'admin');
  await user.type(pass(), 'secreto');
  await user.click(entrar());
  expect(entrar()).toBeDisabled();
  expect(screen.getByRole('progressbar')).toBeInTheDocument();
  await user.type(pass(), '{Enter}');
  expect(fetch).toHaveBeenCalledTimes(1);

  responder(new Response(JSON.stringify({ error: { statusCode: 401, message: 'login incorrecto' } }), { status: 401 }));
  await waitFor(() => expect(entrar()).toBeEnabled());
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
});

it('the fields are empty every time the screen is entered', async () => {
  const user = userEvent.setup();
  const { unmount } = renderLogin();
  await user.type(usuario(), 'admin');
  await user.type(pass(), 'secreto');
  unmount();
  renderLogin();
  expect(usuario()).toHaveValue('');
  expect(pass()).toHaveValue('');
  // Nor should the browser refill them.
  expect(usuario()).toHaveAttribute('autocomplete', 'off');
  expect(pass()).toHaveAttribute('autocomplete', 'new-password');
});

describe('an account with the second factor', () => {
  const conCodigo = { ...admin, fase: 'codigo' };

  /** The first step, right: what follows is the step the answer's `fase` asks for. */
  async function conContrasena() {
    const user = userEvent.setup();
    renderLogin();
    await user.type(usuario(), 'admin');
    await user.type(pass(), 'secreto');
    await user.click(entrar());
    return user;
  }

  it('after the password asks for «Código de verificación» on the same page, and is not signed in until the code is right', async () => {
    const llamadas = fakeApi({
      'POST /logins/login': { body: conCodigo },
      'POST /logins/codigo': ({ body }) =>
        (body as { codigo: string }).codigo === '123456' ? { body: { ...admin, fase: null } } : errorLoopBack(422, 'El código no es correcto o ya se ha usado'),
      'POST /logs': { body: { id: 1 } },
    });
    const user = await conContrasena();

    expect(await screen.findByRole('heading', { name: 'Código de verificación' })).toBeInTheDocument();
    const codigo = screen.getByLabelText('Código:');
    expect(codigo).toHaveAttribute('autocomplete', 'one-time-code');
    expect(codigo).toHaveAttribute('inputmode', 'numeric');
    // Nothing says «signed in» yet, and no BACK-LOGIN was written for half a login.
    expect(localStorage.getItem('user')).toBeNull();
    expect(llamadas.map((l) => l.url)).toEqual(['/logins/login']);

    await user.type(codigo, '654321');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('El código no es correcto o ya se ha usado');
    expect(localStorage.getItem('user')).toBeNull();

    await user.type(screen.getByLabelText('Código:'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText(/Destino: \/main/)).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(admin);
    expect(llamadas.map((l) => l.url)).toEqual(['/logins/login', '/logins/codigo', '/logins/codigo', '/logs']);
  });

  it('«Usar un código de recuperación» takes one instead', async () => {
    const llamadas = fakeApi({ 'POST /logins/login': { body: conCodigo }, 'POST /logins/codigo': { body: { ...admin, fase: null } }, 'POST /logs': { body: { id: 1 } } });
    const user = await conContrasena();
    await user.click(await screen.findByRole('button', { name: 'Usar un código de recuperación' }));
    await user.type(screen.getByLabelText('Código de recuperación:'), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText(/Destino: \/main/)).toBeInTheDocument();
    expect(llamadas[1].body).toEqual({ codigo: 'abcde-fghjk' });
  });

  it('an account that must enrol does so before the admin: QR, code, recovery codes once, «Los he guardado»', async () => {
    const uri = 'otpauth://totp/Aula:admin?issuer=Aula&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30';
    const codigos = Array.from({ length: 10 }, (_, i) => `aaaa${i}-bbbbb`);
    fakeApi({
      'POST /logins/login': { body: { ...admin, fase: 'enrolar' } },
      'POST /cuenta/segundo-factor': { body: { uri, qr: 'data:image/svg+xml;base64,PHN2Zy8+' } },
      'POST /cuenta/segundo-factor/confirmar': { body: { codigosRecuperacion: codigos } },
      'GET /logins/me': { body: { ...admin, fase: null } },
      'POST /logs': { body: { id: 1 } },
    });
    const user = await conContrasena();

    expect(await screen.findByRole('img', { name: 'Código QR para tu aplicación de autenticación' })).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+');
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Código:'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    const lista = await screen.findByRole('list', { name: 'Códigos de recuperación' });
    expect(lista.querySelectorAll('li')).toHaveLength(10);
    expect(localStorage.getItem('user')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Los he guardado' }));
    expect(await screen.findByText(/Destino: \/main/)).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(admin);
  });
});
