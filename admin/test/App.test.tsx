// Top-level routes (docs/arquitectura.md §5) and the way back to where the administrator was going.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Admin, type DataProvider, HttpError, Resource, useGetList } from 'react-admin';
import { App } from '../src/App';
import LoginPage from '../src/login/LoginPage';
import { callApi } from '../src/providers/api';
import { authProvider } from '../src/providers/authProvider';
import { i18nProvider } from '../src/providers/i18n';
import { secciones } from '../src/secciones';
import { fakeApi } from './fetchMock';
import { palabrasDelApi } from './palabrasDelApi';

// The admin chunk stands in as its address: these tests are about what leads to it.
vi.mock('../src/AdminApp', () => ({
  default: () => {
    const { pathname, search } = useLocation();
    return <p>Admin en {`${pathname}${search}`}</p>;
  },
}));

const renderApp = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );

const signIn = async () => {
  fakeApi({ 'POST /logins/login': { body: { id: 8, usuario: 'admin' } }, 'POST /logs': { body: { id: 1 } } });
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Usuario:'), 'admin');
  await user.type(screen.getByLabelText('Contraseña:'), 'admin{Enter}');
};

const signedIn = () => localStorage.setItem('user', JSON.stringify({ id: 8, usuario: 'admin' }));

afterEach(() => vi.unstubAllGlobals());

it('/ opens the admin with a session', async () => {
  signedIn();
  renderApp('/');
  expect(await screen.findByText('Admin en /main')).toBeInTheDocument();
});

it('/ asks to sign in without one, then opens the admin', async () => {
  renderApp('/');
  expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  await signIn();
  expect(await screen.findByText('Admin en /main')).toBeInTheDocument();
});

it('a section asked for without a session opens after signing in', async () => {
  renderApp('/main/pagos?page=3');
  await signIn();
  expect(await screen.findByText('Admin en /main/pagos?page=3')).toBeInTheDocument();
});

it.each(secciones.atajos)(
  '/%s leads to the same section under /main',
  async (seccion) => {
    signedIn();
    renderApp(`/${seccion}`);
    expect(await screen.findByText(`Admin en /main/${seccion}`)).toBeInTheDocument();
  },
);

it('keeps the rest of a shortcut address', async () => {
  signedIn();
  renderApp('/cursos/2/show');
  expect(await screen.findByText('Admin en /main/cursos/2/show')).toBeInTheDocument();
});

it('an unknown address says so in Spanish, with a way back', async () => {
  signedIn();
  const user = userEvent.setup();
  renderApp('/esto-no-existe');
  expect(screen.getByRole('heading', { name: 'Página no encontrada' })).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'Volver al inicio' }));
  expect(await screen.findByText('Admin en /main')).toBeInTheDocument();
});

it('a session that ends on the server (401) leads to the login, and back to the same page after it', async () => {
  signedIn();
  let sesionValida = false;
  const dataProvider = {
    getList: async () => {
      if (!sesionValida) throw new HttpError('Sesión no iniciada', 401);
      return { data: [{ id: 7 }], total: 1 };
    },
  } as unknown as DataProvider;
  const ListaPagos = () => (useGetList('pagos').data ? <p>Lista de pagos</p> : null);
  render(
    <MemoryRouter initialEntries={['/main/pagos']}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route
          path="/main/*"
          element={
            <Admin basename="/main" authProvider={authProvider} dataProvider={dataProvider} i18nProvider={i18nProvider}>
              <Resource name="pagos" list={ListaPagos} />
            </Admin>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
  // The list's request answers 401: checkError forgets `user` and react-admin logs out.
  expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  expect(localStorage.getItem('user')).toBeNull();

  sesionValida = true;
  await signIn();
  expect(await screen.findByText('Lista de pagos')).toBeInTheDocument();
});

it('an open session the API says must now enrol (its account got a role that must) shows the enrolment, which asks for the password, and then the same page', async () => {
  signedIn();
  const uri = 'otpauth://totp/Aula:admin?issuer=Aula&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30';
  const falta = palabrasDelApi.faseEnrolar;
  const llamadas = fakeApi({
    'GET /cursos': { status: 403, body: { error: { statusCode: 403, name: 'ForbiddenError', message: falta, code: 'FASE_PENDIENTE', details: { fase: 'enrolar' } } } },
    'POST /cuenta/segundo-factor': { body: { uri, qr: 'data:image/svg+xml;base64,PHN2Zy8+', pideContrasena: true } },
    'POST /cuenta/segundo-factor/confirmar': { body: { codigosRecuperacion: Array.from({ length: 10 }, (_, i) => `aaaa${i}-bbbbb`) } },
    'GET /logins/me': { body: { id: 8, usuario: 'admin', fase: null } },
    'POST /logs': { body: { id: 1 } },
  });
  const user = userEvent.setup();
  renderApp('/main/cursos');
  expect(await screen.findByText('Admin en /main/cursos')).toBeInTheDocument();
  // Any request of the app meets the refusal.
  expect((await callApi('/cursos')).status).toBe(403);

  expect(await screen.findByRole('img', { name: 'Código QR para tu aplicación de autenticación' })).toBeInTheDocument();
  expect(screen.queryByText('Admin en /main/cursos')).toBeNull();
  await user.type(screen.getByLabelText('Código:'), '123456');
  await user.type(screen.getByLabelText('Contraseña'), 'la de siempre');
  await user.click(screen.getByRole('button', { name: 'Verificar' }));
  await user.click(await screen.findByRole('button', { name: 'Los he guardado' }));
  expect(await screen.findByText('Admin en /main/cursos')).toBeInTheDocument();
  expect(llamadas.find((l) => l.url === '/cuenta/segundo-factor/confirmar')?.body).toEqual({ codigo: '123456', pass: 'la de siempre' });
});
