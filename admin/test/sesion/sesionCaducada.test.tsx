// An expired session mid-edit: the page and what was typed stay, a dialog asks
// for the password, and the save goes through afterwards; a warning comes before the idle
// timeout. A whole admin on the real providers, with the API faked at fetch.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { Admin, Resource, TestMemoryRouter } from 'react-admin';
import categorias from '../../src/categorias';
import cursos from '../../src/cursos';
import facturas from '../../src/facturas';
import { Layout } from '../../src/layout/Layout';
import LoginPage from '../../src/login/LoginPage';
import { authProvider } from '../../src/providers/authProvider';
import { readCaducidad } from '../../src/providers/caducidad';
import { dataProvider } from '../../src/providers/dataProvider';
import { fetchJson } from '../../src/providers/http';
import { i18nProvider } from '../../src/providers/i18n';
import { errorLoopBack, fakeApi } from '../fetchMock';

const ANA = { id: 8, usuario: 'ana', nombre: 'Ana Gómez' };
const PASS = 'Contraseña-buena-1';
const SIN_SESION = errorLoopBack(401, 'Se necesita iniciar sesión');
const MINUTO = 60_000;

/** The API: one categoría, a session that the test ends, and GET /logins/sesion on a 120-minute idle timeout. */
function servidor() {
  let sesion = true;
  const categoria = { id: 3, nombre: 'Fotografía', descripcion: 'Luz y encuadre', orden: 1 };
  const conSesion = (respuesta: () => { status?: number; body?: unknown }) => () => (sesion ? respuesta() : SIN_SESION);
  const estado = () => ({
    inactividadMinutos: 120,
    margenSegundos: 60,
    caducaPorInactividad: new Date(Date.now() + 120 * MINUTO).toISOString(),
    caduca: new Date(Date.now() + 12 * 60 * MINUTO).toISOString(),
    ahora: new Date().toISOString(),
  });
  let rechazo: { status: number; body: unknown } | undefined;
  const llamadas = fakeApi({
    'GET /categorias': conSesion(() => ({ body: [categoria] })),
    'GET /categorias/count': conSesion(() => ({ body: { count: 1 } })),
    'GET /categorias/3': conSesion(() => ({ body: categoria })),
    'PATCH /categorias/3': (llamada) =>
      conSesion(() => {
        Object.assign(categoria, llamada.body);
        return { status: 204 };
      })(),
    'GET /cursos': conSesion(() => ({ body: [] })),
    'GET /cursos/count': conSesion(() => ({ body: { count: 0 } })),
    'GET /logins/sesion': conSesion(() => ({ body: estado() })),
    'POST /logins/login': (llamada) => {
      if (rechazo) return rechazo;
      const { usuario, pass } = llamada.body as { usuario: string; pass: string };
      if (usuario !== ANA.usuario || pass !== PASS) return errorLoopBack(401, 'login incorrecto');
      sesion = true;
      return { body: ANA };
    },
    'POST /logs': { body: { id: 1 } },
    'POST /logins/logout': { status: 204 },
  });
  return {
    llamadas,
    categoria,
    caduca: () => {
      sesion = false;
    },
    rechazar: (respuesta?: { status: number; body: unknown }) => {
      rechazo = respuesta;
    },
    de: (method: string, path: string) => llamadas.filter((l) => l.method === method && l.url.split('?')[0] === path),
  };
}

function renderAdmin(path: string) {
  localStorage.setItem('user', JSON.stringify(ANA));
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route
          path="/main/*"
          element={
            <Admin basename="/main" layout={Layout} authProvider={authProvider} dataProvider={dataProvider} i18nProvider={i18nProvider}>
              <Resource {...categorias} />
              <Resource {...cursos} />
            </Admin>
          }
        />
      </Routes>
    </TestMemoryRouter>,
  );
}

/** What typing leaves in a field, at once: typing key by key re-renders a whole admin each time. */
const escribir = (campo: HTMLElement, valor: string) => fireEvent.change(campo, { target: { value: valor } });
const nombre = () => screen.getByLabelText(/^Nombre/) as HTMLInputElement;
const dialogo = () => screen.findByRole('dialog', { name: 'Tu sesión ha caducado' });

/**
 * Opens the categoría, types a new name, lets the session end on the server and presses
 * «Guardar»: the sign-in dialog that opens.
 */
