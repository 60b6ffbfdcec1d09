// «Tareas automáticas» as the administrador sees it: each kind with its state in words, when it
// runs, how its last run went and what waits; the failed jobs with their reason; «Reintentar»
// asks the API for that job and reads the page again, and a refusal is said with the API's reason.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { Admin, CustomRoutes, TestMemoryRouter, type DataProvider } from 'react-admin';
import { formatDiaHora } from '../../src/common/formato/dates';
import type { ResumenTipo } from '../../src/trabajos/api';
import TrabajosPage from '../../src/trabajos/TrabajosPage';
import { authProvider } from '../../src/providers/authProvider';
import { errorLoopBack, fakeApi } from '../fetchMock';
import { i18nProvider } from '../../src/providers/i18n';

const procesado: ResumenTipo = {
  tipo: 'procesadoArchivos',
  etiqueta: 'Procesado de archivos subidos',
  activo: true,
  cadaMs: null,
  unoALaVez: false,
  estado: 'conFallos',
  pendientes: 2,
  ejecutando: 1,
  fallidos: 1,
  ultima: { id: 7, inicio: '2027-01-15T10:00:00.000Z', fin: null, resultado: 'ejecutando', error: null, intentos: 1 },
  proxima: '2027-01-15T10:05:00.000Z',
  fallos: [{ id: 5, clave: 'a1b2c3', error: 'S3 no responde (ECONNREFUSED)', intentos: 31, fin: '2027-01-14T09:30:00.000Z' }],
};
const barrido: ResumenTipo = {
  tipo: 'barridoSubidas',
  etiqueta: 'Limpieza de subidas abandonadas',
  activo: true,
  cadaMs: 3600_000,
  unoALaVez: true,
  estado: 'alDia',
  pendientes: 0,
  ejecutando: 0,
  fallidos: 0,
  ultima: { id: 3, inicio: '2027-01-15T09:00:00.000Z', fin: '2027-01-15T09:00:02.000Z', resultado: 'hecho', error: null, intentos: 1 },
  proxima: '2027-01-15T10:00:02.000Z',
  fallos: [],
};
const purga: ResumenTipo = { ...barrido, tipo: 'purgaHistorial', etiqueta: 'Purga de los valores antiguos del historial', activo: false, estado: 'desactivado', pendientes: 0, ultima: null, proxima: null };

function renderPagina(respuestas: Parameters<typeof fakeApi>[0] = {}, cuenta = { id: 8, usuario: 'admin', nombre: 'Ana Gómez' }) {
  // Its own sign-in: the role is asked again (providers/cuenta.ts).
  localStorage.setItem('user', JSON.stringify(cuenta));
  const llamadas = fakeApi({ 'GET /trabajos': { body: [procesado, barrido, purga] }, ...respuestas });
  render(
    <TestMemoryRouter initialEntries={['/trabajos']}>
      <Admin dataProvider={{} as DataProvider} i18nProvider={i18nProvider} authProvider={authProvider}>
        <CustomRoutes>
          <Route path="/trabajos" element={<TrabajosPage />} />
        </CustomRoutes>
      </Admin>
    </TestMemoryRouter>,
  );
  return llamadas;
}

// Dates read in the browser's zone, whatever the machine running the tests.
const f = formatDiaHora;

const tarjeta = async (nombre: string) => screen.findByRole('region', { name: nombre });

afterEach(() => vi.unstubAllGlobals());

it('shows each kind: its state, when it runs, its last and next run, and what waits', async () => {
  renderPagina();
  const p = await tarjeta('Procesado de archivos subidos');
  expect(within(p).getByText('Con fallos')).toBeInTheDocument();
  expect(within(p).getByText('Cuando hay algo que hacer')).toBeInTheDocument();
  expect(within(p).getByText(`${f('2027-01-15T10:00:00.000Z')}: en marcha`)).toBeInTheDocument();
  expect(within(p).getByText('2 tareas · 1 en marcha')).toBeInTheDocument();

  const b = await tarjeta('Limpieza de subidas abandonadas');
  expect(within(b).getByText('Al día')).toBeInTheDocument();
  expect(within(b).getByText('Cada 1 hora')).toBeInTheDocument();
  // Its own schedule is not work waiting.
  expect(within(b).getByText('Nada')).toBeInTheDocument();
  expect(within(b).getByText(`${f('2027-01-15T09:00:02.000Z')}: bien`)).toBeInTheDocument();
  expect(within(b).getByText(f('2027-01-15T10:00:02.000Z'))).toBeInTheDocument();
  expect(within(b).queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument();

  const h = await tarjeta('Purga de los valores antiguos del historial');
  expect(within(h).getByText('Desactivada')).toBeInTheDocument();
  expect(within(h).getByText('Desactivada por la configuración')).toBeInTheDocument();
  expect(within(h).getByText('Aún no se ha ejecutado')).toBeInTheDocument();
  expect(within(h).getByText('Nada previsto')).toBeInTheDocument();
});

it('lists a failed job with its reason, and «Reintentar» queues it again and reads the page anew', async () => {
  const llamadas = renderPagina({ 'POST /trabajos/5/reintentar': { status: 204 } });
  const p = await tarjeta('Procesado de archivos subidos');
  expect(within(p).getByText('S3 no responde (ECONNREFUSED)')).toBeInTheDocument();
  expect(within(p).getByText(`${f('2027-01-14T09:30:00.000Z')} · 31 intentos · Sobre: a1b2c3`)).toBeInTheDocument();
  const boton = within(p).getByRole('button', { name: 'Reintentar' });
  // A screen reader hears which failure the button retries.
  expect(boton).toHaveAccessibleDescription(/S3 no responde \(ECONNREFUSED\)/);
  await userEvent.setup().click(boton);
  expect(await screen.findByText('Tarea en cola de nuevo')).toBeInTheDocument();
  expect(llamadas.filter((l) => l.method === 'POST').map((l) => l.url)).toEqual(['/trabajos/5/reintentar']);
  await waitFor(() => expect(llamadas.filter((l) => l.url === '/trabajos')).toHaveLength(2));
});

it('says why the API refused a retry', async () => {
  renderPagina({ 'POST /trabajos/5/reintentar': errorLoopBack(409, 'Ya hay otro trabajo igual esperando o en marcha: no hace falta reintentar este') });
  const p = await tarjeta('Procesado de archivos subidos');
  await userEvent.setup().click(within(p).getByRole('button', { name: 'Reintentar' }));
  expect(await screen.findByText('Ya hay otro trabajo igual esperando o en marcha: no hace falta reintentar este')).toBeInTheDocument();
});

it('is «Acceso denegado» to a contable who types its address, and asks the API nothing it would refuse', async () => {
  const llamadas = renderPagina({ 'GET /logins/me': { body: { id: 9, usuario: 'carmen', rol: 'contable', fase: null } } }, { id: 9, usuario: 'carmen', nombre: 'Carmen' });
  expect(await screen.findByText('Tu cuenta (Contable) no tiene acceso a esta página. Si la necesitas, pídesela a un administrador.')).toBeInTheDocument();
  expect(llamadas.map((l) => l.url)).not.toContain('/trabajos');
});
