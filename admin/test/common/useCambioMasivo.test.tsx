// A list's bulk change on rows another administrator changed after the list was read
// (docs/arquitectura.md §17): each row goes with the version the list read, the API leaves the
// changed ones alone, and the administrator is told how many and sees the list again.
import PublishIcon from '@mui/icons-material/Publish';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Admin, Datagrid, List, Resource, TestMemoryRouter, TextField } from 'react-admin';
import { ActualizarSeleccion } from '../../src/common/acciones/ActualizarSeleccion';
import { BorrarSeleccion } from '../../src/common/acciones/BorrarSeleccion';
import { dataProvider } from '../../src/providers/dataProvider';
import { i18nProvider } from '../../src/providers/i18n';
import { fakeApi, type Llamada } from '../fetchMock';

afterEach(() => vi.unstubAllGlobals());

const clases = [
  { id: 1, titulo: 'Acordes', estado: 'borrador', version: 1 },
  { id: 2, titulo: 'Ritmo', estado: 'borrador', version: 4 },
  { id: 3, titulo: 'Escalas', estado: 'borrador', version: 2 },
];

const ClaseList = () => (
  <List>
    <Datagrid
      bulkActionButtons={
        <>
          <ActualizarSeleccion accion="publicar" icon={<PublishIcon />} data={{ estado: 'publicada' }} />
          <BorrarSeleccion />
        </>
      }
    >
      <TextField source="titulo" />
    </Datagrid>
  </List>
);

function renderLista(respuestas: Parameters<typeof fakeApi>[0]) {
  const llamadas = fakeApi({ 'GET /clases': { body: clases }, 'GET /clases/count': { body: { count: 3 } }, ...respuestas });
  render(
    <TestMemoryRouter initialEntries={['/clases']}>
      <Admin dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <Resource name="clases" list={ClaseList} />
      </Admin>
    </TestMemoryRouter>,
  );
  return llamadas;
}

const lecturas = (llamadas: Llamada[]) => llamadas.filter((l) => l.method === 'GET' && l.url.startsWith('/clases?')).length;

async function seleccionarTodas() {
  await screen.findByText('Escalas');
  fireEvent.click(screen.getAllByRole('checkbox')[0]);
  await screen.findByText(/3 .*seleccionad/i);
}

describe('bulk changes from a list', () => {
  it('an update sends each row with the version read; what the API left is said, and the list is read again', async () => {
    // Ritmo changed since the list was read: the API matches 2 of the 3.
    const llamadas = renderLista({ 'PATCH /clases': { body: { count: 2 } } });
    await seleccionarTodas();
    const antes = lecturas(llamadas);
    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Confirmar/ }));

    expect(await screen.findByText('1 de 3 no se aplicó: otra persona lo cambió. Revisa la lista.')).toBeInTheDocument();
    const patch = llamadas.find((l) => l.method === 'PATCH')!;
    expect(patch.query.where).toEqual({ or: [{ id: 1, version: 1 }, { id: 2, version: 4 }, { id: 3, version: 2 }] });
    expect(patch.body).toEqual({ estado: 'publicada' });
    await waitFor(() => expect(lecturas(llamadas)).toBeGreaterThan(antes));
  });

  it('a delete sends each row’s version in If-Match; the ones changed since stay, and the count says so', async () => {
    const cambiada = { status: 412, body: { error: { statusCode: 412, message: 'La clase ha cambiado', actual: { ...clases[1], version: 5 } } } };
    const llamadas = renderLista({
      'DELETE /clases/1': { status: 204 },
      'DELETE /clases/2': cambiada,
      'DELETE /clases/3': cambiada,
    });
    await seleccionarTodas();
    fireEvent.click(screen.getByRole('button', { name: /Borrar|Eliminar|Delete/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Confirmar/ }));

    expect(await screen.findByText('2 de 3 no se borraron: otras personas los cambiaron. Revisa la lista.')).toBeInTheDocument();
    const borrados = llamadas.filter((l) => l.method === 'DELETE').map((l) => [l.url, l.headers.get('If-Match')]);
    expect(borrados.sort()).toEqual([
      ['/clases/1', '"1"'],
      ['/clases/2', '"4"'],
      ['/clases/3', '"2"'],
    ]);
  });

  it('when every row was as read, it is done as before', async () => {
    renderLista({ 'PATCH /clases': { body: { count: 3 } } });
    await seleccionarTodas();
    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Confirmar/ }));
    expect(await screen.findByText(/3 elementos actualizados|actualizad/i)).toBeInTheDocument();
    expect(screen.queryByText(/no se aplic/)).not.toBeInTheDocument();
  });
});