async function guardarCaducada() {
  const api = servidor();
  const user = userEvent.setup();
  renderAdmin('/main/categorias/3');
  await screen.findByDisplayValue('Fotografía');
  escribir(nombre(), 'Fotografía nocturna');
  api.caduca();
  await user.click(screen.getByRole('button', { name: 'Guardar' }));
  return { api, user, dialog: await dialogo() };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('«Guardar» on an expired session', () => {
  it('keeps the page and the values, asks for the password of the same account, then saves what was typed', async () => {
    const { api, user, dialog } = await guardarCaducada();
    expect(dialog).toHaveTextContent('Tus cambios siguen aquí. Vuelve a entrar y se guardarán tal como los has escrito.');
    const usuario = within(dialog).getByLabelText('Usuario');
    expect(usuario).toHaveValue('ana');
    expect(usuario).toHaveAttribute('readonly');
    await waitFor(() => expect(within(dialog).getByLabelText('Contraseña')).toHaveFocus());
    // Still the form, as typed, and no login screen.
    expect(nombre()).toHaveValue('Fotografía nocturna');
    expect(screen.queryByRole('heading', { name: 'Login' })).toBeNull();
    expect(localStorage.getItem('user')).not.toBeNull();
    expect(api.de('PATCH', '/categorias/3')).toHaveLength(1);

    escribir(within(dialog).getByLabelText('Contraseña'), PASS);
    await user.click(within(dialog).getByRole('button', { name: 'Entrar' }));

    // The very save that was refused, sent again as it was, and ended like any save.
    expect(await screen.findByText('Elemento actualizado')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Tu sesión ha caducado' })).toBeNull();
    expect(api.de('POST', '/logins/login').map((l) => l.body)).toEqual([{ usuario: 'ana', pass: PASS }]);
    expect(api.de('POST', '/logs').map((l) => (l.body as { tipo: string }).tipo)).toEqual(['BACK-LOGIN']);
    const patches = api.de('PATCH', '/categorias/3');
    expect(patches).toHaveLength(2);
    expect(patches[1].body).toEqual({ nombre: 'Fotografía nocturna' });
    expect(api.categoria.nombre).toBe('Fotografía nocturna');
    // The password was only ever in the field and the request.
    expect(Object.values({ ...localStorage }).join()).not.toContain(PASS);
  });

  it('says why a sign-in is refused, as the login screen does (throttling included), and saves nothing meanwhile', async () => {
    const { api, user, dialog } = await guardarCaducada();
    const contrasena = within(dialog).getByLabelText('Contraseña');

    escribir(contrasena, 'otra');
    await user.click(within(dialog).getByRole('button', { name: 'Entrar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^login incorrecto$/);

    const espera = 'Demasiados intentos fallidos. Vuelve a intentarlo dentro de 15 minutos';
    api.rechazar(errorLoopBack(429, espera));
    escribir(contrasena, PASS);
    await user.click(within(dialog).getByRole('button', { name: 'Entrar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(espera);

    expect(api.de('PATCH', '/categorias/3')).toHaveLength(1);
    expect(nombre()).toHaveValue('Fotografía nocturna');

    // Once let in, the save goes through.
    api.rechazar(undefined);
    await user.click(within(dialog).getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Elemento actualizado')).toBeInTheDocument();
    expect(api.categoria.nombre).toBe('Fotografía nocturna');
  });

  it('«Salir sin guardar» leads to the login screen, as a 401 did before', async () => {
    const { api, user, dialog } = await guardarCaducada();
    await user.click(within(dialog).getByRole('button', { name: 'Salir sin guardar' }));
    expect(await screen.findByRole('heading', { name: 'Login' }, { timeout: 20000 })).toBeInTheDocument();
    expect(localStorage.getItem('user')).toBeNull();
    expect(api.de('POST', '/logins/login')).toHaveLength(0);
    expect(api.de('POST', '/logins/logout').length).toBeGreaterThan(0);
  });
});

it('«Rectificar», a form in a dialog, keeps its values too and issues the rectificativa once signed in again', async () => {
  let sesion = true;
  const factura = { id: 9, serie: 'A', numero: 15, fecha: '2026-02-01T10:00:00.000Z', tipo: 'F1', usuarioId: 2, concepto: 'Curso de guitarra', base: 10000, tipoIva: 21, cuotaIva: 2100, total: 12100, estado: 'emitida' };
  const rectificativa = { ...factura, id: 12, serie: 'R', numero: 3, tipo: 'R1', rectificaId: 9 };
  const vacia = { body: [] };
  const ninguno = { body: { count: 0 } };
  const llamadas = fakeApi({
    'GET /facturas/9': { body: factura },
    'GET /facturas/12': { body: rectificativa },
    'GET /facturas': vacia,
    'GET /facturas/count': ninguno,
    'GET /pagos': vacia,
    'GET /pagos/count': ninguno,
    'GET /registros': vacia,
    'GET /registros/count': ninguno,
    'GET /usuarios': { body: [{ id: 2, nombre: 'Jorge', apellidos: 'Martín' }] },
    'POST /facturas/9/rectificar': () => (sesion ? { body: rectificativa } : SIN_SESION),
    'POST /logins/login': () => ((sesion = true), { body: ANA }),
    'POST /logs': { body: { id: 1 } },
  });
  localStorage.setItem('user', JSON.stringify(ANA));
  render(
    <TestMemoryRouter initialEntries={['/main/facturas/9/show']}>
      <Routes>
        <Route
          path="/main/*"
          element={
            <Admin basename="/main" layout={Layout} authProvider={authProvider} dataProvider={dataProvider} i18nProvider={i18nProvider}>
              <Resource {...facturas} />
            </Admin>
          }
        />
      </Routes>
    </TestMemoryRouter>,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Rectificar' }));
  const rectificar = await screen.findByRole('dialog', { name: /^Rectificar la factura/ });
  fireEvent.click(within(rectificar).getByLabelText(/^Corregir importes/));
  fireEvent.mouseDown(within(rectificar).getByRole('combobox', { name: /Motivo/ }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByText(/^R1 · /));
  escribir(within(rectificar).getByLabelText(/Descripción/), 'Descuento no aplicado');
  sesion = false;
  fireEvent.click(within(rectificar).getByRole('button', { name: 'Rectificar' }));

  const dialog = await dialogo();
  escribir(within(dialog).getByLabelText('Contraseña'), PASS);
  await user.click(within(dialog).getByRole('button', { name: 'Entrar' }));
  expect(await screen.findByText('Rectificativa R-3 emitida')).toBeInTheDocument();
  const envios = llamadas.filter((l) => l.url === '/facturas/9/rectificar');
  expect(envios).toHaveLength(2);
  expect(envios[1].body).toEqual({ motivo: 'R1', descripcion: 'Descuento no aplicado' });
});

it('a 401 on a page with nothing unsaved still leads to the login, not to the dialog', async () => {
  const api = servidor();
  api.caduca();
  renderAdmin('/main/categorias');
  expect(await screen.findByRole('heading', { name: 'Login' }, { timeout: 20000 })).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(localStorage.getItem('user')).toBeNull();
});

describe('the warning before the idle timeout', () => {
  const aviso = () => screen.queryByText(/^Por inactividad, tu sesión caducará a las/);
  const pasar = (ms: number) => act(() => vi.advanceTimersByTime(ms));

  beforeEach(() => {
    // The clock jumps by minutes while the page keeps running in real time.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date(2026, 2, 2, 10, 0, 0));
  });

  it('comes five minutes before, on a form with changes, without taking the focus; «Seguir conectado» extends the session', async () => {
    const api = servidor();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAdmin('/main/categorias/3');
    await screen.findByDisplayValue('Fotografía');
    act(() => nombre().focus());
    escribir(nombre(), 'Fotografía y vídeo');
    // Asked as soon as there is something to lose.
    await waitFor(() => expect(api.de('GET', '/logins/sesion')).toHaveLength(1));

    pasar(114 * MINUTO);
    expect(aviso()).toBeNull();
    pasar(1.5 * MINUTO);
    expect(await screen.findByText('Por inactividad, tu sesión caducará a las 12:00. Guarda los cambios o sigue conectado.')).toBeInTheDocument();
    expect(nombre()).toHaveFocus();
    expect(nombre()).toHaveValue('Fotografía y vídeo');

    await user.click(screen.getByRole('button', { name: 'Seguir conectado' }));
    await waitFor(() => expect(aviso()).toBeNull());
    expect(api.de('GET', '/logins/sesion')).toHaveLength(2);
    // Two hours from the «Seguir conectado», less five minutes.
    pasar(114 * MINUTO);
    expect(aviso()).toBeNull();
    pasar(1.5 * MINUTO);
    expect(await screen.findByText('Por inactividad, tu sesión caducará a las 13:55. Guarda los cambios o sigue conectado.')).toBeInTheDocument();
  });

  it('moves with every call the admin makes, in this tab or another', async () => {
    const api = servidor();
    renderAdmin('/main/categorias/3');
    await screen.findByDisplayValue('Fotografía');
    escribir(nombre(), 'Fotografía y vídeo');
    await waitFor(() => expect(api.de('GET', '/logins/sesion')).toHaveLength(1));

    // At 11:40 the admin reads something: the server notes it within its one-minute margin, so
    // the session now lasts until 13:39 (not 12:00), and the warning comes at 13:34.
    pasar(100 * MINUTO);
    await act(() => fetchJson('/cursos/count'));
    pasar(16 * MINUTO);
    expect(aviso()).toBeNull();
    pasar(98.5 * MINUTO);
    expect(await screen.findByText('Por inactividad, tu sesión caducará a las 13:39. Guarda los cambios o sigue conectado.')).toBeInTheDocument();

    // Another tab's call extends the shared session: its note reaches this tab as a storage event.
    const otraPestana = { ...readCaducidad()!, caducaPorInactividad: Date.now() + 119 * MINUTO };
    act(() => {
      localStorage.setItem('caducidad', JSON.stringify(otraPestana));
      window.dispatchEvent(new StorageEvent('storage', { key: 'caducidad', newValue: JSON.stringify(otraPestana) }));
    });
    await waitFor(() => expect(aviso()).toBeNull());
  });

  it('says nothing on a page without changes', async () => {
    const api = servidor();
    renderAdmin('/main/categorias/3');
    await screen.findByDisplayValue('Fotografía');
    pasar(118 * MINUTO);
    expect(aviso()).toBeNull();
    expect(api.de('GET', '/logins/sesion')).toHaveLength(0);
  });
});
