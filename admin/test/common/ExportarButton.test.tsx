// «Exportar» is a link to the API's streamed CSV with exactly the list's where and order, so the
// browser downloads every matching row without the admin holding them.
import { render, screen } from '@testing-library/react';
import { Admin, Resource, TestMemoryRouter, testDataProvider } from 'react-admin';
import { config } from '../../src/config';
import cursos from '../../src/cursos';
import pagos from '../../src/pagos';
import usuarios from '../../src/usuarios';
import { i18nProvider } from '../../src/providers/i18n';

const pago = { id: 41, usuarioId: 7, importe: 4900, moneda: 'EUR', metodo: 'bizum', estado: 'completado', fecha: '2026-03-05T13:30:00.000Z' };

const renderPagos = (url: string, rows: object[]) =>
  render(
    <TestMemoryRouter initialEntries={[url]}>
      <Admin
        dataProvider={testDataProvider({
          getList: (async (resource: string) => (resource === 'pagos' ? { data: rows, total: rows.length } : { data: [], total: 0 })) as never,
          getMany: (async () => ({ data: [] })) as never,
        })}
        i18nProvider={i18nProvider}
      >
        <Resource {...pagos} />
        <Resource {...usuarios} />
        <Resource {...cursos} />
      </Admin>
    </TestMemoryRouter>,
  );

describe('«Exportar» on a list', () => {
  it('links to GET /pagos.csv with the filters and the sort the list shows', { timeout: 20_000 }, async () => {
    const filtro = encodeURIComponent(JSON.stringify({ estado: 'completado', q: 'BZ', fecha_gte: '2026-03-01T00:00:00.000Z' }));
    renderPagos(`/pagos?filter=${filtro}&sort=importe&order=ASC`, [pago]);
    await screen.findByText('Bizum');
    const enlace = await screen.findByRole('link', { name: 'Exportar' });
    const url = new URL(enlace.getAttribute('href')!);
    expect(`${url.origin}${url.pathname}`).toBe(`${config.apiUrl}/pagos.csv`);
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({
      where: {
        estado: 'completado',
        // The pagos search as the registry declares it: the pago's own texts, who paid, for what.
        or: ['referencia', 'notas', 'usuario.nombre', 'usuario.apellidos', 'usuario.email', 'curso.titulo'].map((campo) => ({ [campo]: { ilike: '%BZ%' } })),
        fecha: { gte: '2026-03-01T00:00:00.000Z' },
      },
      // Every row, not a page: no limit, no skip.
      order: 'importe ASC',
    });
    expect(enlace).toHaveAttribute('download');
    expect(enlace).not.toHaveAttribute('aria-disabled', 'true');
  });

  it('is disabled when the list is empty', { timeout: 20_000 }, async () => {
    // With a filter, since a list with nothing at all shows its invitation to create instead.
    renderPagos(`/pagos?filter=${encodeURIComponent(JSON.stringify({ estado: 'fallido' }))}`, []);
    await screen.findByText(/Ningún resultado/);
    const enlace = await screen.findByRole('link', { name: 'Exportar' });
    expect(enlace).toHaveAttribute('aria-disabled', 'true');
  });

  it('keeps its name on a phone when disabled, where it is an icon alone', { timeout: 20_000 }, async () => {
    const original = window.matchMedia;
    // A 390 px phone: below MUI's «sm».
    window.matchMedia = (query: string) =>
      ({ matches: /max-width:\s*599/.test(query), media: query, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {} }) as never;
    try {
      renderPagos(`/pagos?filter=${encodeURIComponent(JSON.stringify({ estado: 'fallido' }))}`, []);
      await screen.findByText(/Ningún resultado/);
      const enlace = await screen.findByRole('link', { name: 'Exportar' });
      expect(enlace).toHaveAttribute('aria-disabled', 'true');
      expect(enlace).toHaveTextContent('');
    } finally {
      window.matchMedia = original;
    }
  });
});
