// «Enviar invitación» on an account's page (issue 34, point 2): sends POST /logins/{id}/invitar
// and says where it went; not offered without an email or to a deactivated account.
import { fireEvent, render, screen } from '@testing-library/react';
import { AdminContext, Notification, RecordContextProvider, ResourceContextProvider } from 'react-admin';
import { InvitarDeNuevo } from '../../src/logins/InvitarDeNuevo';
import { dataProvider } from '../../src/providers/dataProvider';
import { i18nProvider } from '../../src/providers/i18n';
import { fakeApi } from '../fetchMock';

afterEach(() => vi.unstubAllGlobals());

const INES = { id: 7, usuario: 'ines', email: 'ines@example.es', activo: true, version: 2 };

const renderBoton = (login: Record<string, unknown> = INES) =>
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <ResourceContextProvider value="logins">
        <RecordContextProvider value={login}>
          <InvitarDeNuevo />
        </RecordContextProvider>
      </ResourceContextProvider>
      <Notification />
    </AdminContext>,
  );

describe('Enviar invitación', () => {
  it('queues the invitation and says where it goes', async () => {
    const llamadas = fakeApi({ 'POST /logins/7/invitar': { body: { id: 40, plantilla: 'invitacion', para: INES.email, estado: 'pendiente' } } });
    renderBoton();
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar invitación' }));
    expect(await screen.findByText('Invitación en cola para ines@example.es: el enlace vale 72 horas')).toBeInTheDocument();
    expect(llamadas.filter((l) => l.method === 'POST')).toMatchObject([{ url: '/logins/7/invitar', body: {} }]);
  });

  it('is not offered without an email, nor to a deactivated account', async () => {
    fakeApi({});
    renderBoton({ ...INES, email: null });
    renderBoton({ ...INES, activo: false });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Enviar invitación' })).toBeNull();
  });
});
