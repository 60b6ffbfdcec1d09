// A new API token is shown once: its dialog stays until «Ya lo he guardado» (Escape would lose
// it), and a browser that refuses the clipboard says so instead of pretending it copied. With the
// admin's own Spanish catalogue: the dialog's texts are the section's, not a resource's.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Admin, TestMemoryRouter } from 'react-admin';
import { dataProvider } from '../../src/providers/dataProvider';
import { recursosDe } from '../../src/recursos';
import tokens from '../../src/tokens';
import { fakeApi } from '../fetchMock';
import { i18nProvider } from '../../src/providers/i18n';

const TOKEN = `aula_${'x'.repeat(43)}`;

afterEach(() => vi.unstubAllGlobals());

async function createToken() {
  fakeApi({
    'POST /tokens': { body: { id: 7, nombre: 'Tienda web', rol: 'tienda', prefijo: 'aula_xxxx', token: TOKEN, version: 1 } },
    'GET /tokens': { body: [] },
    'GET /tokens/count': { body: { count: 0 } },
  });
  render(
    <TestMemoryRouter initialEntries={['/tokens/create']}>
      <Admin dataProvider={dataProvider} i18nProvider={i18nProvider}>
        {recursosDe([tokens])}
      </Admin>
    </TestMemoryRouter>,
  );
  fireEvent.change(await screen.findByLabelText(/Nombre/, {}, { timeout: 5000 }), { target: { value: 'Tienda web' } });
  fireEvent.mouseDown(screen.getByLabelText(/Rol/));
  fireEvent.click(await screen.findByRole('option', { name: 'Tienda' }));
  fireEvent.click(screen.getByRole('button', { name: /save|guardar/i }));
  return screen.findByRole('dialog', {}, { timeout: 5000 });
}

describe('the token just created', () => {
  it('stays on screen on Escape, until «Ya lo he guardado»', { timeout: 20_000 }, async () => {
    const dialogo = await createToken();
    expect(dialogo.textContent).toContain(TOKEN);
    fireEvent.keyDown(dialogo, { key: 'Escape' });
    expect(screen.getByRole('dialog').textContent).toContain(TOKEN);
    fireEvent.click(screen.getByRole('button', { name: 'Ya lo he guardado' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says when the browser refused to copy it', { timeout: 20_000 }, async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn(async () => Promise.reject(new DOMException('denied', 'NotAllowedError'))) } });
    await createToken();
    fireEvent.click(screen.getByRole('button', { name: 'Copiar' }));
    expect(await screen.findByText('El navegador no ha dejado copiar: selecciona el token y cópialo a mano antes de cerrar.')).toBeTruthy();
  });
});
