// The shell around every section (docs/arquitectura.md §5): side menu, user menu and «Salir».
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Admin, type DataProvider, defaultDarkTheme, Resource, useResourceContext } from 'react-admin';
import { Layout } from '../../src/layout/Layout';
import { authProvider } from '../../src/providers/authProvider';
import { i18nProvider } from '../../src/providers/i18n';
import { secciones } from '../../src/secciones';
import { fakeApi } from '../fetchMock';

const Lista = () => <p>Lista de {useResourceContext()}</p>;

const dataProvider = {
  getList: async () => ({ data: [], total: 0 }),
} as unknown as DataProvider;

const renderShell = (path = '/main') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/login" element={<p>Pantalla de acceso</p>} />
        <Route
          path="/main/*"
          element={
            <Admin
              basename="/main"
              layout={Layout}
              authProvider={authProvider}
              dataProvider={dataProvider}
              i18nProvider={i18nProvider}
              darkTheme={defaultDarkTheme}
            >
              {secciones.recursos.map(({ name }) => (
                <Resource key={name} name={name} list={Lista} />
              ))}
            </Admin>
          }
        />
      </Routes>
    </MemoryRouter>,
  );

const menuLateral = () => screen.getAllByRole('menu').find((menu) => within(menu).queryByText('Clases'))!;
const entrada = (nombre: string) => within(menuLateral()).getByRole('menuitem', { name: nombre });
/** The shell is ready once the session is confirmed, which is when «Salir» appears. */
const listo = async (texto: string) => {
  await screen.findByText(texto);
  // The sections appear once the role is known.
  await waitFor(() => within(menuLateral()).getByRole('menuitem', { name: 'Salir' }));
};

beforeEach(() => {
  localStorage.setItem('user', JSON.stringify({ id: 8, usuario: 'admin', nombre: 'Ana Gómez' }));
  // GET /logins/me answers the administrador (fetchMock.ts); anything else unasked fails, as with no API.
  fakeApi({});
});
afterEach(() => vi.unstubAllGlobals());

it('lists the sections in order under the product name, and opens on Clases', async () => {
  renderShell('/main');
  await listo('Lista de clases');
  expect(within(menuLateral()).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
    'Clases',
    'Cursos',
    'Categorías',
    'Usuarios',
    'Matrículas',
    'Lotes de matrículas',
    'Facturación',
    'Correo',
    'Plantillas de correo',
    'Pagos',
    'Cobros',
    'Extractos bancarios',
    'Cupones',
    'Informes',
    'Salir',
  ]);
  expect(screen.getByText('Aula')).toBeInTheDocument();
  expect(screen.getByText('Admin')).toBeInTheDocument();
  expect(entrada('Clases')).toHaveAttribute('aria-current', 'page');
  expect(entrada('Cursos')).not.toHaveAttribute('aria-current');
});

describe('each role sees the sections it may read', () => {
  const menuDe = async (rol: string) => {
    // Its own sign-in: the role is asked again.
    localStorage.setItem('user', JSON.stringify({ id: 9, usuario: rol }));
    const llamadas = fakeApi({ 'GET /logins/me': { body: { id: 9, usuario: rol, rol, fase: null } } });
    renderShell('/main');
    await listo('Lista de clases');
    return { entradas: within(menuLateral()).getAllByRole('menuitem').map((item) => item.textContent), llamadas };
  };

  it('a contable: the catalogue, the usuarios and the money, with its reports and its outbox', async () => {
    expect((await menuDe('contable')).entradas).toEqual(['Clases', 'Cursos', 'Categorías', 'Usuarios', 'Matrículas', 'Lotes de matrículas', 'Facturación', 'Correo', 'Pagos', 'Cobros', 'Extractos bancarios', 'Cupones', 'Informes', 'Salir']);
  });

  it('an editor: the catalogue, the usuarios and who is enrolled, no money, no reports, and no VeriFactu state asked', async () => {
    const { entradas, llamadas } = await menuDe('editor');
    expect(entradas).toEqual(['Clases', 'Cursos', 'Categorías', 'Usuarios', 'Matrículas', 'Salir']);
    expect(llamadas.map((l) => l.url)).not.toContain('/verifactu/estado');
  });

  it('neither manages accounts from the user menu; both keep their activity', async () => {
    const user = userEvent.setup();
    await menuDe('editor');
    await user.click(screen.getByRole('button', { name: 'Perfil' }));
    expect(await screen.findByRole('menuitem', { name: 'Actividad' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Administradores' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Tareas automáticas' })).not.toBeInTheDocument();
  });
});

it('«Facturación» opens the facturas and becomes the highlighted entry', async () => {
  const user = userEvent.setup();
  renderShell('/main/clases');
  await listo('Lista de clases');
  expect(entrada('Facturación')).toHaveAttribute('href', '/main/facturas');
  await user.click(entrada('Facturación'));
  expect(await screen.findByText('Lista de facturas')).toBeInTheDocument();
  expect(entrada('Facturación')).toHaveAttribute('aria-current', 'page');
  expect(entrada('Clases')).not.toHaveAttribute('aria-current');
});

it('the user menu leads to Administradores, Actividad and Tareas automáticas', async () => {
  const user = userEvent.setup();
  renderShell('/main/clases');
  await screen.findByText('Lista de clases');
  expect(screen.getByRole('button', { name: 'Cambiar entre tema claro y oscuro' })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Perfil' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Administradores' }));
  expect(await screen.findByText('Lista de logins')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Perfil' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Actividad' }));
  expect(await screen.findByText('Lista de logs')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Perfil' }));
  expect(await screen.findByRole('menuitem', { name: 'Tareas automáticas' })).toHaveAttribute('href', '/main/trabajos');
});

it('«Salir» ends the session and returns to the login screen', async () => {
  const llamadas = fakeApi({ 'POST /logins/logout': { status: 204 } });
  const user = userEvent.setup();
  renderShell('/main/cursos');
  await listo('Lista de cursos');
  await user.click(entrada('Salir'));
  expect(await screen.findByText('Pantalla de acceso')).toBeInTheDocument();
  // Besides the shell's reads of the VeriFactu state (its banner) and of the role, the one call is the logout.
  expect(llamadas.filter((l) => l.url !== '/verifactu/estado' && l.url !== '/logins/me').map((l) => `${l.method} ${l.url}`)).toEqual(['POST /logins/logout']);
  await waitFor(() => expect(localStorage.getItem('user')).toBeNull());
});

describe('on a phone', () => {
  // jsdom has no layout: media queries are answered for a 390 px wide screen.
  const ancho = 390;
  beforeEach(() => {
    vi.stubGlobal('matchMedia', (query: string) => {
      const min = /min-width:\s*([\d.]+)px/.exec(query);
      const max = /max-width:\s*([\d.]+)px/.exec(query);
      const matches = (!min || ancho >= Number(min[1])) && (!max || ancho <= Number(max[1]));
      return { matches, media: query, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {} };
    });
  });

  it('the menu is a drawer opened from the app bar that closes once a section is chosen', async () => {
    const user = userEvent.setup();
    renderShell('/main/clases');
    await screen.findByText('Lista de clases');
    expect(screen.queryByRole('menuitem', { name: 'Cursos' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Abrir menú' }));
    // A dialog over the page, named for a screen reader.
    expect(await screen.findByRole('dialog', { name: 'Secciones' })).toBeInTheDocument();
    await user.click(await screen.findByRole('menuitem', { name: 'Cursos' }));
    expect(await screen.findByText('Lista de cursos')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Cursos' })).not.toBeInTheDocument());
  });
});
