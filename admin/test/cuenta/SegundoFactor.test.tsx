// Mi cuenta's «Verificación en dos pasos» (issue 29, item 6): binding a phone asks for the
// account's password with the code, and a refused password is said under its field, when
// enabling and when disabling, in the API's words.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext } from 'react-admin';
import { SegundoFactor } from '../../src/cuenta/SegundoFactor';
import { dataProvider } from '../../src/providers/dataProvider';
import { i18nProvider } from '../../src/providers/i18n';
import { fakeApi } from '../fetchMock';
import { palabrasDelApi } from '../palabrasDelApi';

afterEach(() => vi.unstubAllGlobals());

const URI = 'otpauth://totp/Aula:eva?issuer=Aula&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30';
const INCORRECTA = palabrasDelApi.contrasenaIncorrecta;
/** The API's 422 for a wrong password: the general title, the reason at /pass. */
const contrasenaRechazada = { status: 422, body: { error: { statusCode: 422, name: 'UnprocessableEntityError', message: palabrasDelApi.validacionTitulo, code: 'VALIDATION_FAILED', details: [{ path: '/pass', code: 'password', message: INCORRECTA }] } } };

const renderSeccion = () =>
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <SegundoFactor />
    </AdminContext>,
  );

/** The text under a field (MUI's helper text of its FormControl). */
const bajo = (label: string) => screen.getByLabelText(label).closest('.MuiFormControl-root')!.textContent;

describe('Mi cuenta: Verificación en dos pasos', () => {
  it('enabling it sends the password with the code; a wrong one is said under «Contraseña» and nothing is enabled', async () => {
    let intentos = 0;
    const llamadas = fakeApi({
      'GET /cuenta/segundo-factor': { body: { activo: false, codigosRestantes: 0 } },
      'POST /cuenta/segundo-factor': { body: { uri: URI, qr: 'data:image/svg+xml;base64,PHN2Zy8+', pideContrasena: true } },
      'POST /cuenta/segundo-factor/confirmar': () => (++intentos === 1 ? contrasenaRechazada : { body: { codigosRecuperacion: Array.from({ length: 10 }, (_, i) => `aaaa${i}-bbbbb`) } }),
    });
    const user = userEvent.setup();
    renderSeccion();
    await user.click(await screen.findByRole('button', { name: 'Activar' }));
    await user.type(await screen.findByLabelText('Código:'), '123456');
    await user.type(screen.getByLabelText('Contraseña'), 'no es la mía');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText(INCORRECTA)).toBeInTheDocument();
    expect(bajo('Contraseña')).toContain(INCORRECTA);
    expect(screen.queryByText(palabrasDelApi.validacionTitulo)).toBeNull();
    expect(screen.queryByRole('list', { name: 'Códigos de recuperación' })).toBeNull();

    await user.type(screen.getByLabelText('Código:'), '123456');
    await user.type(screen.getByLabelText('Contraseña'), 'la de siempre');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(within(await screen.findByRole('list', { name: 'Códigos de recuperación' })).getAllByRole('listitem')).toHaveLength(10);
    expect(llamadas.filter((l) => l.url === '/cuenta/segundo-factor/confirmar').map((l) => l.body)).toEqual([
      { codigo: '123456', pass: 'no es la mía' },
      { codigo: '123456', pass: 'la de siempre' },
    ]);
  });

  it('disabling it says a wrong password under «Contraseña»', async () => {
    fakeApi({
      'GET /cuenta/segundo-factor': { body: { activo: true, codigosRestantes: 10 } },
      'DELETE /cuenta/segundo-factor': contrasenaRechazada,
    });
    const user = userEvent.setup();
    renderSeccion();
    await user.click(await screen.findByRole('button', { name: 'Desactivar' }));
    await user.type(screen.getByLabelText('Contraseña'), 'no es la mía');
    await user.type(screen.getByLabelText('Código'), '123456');
    await user.click(screen.getByRole('button', { name: 'Desactivar' }));
    expect(await screen.findByText(INCORRECTA)).toBeInTheDocument();
    expect(bajo('Contraseña')).toContain(INCORRECTA);
    expect(screen.queryByText(palabrasDelApi.validacionTitulo)).toBeNull();
  });
});
