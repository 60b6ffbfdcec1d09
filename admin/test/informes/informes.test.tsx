// The «Informes» page against a fake API (fetch mocked): KPIs in euros with their change, the
// presets change the period asked for, pendientes link to their records, CSV asks for text/csv.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderInformes } from './pagina';

const cifras = (c: Record<string, number | null>) => ({
  pagos: 0,
  ingresos: 0,
  reembolsos: 0,
  importeReembolsado: 0,
  ingresosNetos: 0,
  ticketMedio: null,
  cursosVendidos: 0,
  usuariosNuevos: 0,
  ...c,
});

const respuestas: Record<string, unknown> = {
  resumen: {
    periodo: { desde: '2026-03-01', hasta: '2026-03-30' },
    anterior: { desde: '2026-01-30', hasta: '2026-02-28' },
    actual: cifras({ ingresos: 1244367, ingresosNetos: 1234567, pagos: 30, ticketMedio: 4115, reembolsos: 2, importeReembolsado: 9800 }),
    previo: cifras({ ingresosNetos: 1000000, pagos: 30, ticketMedio: null, reembolsos: 4 }),
  },
  ingresos: { serie: [{ clave: '2026-03-01', pagos: 1, ingresos: 4900, importeReembolsado: 0, ingresosNetos: 4900 }] },
  'ventas-por-curso': {
    cursos: [{ cursoId: 3, titulo: 'Guitarra flamenca', ventas: 2, ingresos: 9800, ticketMedio: 4900, reembolsos: 0, importeReembolsado: 0 }],
  },
  'pagos-por-metodo': { metodos: [{ metodo: 'bizum', pagos: 1, importe: 4900, completados: 1, importeCompletado: 4900 }] },
  'pagos-por-estado': { estados: [{ estado: 'completado', pagos: 1, importe: 4900 }] },
  'usuarios-nuevos': { serie: [{ clave: '2026-03-01', nuevos: 1, compradores: 1 }] },
  pendientes: {
    dias: 7,
    limite: 100,
    pagosPendientes: { total: 1, importe: 9900, filas: [{ id: 4, fecha: '2026-01-12T09:00:00.000Z', usuario: 'Ana Álvarez', curso: 'Node', importe: 9900 }] },
    pagosSinFactura: { total: 0, importe: 0, filas: [] },
    facturasSinPago: { total: 1, importe: 12100, filas: [{ id: 2, serie: 'A', numero: 2, fecha: '2026-01-15T10:00:00.000Z', cliente: 'Luis Pérez', total: 12100 }] },
  },
};

async function responder(url: string, init?: RequestInit) {
  const informe = new URL(url).pathname.replace('/informes/', '');
  if (new Headers(init?.headers).get('Accept') === 'text/csv') {
    return new Response('\uFEFFIndicador;x\r\n', {
      headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${informe}-a-b.csv"` },
    });
  }
  return Response.json(respuestas[informe]);
}

const fetchMock = vi.fn(responder);

/** The query of every call made to one report, in order. */
const llamadas = (informe: string) =>
  fetchMock.mock.calls.map(([u]) => new URL(u)).filter((u) => u.pathname === `/informes/${informe}`).map((u) => Object.fromEntries(u.searchParams));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 2, 30, 14, 0)); // Monday 30 March 2026, local time
  fetchMock.mockClear();
  fetchMock.mockImplementation(responder);
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const pagina = renderInformes;

