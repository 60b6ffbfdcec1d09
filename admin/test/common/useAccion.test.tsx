// An action on a record that changed since the page read it (docs/arquitectura.md §17): the button
// sends the version read in If-Match, the API refuses with 412, nothing is done, and the
// administrator is told who changed it and when while the page is read again.
process.env.TZ = 'Europe/Madrid';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { AdminContext, Notification, RecordContextProvider, ResourceContextProvider, useGetOne } from 'react-admin';
import { EmitirButton } from '../../src/facturas/EmitirButton';
import { dataProvider } from '../../src/providers/dataProvider';
import { i18nProvider } from '../../src/providers/i18n';
import { fakeApi } from '../fetchMock';

afterEach(() => vi.unstubAllGlobals());

const borrador = { id: 9, serie: 'A', numero: null, estado: 'borrador', concepto: 'Curso de guitarra', base: 10000, tipoIva: 21, usuarioId: 2 };

/** The factura's page as far as the button needs it: the record read, its version shown. */
const Ficha = () => {
  const { data } = useGetOne('facturas', { id: 9 });
  if (!data) return null;
  return (
    <RecordContextProvider value={data}>
      <p>Versión leída: {data.version}</p>
      <EmitirButton />
    </RecordContextProvider>
  );
};

const renderFicha = () =>
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <ResourceContextProvider value="facturas">
        <Ficha />
      </ResourceContextProvider>
      <Notification />
    </AdminContext>,
  );

const confirmarEmision = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Emitir' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Confirmar/ }));
};

describe('an action on a record someone changed meanwhile', () => {
  it('goes with the version read; a 412 applies nothing, names who and when, and the page is read again', async () => {
    let lecturas = 0;
    const llamadas = fakeApi({
      // Carmen changed the concept while this page was open: the second read is her version.
      'GET /facturas/9': () => ({ body: { ...borrador, version: ++lecturas === 1 ? 3 : 4, concepto: lecturas === 1 ? borrador.concepto : 'Curso de guitarra II' } }),
      'POST /facturas/9/emitir': {
        status: 412,
        body: { error: { statusCode: 412, name: 'PreconditionFailedError', code: 'PRECONDITION_FAILED', message: 'La factura ha cambiado', actual: { ...borrador, version: 4, updatedAt: '2026-03-05T13:30:00.000Z' } } },
      },
      'GET /facturas/9/historial': { body: [{ id: 77, fecha: '2026-03-05T13:30:00.000Z', version: 4, accion: 'modificar', login: { id: 5, nombre: 'Carmen', usuario: 'carmen' }, cambios: { concepto: ['Curso de guitarra', 'Curso de guitarra II'] } }] },
    });
    renderFicha();
    expect(await screen.findByText('Versión leída: 3')).toBeInTheDocument();
    await confirmarEmision();

    expect(
      await screen.findByText(
        'Carmen cambió este registro el 05/03/2026 14:30, mientras lo tenías abierto: no se ha hecho nada. La página muestra ahora cómo está; revísalo y vuelve a intentarlo.',
      ),
    ).toBeInTheDocument();
    const emision = llamadas.find((l) => l.method === 'POST')!;
    expect(emision.url).toBe('/facturas/9/emitir');
    expect(emision.headers.get('If-Match')).toBe('"3"');
    // Re-read: the button now holds Carmen's version, and no «emitida» was said.
    expect(await screen.findByText('Versión leída: 4')).toBeInTheDocument();
    expect(screen.queryByText(/emitida/i)).not.toBeInTheDocument();
    expect(llamadas.filter((l) => l.method === 'POST')).toHaveLength(1);
  });

  it('without a history to name who, says when from the record the 412 carries', async () => {
    fakeApi({
      'GET /facturas/9': { body: { ...borrador, version: 3 } },
      'POST /facturas/9/emitir': { status: 412, body: { error: { statusCode: 412, message: 'La factura ha cambiado', actual: { ...borrador, version: 4, updatedAt: '2026-03-05T13:30:00.000Z' } } } },
      'GET /facturas/9/historial': { status: 500, body: { error: { statusCode: 500, message: 'Error interno' } } },
    });
    renderFicha();
    await confirmarEmision();
    expect(await screen.findByText(/^Otra persona cambió este registro el 05\/03\/2026 14:30, mientras lo tenías abierto: no se ha hecho nada/)).toBeInTheDocument();
  });
});
