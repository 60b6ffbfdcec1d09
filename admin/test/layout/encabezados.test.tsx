// What a screen reader finds first on every page of the admin (axe's `page-has-heading-one` and
// `label-content-name-mismatch`, e2e/accesible.spec.ts at three widths): one level-one heading,
// the page's title in the app bar, and a user menu whose button is named by what it shows.
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Admin, type DataProvider, Resource, Title } from 'react-admin';
import { Layout } from '../../src/layout/Layout';
import NoEncontradaEnAdmin from '../../src/layout/NoEncontradaEnAdmin';
import { authProvider } from '../../src/providers/authProvider';
import { i18nProvider } from '../../src/providers/i18n';
import { fakeApi } from '../fetchMock';

const Lista = () => (
  <>
    <Title title="Clases" />
    <p>Lista de clases</p>
  </>
);

const renderShell = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/main/*"
          element={
            <Admin
              basename="/main"
              layout={Layout}
              authProvider={authProvider}
              dataProvider={{ getList: async () => ({ data: [], total: 0 }) } as unknown as DataProvider}
              i18nProvider={i18nProvider}
              catchAll={NoEncontradaEnAdmin}
            >
              <Resource name="clases" list={Lista} />
            </Admin>
          }
        />
      </Routes>
    </MemoryRouter>,
  );

/** A screen at least `ancho` px wide: MUI's media queries ask for min-width, and get it. */
const pantallaDe = (ancho: number) =>
  vi.stubGlobal('matchMedia', (media: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(media);
    const max = /max-width:\s*([\d.]+)px/.exec(media);
    const matches = (!min || ancho >= Number(min[1])) && (!max || ancho <= Number(max[1])) && Boolean(min || max);
    return { matches, media, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false };
  });

beforeEach(() => {
  localStorage.setItem('user', JSON.stringify({ id: 8, usuario: 'admin', nombre: 'Ana Gómez' }));
  fakeApi({});
});
afterEach(() => vi.unstubAllGlobals());

it('the page’s title, in the app bar, is its one level-one heading', async () => {
  renderShell('/main/clases');
  await screen.findByText('Lista de clases');
  const titulo = await within(screen.getByRole('banner')).findByRole('heading', { level: 1 });
  expect(titulo).toHaveTextContent('Clases');
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
});

it('an unknown address inside the admin says so in the app bar, its one h1, and below it', async () => {
  renderShell('/main/no-existe');
  const titulo = await within(screen.getByRole('banner')).findByRole('heading', { level: 1 });
  expect(titulo).toHaveTextContent('Página no encontrada');
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  expect(within(screen.getByRole('main')).getByRole('heading', { level: 2, name: 'Página no encontrada' })).toBeInTheDocument();
});

it('from a tablet up, the user menu’s button shows the account’s name and is named with it', async () => {
  pantallaDe(820);
  renderShell('/main/clases');
  const boton = await screen.findByRole('button', { name: 'Perfil de Ana Gómez' });
  expect(boton).toHaveTextContent('Ana Gómez');
});

it('on a phone it is an icon named «Perfil»', async () => {
  pantallaDe(390);
  renderShell('/main/clases');
  await screen.findByText('Lista de clases');
  expect(await screen.findByRole('button', { name: 'Perfil' })).not.toHaveTextContent('Ana Gómez');
});
