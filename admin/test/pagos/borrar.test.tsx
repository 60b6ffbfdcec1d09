// Issue 29, item 8, in the admin: a pago that was collected or invoiced is an accounting record
// the API never deletes, so «Borrar» is not offered for it. In the list it cannot be chosen for
// the bulk «Borrar» (nor by «select all»); its form has no «Borrar» and says why and how it is
// corrected. A pendiente without invoice is still deleted from either.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { testDataProvider } from 'react-admin';
import { i18nProvider } from '../../src/providers/i18n';
import { montarPagos } from './montar';

const usuario = { id: 7, nombre: 'Lucía', apellidos: 'Fernández Ruiz' };
const pago = (id: number, estado: string, facturaId: number | null, referencia: string) => ({
  id, usuarioId: 7, importe: 4900, moneda: 'EUR', metodo: 'bizum', estado, facturaId, referencia, fecha: '2026-03-05T13:30:00.000Z', version: 1,
});
const facturado = pago(41, 'completado', 9, 'BZ-FACTURADO');
const pendiente = pago(42, 'pendiente', null, 'BZ-PENDIENTE');
const records: Record<string, { id: number }[]> = {
  usuarios: [usuario],
  cursos: [],
  pagos: [facturado, pendiente],
  facturas: [{ id: 9, serie: 'A', numero: 3044, estado: 'pagada' } as never],
};

const renderAt = (entrada: string) =>
  montarPagos(
    entrada,
    testDataProvider({
      getList: (async (resource: string) => ({ data: records[resource], total: records[resource].length })) as never,
      getMany: (async (resource: string, { ids }: { ids: unknown[] }) => ({ data: records[resource].filter((r) => ids.includes(r.id)) })) as never,
      getOne: (async (resource: string, { id }: { id: number }) => ({ data: records[resource].find((r) => r.id === Number(id)) })) as never,
    }),
    i18nProvider,
  );

const borrar = () => screen.queryByRole('button', { name: 'Borrar' });

describe('«Borrar» in the pagos list', () => {
  const casilla = async (referencia: string) => within((await screen.findByText(referencia)).closest('tr')!).getByRole('checkbox');

  it('a collected or invoiced pago cannot be chosen for it, not even by «select all»', { timeout: 20_000 }, async () => {
    renderAt('/pagos');
    expect(await casilla('BZ-FACTURADO')).toBeDisabled();
    expect(await casilla('BZ-PENDIENTE')).toBeEnabled();
    fireEvent.click(screen.getAllByRole('checkbox')[0]);
    await waitFor(() => expect(borrar()).toBeInTheDocument());
    expect(await casilla('BZ-PENDIENTE')).toBeChecked();
    expect(await casilla('BZ-FACTURADO')).not.toBeChecked();
  });

  it('is offered for a pendiente without invoice', { timeout: 20_000 }, async () => {
    renderAt('/pagos');
    fireEvent.click(await casilla('BZ-PENDIENTE'));
    await waitFor(() => expect(borrar()).toBeInTheDocument());
  });
});

describe("«Borrar» in a pago's form", () => {
  it('is not there for an invoiced pago, which says why', { timeout: 20_000 }, async () => {
    renderAt('/pagos/41');
    expect(await screen.findByText(/Este pago es un registro contable y no se borra\. Si es un error, se corrige con un reembolso o con una rectificativa de su factura\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeInTheDocument();
    expect(borrar()).toBeNull();
  });

  it('is there for a pendiente without invoice', { timeout: 20_000 }, async () => {
    renderAt('/pagos/42');
    await waitFor(() => expect(borrar()).toBeInTheDocument());
    expect(screen.queryByText(/registro contable/)).toBeNull();
  });
});
