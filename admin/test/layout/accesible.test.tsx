// What the admin's theme does for the keyboard and the screen reader: each
// list row's checkbox says what it does, and a dialog before what cannot be undone opens with
// the focus on «Cancelar», so a stray Enter does nothing.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Admin, Resource, TestMemoryRouter, type DataProvider } from 'react-admin';
import categorias from '../../src/categorias';
import facturas from '../../src/facturas';
import { temaClaro, temaOscuro } from '../../src/layout/temas';
import pagos from '../../src/pagos';
import { i18nProvider } from '../../src/providers/i18n';
import usuarios from '../../src/usuarios';

const usuario = { id: 2, nombre: 'Jorge', apellidos: 'Martín' };
const categorias_ = [
  { id: 1, nombre: 'Programación', descripcion: 'Código', orden: 1 },
  { id: 2, nombre: 'Diseño', descripcion: 'Imagen', orden: 2 },
];
const registros: Record<string, Record<string, unknown>> = {
  facturas: { id: 9, serie: 'A', numero: null, fecha: null, tipo: 'F1', usuarioId: 2, concepto: 'Curso de guitarra', base: 10000, tipoIva: 21, cuotaIva: 2100, total: 12100, estado: 'borrador' },
  facturaEmitida: { id: 10, serie: 'A', numero: 15, fecha: '2026-02-01T10:00:00.000Z', tipo: 'F1', usuarioId: 2, concepto: 'Curso de piano', base: 10000, tipoIva: 21, cuotaIva: 2100, total: 12100, estado: 'emitida' },
  pagos: { id: 3, usuarioId: 2, importe: 6050, moneda: 'EUR', metodo: 'bizum', estado: 'completado', fecha: '2026-02-01T10:00:00.000Z', facturaId: null },
  categorias: categorias_[0],
};

const dataProvider = {
  getOne: async (resource: string, { id }: { id: number }) => ({
    data: resource === 'facturas' && Number(id) === 10 ? registros.facturaEmitida : (registros[resource] ?? usuario),
  }),
  getList: async (resource: string) => (resource === 'categorias' ? { data: categorias_, total: 2 } : { data: [], total: 0 }),
  getMany: async () => ({ data: [usuario] }),
  getManyReference: async () => ({ data: [], total: 0 }),
} as unknown as DataProvider;

const renderAt = (path: string, theme = temaClaro) =>
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <Admin dataProvider={dataProvider} i18nProvider={i18nProvider} theme={theme}>
        <Resource {...facturas} />
        <Resource {...pagos} />
        <Resource {...usuarios} />
        <Resource {...categorias} />
      </Admin>
    </TestMemoryRouter>,
  );

/** Opens the action's dialog and returns the button the keyboard is on. */
async function abrirDialogo(boton: string) {
  fireEvent.click(await screen.findByRole('button', { name: boton }));
  const dialogo = await screen.findByRole('dialog');
  return { dialogo, enfocado: document.activeElement };
}

describe('a dialog before what cannot be undone opens on «Cancelar»', () => {
  it.each([
    ['/facturas/9/show', 'Emitir'],
    ['/facturas/10/show', 'Anular'],
    ['/pagos/3/show', 'Reembolsar'],
    ['/pagos/3/show', 'Emitir factura'],
  ])('%s «%s»', async (ruta, boton) => {
    renderAt(ruta);
    const { dialogo, enfocado } = await abrirDialogo(boton);
    expect(dialogo).toHaveTextContent('no se puede deshacer');
    expect(enfocado).toBe(within(dialogo).getByRole('button', { name: 'Cancelar' }));
    // Enter on the focused button closes the dialog without doing anything.
    fireEvent.click(enfocado!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('«Rectificar», whose dialog is a form of its own', async () => {
    renderAt('/facturas/10/show');
    const { dialogo, enfocado } = await abrirDialogo('Rectificar');
    expect(enfocado).toBe(within(dialogo).getByRole('button', { name: 'Cancelar' }));
  });

  it('«Borrar» on a record’s form, react-admin’s own confirmation, in the dark theme too', async () => {
    for (const tema of [temaClaro, temaOscuro]) {
      const { unmount } = renderAt('/categorias/1', tema);
      const { dialogo, enfocado } = await abrirDialogo('Borrar');
      expect(enfocado).toBe(within(dialogo).getByRole('button', { name: 'Cancelar' }));
      unmount();
    }
  });

  it('«Borrar» the rows selected in a list', async () => {
    renderAt('/categorias');
    fireEvent.click((await screen.findAllByRole('checkbox', { name: 'Seleccionar esta fila' }))[0]);
    const { dialogo, enfocado } = await abrirDialogo('Borrar');
    expect(enfocado).toBe(within(dialogo).getByRole('button', { name: 'Cancelar' }));
  });
});

describe('a list’s checkboxes are named', () => {
  it('each row’s «Seleccionar esta fila», the header’s «Seleccionar todo»', async () => {
    renderAt('/categorias');
    const filas = await screen.findAllByRole('checkbox', { name: 'Seleccionar esta fila' });
    expect(filas).toHaveLength(2);
    // The name is the input's, the element a screen reader lands on, not its wrapper's.
    for (const casilla of filas) expect(casilla.tagName).toBe('INPUT');
    expect(screen.getByRole('checkbox', { name: 'Seleccionar todo' })).toBeInTheDocument();
    expect(document.querySelector('.select-item[aria-label]')).toBeNull();
  });
});

describe('what is loading says so', () => {
  it('react-admin’s spinner, while a list is on its way, is a progress bar named «Cargando…»', async () => {
    const cargando = { ...dataProvider, getList: () => new Promise(() => {}) } as unknown as DataProvider;
    render(
      <TestMemoryRouter initialEntries={['/categorias']}>
        <Admin dataProvider={cargando} i18nProvider={i18nProvider} theme={temaClaro}>
          <Resource {...categorias} />
        </Admin>
      </TestMemoryRouter>,
    );
    const barras = await screen.findAllByRole('progressbar');
    for (const barra of barras) expect(barra).toHaveAccessibleName('Cargando…');
  });
});
