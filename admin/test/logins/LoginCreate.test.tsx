// The account form and the password policy: the API's reason for refusing a password
// shows under «Contraseña», and a password too short is stopped before anything is sent.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Admin, Resource, TestMemoryRouter } from 'react-admin';
import logins from '../../src/logins';
import { dataProvider } from '../../src/providers/dataProvider';
import { errorLoopBack, fakeApi } from '../fetchMock';
import { palabrasDelApi } from '../palabrasDelApi';
import { recursosI18n } from '../recursosI18n';

// Word for word what the API answers.
const COMUN = palabrasDelApi.contrasenaComun;

afterEach(() => vi.unstubAllGlobals());

function renderCreate() {
  render(
    <TestMemoryRouter initialEntries={['/logins/create']}>
      <Admin dataProvider={dataProvider} i18nProvider={recursosI18n}>
        <Resource {...logins} />
      </Admin>
    </TestMemoryRouter>,
  );
}

const rellenar = async (pass: string) => {
  fireEvent.change(await screen.findByLabelText(/Usuario/, {}, { timeout: 5000 }), { target: { value: 'lucia' } });
  fireEvent.change(screen.getByLabelText(/Contraseña/), { target: { value: pass } });
  fireEvent.click(screen.getByRole('button', { name: /save/i }));
};

/** The text under the password input (MUI's helper text of its FormControl). */
const bajoContrasena = () => screen.getByLabelText(/Contraseña/).closest('.MuiFormControl-root')!.textContent;

describe('creating an administrator', () => {
  it("shows the API's reason for refusing the password under «Contraseña»", { timeout: 20_000 }, async () => {
    const llamadas = fakeApi({
      'POST /logins': errorLoopBack(422, palabrasDelApi.validacionTitulo, [{ path: '/pass', code: 'password', message: COMUN }]),
    });
    renderCreate();
    await rellenar('Password2024!');
    await waitFor(() => expect(bajoContrasena()).toContain(COMUN), { timeout: 5000 });
    expect(llamadas.map((l) => [l.method, l.url, l.body])).toEqual([['POST', '/logins', { usuario: 'lucia', pass: 'Password2024!', rol: 'editor', activo: true }]]);
  });

  it('stops a password shorter than the policy before sending it', { timeout: 20_000 }, async () => {
    const llamadas = fakeApi({});
    renderCreate();
    await rellenar('corta');
    await waitFor(() => expect(bajoContrasena()).toMatch(/12/), { timeout: 5000 });
    expect(llamadas).toEqual([]);
  });
});