describe('the Informes page', () => {
  it('shows the KPIs in euros with their change against the previous period', { timeout: 20_000 }, async () => {
    pagina();
    const netos = await screen.findByTestId('kpi-ingresosNetos');
    expect(within(netos).getByText(/12\.345,67\s€/)).toBeInTheDocument();
    expect(within(netos).getByText(/▲\s23,5\s%\sfrente al periodo anterior/)).toBeInTheDocument();
    // What came in, from which the refunds beside it were taken.
    expect(within(netos).getByText(/12\.443,67\s€ cobrados/)).toBeInTheDocument();
    const reembolsos = screen.getByTestId('kpi-reembolsos');
    expect(within(reembolsos).getByText(/▼\s50\s%/)).toBeInTheDocument();
    expect(within(reembolsos).getByText(/98,00\s€ reembolsados/)).toBeInTheDocument();
    expect(within(screen.getByTestId('kpi-pagos')).getByText(/=\s0\s%/)).toBeInTheDocument();
    expect(within(screen.getByTestId('kpi-ticketMedio')).getByText('sin datos previos')).toBeInTheDocument();
    expect(screen.getByText('Comparado con 30/01/2026 – 28/02/2026')).toBeInTheDocument();
  });

  it('asks for the last 30 days first, and a preset changes desde/hasta of every report', { timeout: 20_000 }, async () => {
    pagina();
    await waitFor(() => expect(llamadas('resumen')).toEqual([{ desde: '2026-03-01', hasta: '2026-03-30' }]));
    expect(llamadas('ingresos')).toEqual([{ desde: '2026-03-01', hasta: '2026-03-30', agrupacion: 'dia' }]);

    fireEvent.click(screen.getByRole('button', { name: 'Mes pasado' }));
    await waitFor(() => expect(llamadas('resumen').at(-1)).toEqual({ desde: '2026-02-01', hasta: '2026-02-28' }));
    expect(llamadas('ventas-por-curso').at(-1)).toEqual({ desde: '2026-02-01', hasta: '2026-02-28' });

    fireEvent.click(screen.getByRole('button', { name: 'Este año' }));
    await waitFor(() => expect(llamadas('pagos-por-metodo').at(-1)).toEqual({ desde: '2026-01-01', hasta: '2026-03-30' }));
    // Pendientes is about today, whatever the period.
    expect(llamadas('pendientes').every((q) => !('desde' in q))).toBe(true);
  });

  it('asks for a custom period; a desde past hasta drags hasta along', { timeout: 20_000 }, async () => {
    pagina();
    await waitFor(() => expect(llamadas('resumen')).toHaveLength(1));
    const desde = screen.getByLabelText('Desde') as HTMLInputElement;
    // Typed day first, as a Spaniard writes it, whatever the browser's language.
    expect(desde.value).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    fireEvent.change(desde, { target: { value: '10/03/2026' } });
    await waitFor(() => expect(llamadas('resumen').at(-1)).toEqual({ desde: '2026-03-10', hasta: '2026-03-30' }));
    fireEvent.change(desde, { target: { value: '2/4/2026' } });
    await waitFor(() => expect(llamadas('resumen').at(-1)).toEqual({ desde: '2026-04-02', hasta: '2026-04-02' }));
    expect((screen.getByLabelText('Hasta') as HTMLInputElement).value).toBe('02/04/2026');
    // Half-typed text asks for nothing and, once left, says what it expects.
    const pedidas = llamadas('resumen').length;
    fireEvent.change(desde, { target: { value: '31/02/2026' } });
    fireEvent.blur(desde);
    expect(await screen.findByText(/dd\/mm\/aaaa/)).toBeTruthy();
    expect(llamadas('resumen')).toHaveLength(pedidas);
  });

  it("shows the API's Spanish message in the block that failed, and the others still render", { timeout: 20_000 }, async () => {
    const mensaje = 'El periodo elegido da 1500 intervalos y el máximo es 1100: acorta el periodo o agrupa por semana o por mes';
    fetchMock.mockImplementation(async (url: string) => {
      const informe = new URL(url).pathname.replace('/informes/', '');
      if (informe === 'ingresos') {
        return Response.json({ error: { statusCode: 400, name: 'BadRequestError', message: mensaje } }, { status: 400 });
      }
      return Response.json(respuestas[informe]);
    });
    pagina();
    const bloque = await screen.findByRole('region', { name: 'Ingresos' });
    expect(await within(bloque).findByText(`No se pudo cargar el informe: ${mensaje}`)).toBeInTheDocument();
    expect(await screen.findByTestId('kpi-ingresosNetos')).toBeInTheDocument();
  });

  it('links what is pending to the pago and the factura', { timeout: 20_000 }, async () => {
    pagina();
    const pago = await screen.findByRole('link', { name: /99,00\s€ · Ana Álvarez/ });
    expect(pago).toHaveAttribute('href', '/main/pagos/4/show');
    expect(screen.getByRole('link', { name: /A-2 · 121,00\s€/ })).toHaveAttribute('href', '/main/facturas/2/show');
    expect(screen.getByRole('link', { name: 'Guitarra flamenca' })).toHaveAttribute('href', '/main/cursos/3/show');
  });

  it('downloads a block as CSV by asking the API for text/csv', { timeout: 20_000 }, async () => {
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const guardado = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('ventas-por-curso-a-b.csv');
    });
    pagina();
    await screen.findByTestId('kpi-ingresosNetos');
    fireEvent.click(screen.getByRole('button', { name: 'Descargar Ventas por curso en CSV' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    const csv = fetchMock.mock.calls.find(([, init]) => new Headers(init?.headers).get('Accept') === 'text/csv')!;
    expect(new URL(csv[0]).pathname).toBe('/informes/ventas-por-curso');
    expect(csv[1]).toMatchObject({ credentials: 'include' });
    expect(guardado).toHaveBeenCalledOnce();
  });
});
