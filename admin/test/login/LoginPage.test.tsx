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
