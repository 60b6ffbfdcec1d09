// «Importar alumnos»: the file goes as its bytes to the preview; the counts, each error with its
// row, column and reason, «Descargar filas rechazadas», and «Importar» disabled while there are
// errors; without errors, «Importar» confirms the same file and says what was done.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import type { Previsualizacion } from '../../../contrato/importacion';
import { ImportarAlumnos } from '../../src/usuarios/ImportarAlumnos';
import { i18nProvider } from '../../src/providers/i18n';

interface Llamada {
  method: string;
  url: URL;
  body: unknown;
  headers: Headers;
}

/** The API's answers by `modo`; every call kept (fetchMock.ts parses queries as JSON, and `modo` is a word). */
function stubApi(respuestas: Record<string, { status?: number; body: unknown }>) {
  const llamadas: Llamada[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input);
      llamadas.push({ method: init.method ?? 'GET', url, body: init.body, headers: new Headers(init.headers) });
      const r = respuestas[url.searchParams.get('modo') ?? ''];
      if (!r || url.pathname !== '/usuarios/importar') throw new Error(`Llamada inesperada: ${url}`);
      return new Response(JSON.stringify(r.body), { status: r.status ?? 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return llamadas;
}

const vista = (extra: Partial<Previsualizacion> = {}): Previsualizacion => ({
  formato: 'csv',
  filas: 3,
  crear: 2,
  actualizar: 1,
  sinCambios: 0,
  matriculas: 1,
  ignoradas: [],
  totalErrores: 0,
  errores: [],
  muestra: [{ fila: 2, accion: 'crear', usuarioId: null, usuario: { email: 'ana@example.com', nombre: 'Ana', apellidos: 'Pérez', telefono: null, nif: null }, cambios: [], curso: { id: 4, titulo: 'Guitarra' }, hasta: null }],
  ...extra,
});

function montar() {
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <ImportarAlumnos />
    </AdminContext>,
  );
}

const archivo = new File(['email;nombre;apellidos\nana@example.com;Ana;Pérez\n'], 'alumnos.csv', { type: 'text/csv' });

async function choose() {
  fireEvent.click(await screen.findByRole('button', { name: 'Importar alumnos' }));
  const dialogo = await screen.findByRole('dialog');
  fireEvent.change(within(dialogo).getByTestId('archivo-alumnos'), { target: { files: [archivo] } });
  return dialogo;
}

afterEach(() => vi.unstubAllGlobals());

describe('Importar alumnos', () => {
  it('previews the file, lists its errors with row, column and reason, and does not let it import', async () => {
    const llamadas = stubApi({
      previsualizar: {
        body: vista({
          totalErrores: 2,
          errores: [
            { fila: 3, columna: 'email', motivo: '«no-es-un-email» no es un email válido' },
            { fila: 5, columna: 'curso', motivo: 'No hay ningún curso «Piano»: escribe su título exacto o su número (id)' },
          ],
        }),
      },
    });
    montar();
    const dialogo = await choose();
    expect(await within(dialogo).findByText('Hay 2 errores: corrígelos en tu fichero y vuelve a subirlo.')).toBeInTheDocument();
    expect(llamadas).toHaveLength(1);
    expect(llamadas[0].method).toBe('POST');
    expect(llamadas[0].url.searchParams.get('nombre')).toBe('alumnos.csv');
    expect(llamadas[0].body).toBe(archivo);
    expect(llamadas[0].headers.get('Content-Type')).toBe('application/octet-stream');
    const errores = within(dialogo).getByRole('table', { name: 'Errores' });
    expect(within(errores).getByText('«no-es-un-email» no es un email válido')).toBeInTheDocument();
    expect(within(errores).getByText('5')).toBeInTheDocument();
    expect(within(errores).getByText('curso')).toBeInTheDocument();
    expect(within(dialogo).getByTestId('cifra-errores')).toHaveTextContent('2');
    expect(within(dialogo).getByRole('button', { name: 'Descargar filas rechazadas' })).toBeEnabled();
    expect(within(dialogo).getByRole('button', { name: 'Importar' })).toBeDisabled();
  });

  it('imports a file without errors and says what was done', async () => {
    const llamadas = stubApi({
      previsualizar: { body: vista() },
      confirmar: { status: 201, body: { filas: 3, creados: 2, actualizados: 1, sinCambios: 0, matriculas: { creadas: 1, extendidas: 0 } } },
    });
    montar();
    const dialogo = await choose();
    expect(await within(dialogo).findByText('ana@example.com')).toBeInTheDocument();
    expect(within(dialogo).getByText('Para siempre')).toBeInTheDocument();
    expect(within(dialogo).getByTestId('cifra-crear')).toHaveTextContent('2');
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Importar' }));
    expect(await within(dialogo).findByText(/Importación hecha: 2 alumnos nuevos, 1 actualizados/)).toBeInTheDocument();
    expect(llamadas.map((l) => l.url.searchParams.get('modo'))).toEqual(['previsualizar', 'confirmar']);
    expect(llamadas[1].body).toBe(archivo);
  });

  it('a confirmation the API refuses shows each row it names', async () => {
    stubApi({
      previsualizar: { body: vista() },
      confirmar: {
        status: 422,
        body: { error: { statusCode: 422, message: 'Hay 1 error en el fichero: corrígelo y vuelve a subirlo; no se ha importado nada', details: [{ path: '/filas/7', code: 'fila', message: 'Es obligatorio', info: { fila: 7, columna: 'nombre', motivo: 'Es obligatorio' } }] } },
      },
    });
    montar();
    const dialogo = await choose();
    fireEvent.click(await within(dialogo).findByRole('button', { name: 'Importar' }));
    await waitFor(() => expect(within(dialogo).getByText(/no se ha importado nada/)).toBeInTheDocument());
    expect(within(within(dialogo).getByRole('table', { name: 'Errores' })).getByText('7')).toBeInTheDocument();
  });
});
