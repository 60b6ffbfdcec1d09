// «Quitar segundo factor» on an account's page (issue 29, item 6): after a confirmation that says
// what follows, the action goes with the version read; done, it says so; refused, it says why in
// the API's words; one's own account does not offer it.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { AdminContext, Notification, RecordContextProvider, ResourceContextProvider } from 'react-admin';
import { QuitarSegundoFactor } from '../../src/logins/QuitarSegundoFactor';
import { dataProvider } from '../../src/providers/dataProvider';
import { i18nProvider } from '../../src/providers/i18n';
import { errorLoopBack, fakeApi } from '../fetchMock';
import { palabrasDelApi } from '../palabrasDelApi';

afterEach(() => vi.unstubAllGlobals());

const EVA = { id: 5, usuario: 'eva', rol: 'contable', activo: true, version: 3 };

const renderBoton = (login = EVA) => {
  localStorage.setItem('user', JSON.stringify({ id: 1, usuario: 'admin' }));
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <ResourceContextProvider value="logins">
        <RecordContextProvider value={login}>
          <QuitarSegundoFactor />
        </RecordContextProvider>
      </ResourceContextProvider>
      <Notification />
    </AdminContext>,
  );
};

const confirmar = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Quitar segundo factor' }));
  const dialogo = await screen.findByRole('dialog');
  expect(within(dialogo).getByText('¿Quitar la verificación en dos pasos de «eva»?')).toBeInTheDocument();
  expect(within(dialogo).getByText(/Se cerrarán sus sesiones abiertas/)).toBeInTheDocument();
  fireEvent.click(within(dialogo).getByRole('button', { name: /Confirmar/ }));
};

describe('Quitar segundo factor', () => {
  it('asks first, then removes it with the version read and says so', async () => {
    const llamadas = fakeApi({ 'POST /logins/5/quitar-segundo-factor': { status: 204 } });
    renderBoton();
    await confirmar();
    expect(await screen.findByText('Verificación en dos pasos quitada a «eva»; sus sesiones se han cerrado')).toBeInTheDocument();
    const [llamada] = llamadas.filter((l) => l.method === 'POST');
    expect(llamada).toMatchObject({ url: '/logins/5/quitar-segundo-factor', body: {} });
    expect(llamada.headers.get('If-Match')).toBe('"3"');
  });

  it('says why when the API refuses', async () => {
    fakeApi({ 'POST /logins/5/quitar-segundo-factor': errorLoopBack(409, palabrasDelApi.quitarSinFactor) });
    renderBoton();
    await confirmar();
    expect(await screen.findByText(palabrasDelApi.quitarSinFactor)).toBeInTheDocument();
    expect(screen.queryByText(/Verificación en dos pasos quitada/)).toBeNull();
  });

  it('is not offered on one\'s own account', async () => {
    fakeApi({});
    renderBoton({ ...EVA, id: 1, usuario: 'admin' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Quitar segundo factor' })).toBeNull();
  });
});
