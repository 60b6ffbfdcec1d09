// A million-row list opens at once because its total is bounded or estimated (docs/arquitectura.md §12); the
// pagination says so, in Spanish, and a list with a small, exact total looks as it always has.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Admin, memoryStore, Resource, TestMemoryRouter, testDataProvider, type GetListResult } from 'react-admin';
import pagos from '../../src/pagos';
import { i18nProvider } from '../../src/providers/i18n';

const pago = (id: number) => ({ id, importe: 4900, moneda: 'EUR', metodo: 'bizum', estado: 'completado', fecha: '2026-03-05T13:30:00.000Z' });
const pagina = (page: number, perPage: number) => Array.from({ length: perPage }, (_, i) => pago((page - 1) * perPage + i + 1));

/** Pages of pagos (react-admin's 10 a page); `respuesta` adds the total as the dataProvider would (conTotal). */
const renderList = (respuesta: (data: ReturnType<typeof pagina>) => Omit<GetListResult, 'data'>) => {
  const getList = vi.fn(async (_resource: string, { pagination }: { pagination: { page: number; perPage: number } }) => {
    const data = pagina(pagination.page, pagination.perPage);
    return { data, ...respuesta(data) };
  });
  render(
    <TestMemoryRouter initialEntries={['/pagos']}>
      <Admin store={memoryStore()} dataProvider={testDataProvider({ getList: getList as never, getMany: (async () => ({ data: [] })) as never })} i18nProvider={i18nProvider}>
        <Resource {...pagos} />
      </Admin>
    </TestMemoryRouter>,
  );
  return getList;
};

describe('the list pagination', () => {
  it('an exact total reads as always, with page numbers', { timeout: 20_000 }, async () => {
    renderList(() => ({ total: 9876 }));
    expect(await screen.findByText('1-10 de 9876')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /página 988/i })).toBeInTheDocument();
  });

  it('a count stopped at the cap reads «de más de 10.000», and pages on past it', { timeout: 20_000 }, async () => {
    const getList = renderList((data) => ({
      pageInfo: { hasNextPage: data.length === 10, hasPreviousPage: data[0].id > 1 },
      meta: { recuento: { count: 10000, approximate: 'lowerBound' } },
    }));
    expect(await screen.findByText('1-10 de más de 10.000')).toBeInTheDocument();
    // No page numbers worked out from a figure that is not the total: forwards and backwards.
    expect(screen.queryByRole('button', { name: /página 1000/i })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Ir a la página siguiente' }));
    await waitFor(() => expect(getList).toHaveBeenLastCalledWith('pagos', expect.objectContaining({ pagination: { page: 2, perPage: 10 } })));
    expect(await screen.findByText('11-20 de más de 10.000')).toBeInTheDocument();
  });

  it('the planner’s estimate reads «de unos 512.000», rounded as an estimate should be', { timeout: 20_000 }, async () => {
    renderList((data) => ({
      pageInfo: { hasNextPage: data.length === 10, hasPreviousPage: false },
      meta: { recuento: { count: 512345, approximate: 'estimate' } },
    }));
    expect(await screen.findByText('1-10 de unos 512.000')).toBeInTheDocument();
  });

  it('keeps «Exportar» available when there is no exact total', { timeout: 20_000 }, async () => {
    renderList(() => ({ pageInfo: { hasNextPage: true, hasPreviousPage: false }, meta: { recuento: { count: 10000, approximate: 'lowerBound' } } }));
    await screen.findByText('1-10 de más de 10.000');
    const exportar = screen.getByRole('link', { name: 'Exportar' });
    expect(exportar).not.toHaveAttribute('aria-disabled', 'true');
    expect(exportar.className).not.toMatch(/disabled/i);
  });
});
