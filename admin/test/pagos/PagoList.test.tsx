// Madrid, whatever zone the machine runs in: the periods are its calendar days.
process.env.TZ = 'Europe/Madrid';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { testDataProvider } from 'react-admin';
import { montarPagos } from './montar';
import { i18nProvider } from '../../src/providers/i18n';
import { recursosI18n } from '../recursosI18n';

const usuario = { id: 7, nombre: 'Lucía', apellidos: 'Fernández Ruiz', email: 'lucia@example.com' };
const curso = { id: 3, titulo: 'Guitarra flamenca desde cero', precio: 4900, moneda: 'EUR' };
const pago = {
  id: 41,
  usuarioId: 7,
  cursoId: 3,
  importe: 4900,
  moneda: 'EUR',
  metodo: 'bizum',
  estado: 'completado',
  referencia: 'BZ-2026-0041',
  fecha: '2026-03-05T13:30:00.000Z',
};

const records: Record<string, { id: number }[]> = { usuarios: [usuario], cursos: [curso], pagos: [pago] };

const dataProvider = testDataProvider({
  getList: vi.fn(async (resource: string) => ({ data: records[resource], total: records[resource].length })) as never,
  getMany: vi.fn(async (resource: string, { ids }: { ids: unknown[] }) => ({
    data: records[resource].filter((r) => ids.includes(r.id)),
  })) as never,
});

const renderList = (entrada = '/pagos', i18n = recursosI18n) => montarPagos(entrada, dataProvider, i18n);

const matchMediaOriginal = window.matchMedia;
/** A 390 px phone: below MUI's «sm», where lists are simple lists. */
const enTelefono = () => {
  window.matchMedia = (query: string) =>
    ({ matches: /max-width:\s*599/.test(query), media: query, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {} }) as never;
};

describe('the pagos list', () => {
  it('names the usuario and the curso, never by id, and shows amounts and labels in Spanish', { timeout: 20_000 }, async () => {
    renderList();
    const fila = (await screen.findByText('BZ-2026-0041')).closest('tr')!;
    expect(await within(fila).findByText('Lucía Fernández Ruiz')).toBeInTheDocument();
    expect(await within(fila).findByText('Guitarra flamenca desde cero')).toBeInTheDocument();
    expect(within(fila).getByText('Bizum')).toBeInTheDocument();
    expect(within(fila).getByText('Completado')).toBeInTheDocument();
    expect(within(fila).getByText(/49,00\s€/)).toBeInTheDocument();
    expect(within(fila).queryByText('7')).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Usuario/ })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Método/ })).toBeInTheDocument();
    // Newest first.
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'pagos',
      expect.objectContaining({ sort: { field: 'fecha', order: 'DESC' } }),
    );
  });

  it('on a phone, a row shows estado and método and never runs the name into the amount', { timeout: 20_000 }, async () => {
    enTelefono();
    try {
      renderList();
      const fila = (await screen.findByText('Lucía Fernández Ruiz')).closest('a, li')!;
      expect(within(fila as HTMLElement).getByText('Completado')).toBeInTheDocument();
      expect(within(fila as HTMLElement).getByText('Bizum')).toBeInTheDocument();
      expect(fila.textContent).not.toMatch(/Ruiz49/);
      expect(fila.textContent).not.toMatch(/\d{4}\d{2}:\d{2}|\d{2}:\d{2}Completado/);
    } finally {
      window.matchMedia = matchMediaOriginal;
    }
  });

  it('on a phone, rows can be sorted by the columns the table sorts by, in Spanish', { timeout: 20_000 }, async () => {
    enTelefono();
    try {
      renderList('/pagos', i18nProvider);
      fireEvent.click(await screen.findByRole('button', { name: 'Ordenar por fecha descendente' }));
      const opciones = (await screen.findAllByRole('menuitem')).map((o) => o.textContent);
      expect(opciones).toEqual([
        'Fecha ascendente',
        'Usuario ascendente',
        'Curso ascendente',
        'Importe ascendente',
        'Método ascendente',
        'Estado ascendente',
        'Referencia ascendente',
      ]);
      fireEvent.click(screen.getByRole('menuitem', { name: 'Importe ascendente' }));
      await waitFor(() =>
        expect(dataProvider.getList).toHaveBeenLastCalledWith('pagos', expect.objectContaining({ sort: { field: 'importe', order: 'ASC' } })),
      );
      expect(await screen.findByRole('button', { name: 'Ordenar por importe ascendente' })).toBeInTheDocument();
    } finally {
      window.matchMedia = matchMediaOriginal;
    }
  });

  it('«Periodo» → «Mes pasado» filters October in Madrid and shows its days in Desde and Hasta', { timeout: 20_000 }, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
    try {
      renderList();
      fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Periodo' }));
      fireEvent.click(await screen.findByRole('option', { name: 'Mes pasado' }));

      await waitFor(() =>
        expect(dataProvider.getList).toHaveBeenLastCalledWith(
          'pagos',
          expect.objectContaining({
            filter: { fecha_gte: '2026-09-30T22:00:00.000Z', fecha_lte: '2026-10-31T22:59:59.999Z' },
          }),
        ),
      );
      expect(await screen.findByDisplayValue('01/10/2026')).toBeInTheDocument();
      expect(screen.getByDisplayValue('31/10/2026')).toBeInTheDocument();
      expect(screen.getByRole('combobox', { name: 'Periodo' })).toHaveTextContent('Mes pasado');

      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Periodo' }));
      fireEvent.click(await screen.findByRole('option', { name: 'Cualquier fecha' }));
      await waitFor(() =>
        expect(dataProvider.getList).toHaveBeenLastCalledWith('pagos', expect.objectContaining({ filter: {} })),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('a link whose Desde and Hasta are today names «Hoy» in Periodo', { timeout: 20_000 }, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
    try {
      const filtro = { fecha_gte: '2026-11-23T23:00:00.000Z', fecha_lte: '2026-11-24T22:59:59.999Z' };
      renderList(`/pagos?filter=${encodeURIComponent(JSON.stringify(filtro))}`);
      expect(await screen.findAllByDisplayValue('24/11/2026')).toHaveLength(2);
      expect(screen.getByRole('combobox', { name: 'Periodo' })).toHaveTextContent('Hoy');
    } finally {
      vi.useRealTimers();
    }
  });
});
