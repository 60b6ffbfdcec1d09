import { render, screen, waitFor } from '@testing-library/react';
import { Admin, Resource, TestMemoryRouter, testDataProvider } from 'react-admin';
import facturas from '../../src/facturas';
import { isEditable, rutaFactura } from '../../src/facturas/editable';
import usuarios from '../../src/usuarios';
import { recursosI18n } from '../recursosI18n';

const usuario = { id: 2, nombre: 'Jorge', apellidos: 'Martín' };
const factura = (estado: string) => ({
  id: 9,
  serie: 'A',
  numero: estado === 'borrador' ? null : 15,
  fecha: '2026-02-01T10:00:00.000Z',
  usuarioId: 2,
  concepto: 'Curso de guitarra',
  base: 10000,
  tipoIva: 21,
  cuotaIva: 2100,
  total: 12100,
  estado,
});

/** Renders the admin at `path` with a single factura in the given estado; returns the router's location. */
const renderAt = (path: string, estado: string) => {
  const dataProvider = testDataProvider({
    getOne: (async (resource: string) => ({ data: resource === 'facturas' ? factura(estado) : usuario })) as never,
    getList: (async () => ({ data: [], total: 0 })) as never,
    getMany: (async () => ({ data: [usuario] })) as never,
    getManyReference: (async () => ({ data: [], total: 0 })) as never,
  });
  let location = { pathname: '' };
  render(
    <TestMemoryRouter initialEntries={[path]} locationCallback={(l) => (location = l)}>
      <Admin dataProvider={dataProvider} i18nProvider={recursosI18n}>
        <Resource {...facturas} />
        <Resource {...usuarios} />
      </Admin>
    </TestMemoryRouter>,
  );
  return () => location.pathname;
};

const editLink = () => document.querySelector('a[href="/facturas/9"]');

describe('issued facturas are never edited', () => {
  it('only drafts are editable', () => {
    expect(isEditable({ estado: 'borrador' })).toBe(true);
    for (const estado of ['emitida', 'pagada', 'anulada']) expect(isEditable({ estado })).toBe(false);
    expect(rutaFactura(1, 'facturas', { id: 1, estado: 'borrador' })).toBe('edit');
    expect(rutaFactura(1, 'facturas', { id: 1, estado: 'emitida' })).toBe('show');
  });

  it('an issued factura shows its server totals and no edit button', async () => {
    renderAt('/facturas/9/show', 'emitida');
    expect(await screen.findByText('Curso de guitarra')).toBeInTheDocument();
    expect(screen.getAllByText('A-15').length).toBeGreaterThan(0);
    expect(screen.getByText('Cuota de IVA')).toBeInTheDocument();
    expect(screen.getByText(/^21,00\s€$/)).toBeInTheDocument();
    expect(screen.getByText(/121,00\s€/)).toBeInTheDocument();
    expect(screen.getByText('21 %')).toBeInTheDocument();
    expect(editLink()).toBeNull();
  });

  it('a draft factura can be edited from its page', async () => {
    renderAt('/facturas/9/show', 'borrador');
    expect(await screen.findByText('Curso de guitarra')).toBeInTheDocument();
    await waitFor(() => expect(editLink()).not.toBeNull());
  });

  it("an issued factura's edit address opens its read-only page", async () => {
    const pathname = renderAt('/facturas/9', 'pagada');
    await waitFor(() => expect(pathname()).toBe('/facturas/9/show'), { timeout: 5000 });
    expect(screen.queryByRole('textbox', { name: /Concepto/ })).not.toBeInTheDocument();
  });
});
