// While a search is on its way the rows on screen are the previous answer: on
// a million pagos that lasted seconds and they read as the answer. The list says it is
// searching, from the first letter typed until the answer is there, on a desktop and on a phone.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Admin, TestMemoryRouter, testDataProvider } from 'react-admin';
import cursos from '../../src/cursos';
import pagos from '../../src/pagos';
import usuarios from '../../src/usuarios';
import { i18nProvider } from '../../src/providers/i18n';
import { recursosDe } from '../../src/recursos';

const usuarios_ = [
  { id: 7, nombre: 'Lucía', apellidos: 'Fernández Ruiz', email: 'lucia@example.com' },
  { id: 8, nombre: 'Marcos', apellidos: 'Caballero Vicente', email: 'marcos@example.com' },
];
const pago = (id: number, usuarioId: number, referencia: string) => ({
  id,
  usuarioId,
  cursoId: null,
  importe: 4900,
  moneda: 'EUR',
  metodo: 'bizum',
  estado: 'completado',
  referencia,
  fecha: '2026-03-05T13:30:00.000Z',
});
const todos = [pago(41, 7, 'BZ-0041'), pago(42, 8, 'BZ-0042')];

/** A search's answer arrives when the test says so; the list without a search, at once. */
function apiLenta() {
  let responder: () => void = () => {};
  const getList = vi.fn(async (resource: string, { filter }: { filter: Record<string, unknown> }) => {
    if (resource !== 'pagos') return { data: usuarios_, total: usuarios_.length };
    if (!filter.q) return { data: todos, total: todos.length };
    await new Promise<void>((r) => (responder = r));
    return { data: [todos[1]], total: 1 };
  });
  const dataProvider = testDataProvider({
    getList: getList as never,
    getMany: (async (resource: string, { ids }: { ids: unknown[] }) => ({ data: (resource === 'usuarios' ? usuarios_ : []).filter((r) => ids.includes(r.id)) })) as never,
  });
  return { dataProvider, getList, responder: () => responder() };
}

const renderList = (dataProvider: ReturnType<typeof apiLenta>['dataProvider']) =>
  render(
    <TestMemoryRouter initialEntries={['/pagos']}>
      <Admin dataProvider={dataProvider} i18nProvider={i18nProvider}>
        {recursosDe([pagos, usuarios, cursos])}
      </Admin>
    </TestMemoryRouter>,
  );

const matchMediaOriginal = window.matchMedia;
const enTelefono = () => {
  window.matchMedia = (query: string) =>
    ({ matches: /max-width:\s*599/.test(query), media: query, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {} }) as never;
};
afterEach(() => {
  window.matchMedia = matchMediaOriginal;
});

const buscando = () => screen.queryAllByRole('progressbar', { name: 'Buscando…' });
const filas = (texto: string) => screen.getByText(texto).closest('[aria-busy]')!;
const paginacion = () => document.querySelector('.MuiTablePagination-root') as HTMLElement;

async function buscarYComprobar(filaVieja: string, filaNueva: string) {
  const api = apiLenta();
  renderList(api.dataProvider);
  await screen.findByText(filaVieja);
  expect(buscando()).toHaveLength(0);
  expect(filas(filaVieja)).toHaveAttribute('aria-busy', 'false');

  fireEvent.change(screen.getByPlaceholderText('Buscar'), { target: { value: 'caballero' } });
  // From the first letter: the search box says so, before the request even leaves.
  expect(buscando().length).toBeGreaterThanOrEqual(1);
  await waitFor(() => expect(api.getList).toHaveBeenCalledWith('pagos', expect.objectContaining({ filter: expect.objectContaining({ q: 'caballero' }) })));
  // The request is out: the old rows are still there, but dimmed, under a bar, and busy.
  await waitFor(() => expect(buscando()).toHaveLength(2));
  expect(screen.getByText(filaVieja)).toBeInTheDocument();
  expect(filas(filaVieja)).toHaveAttribute('aria-busy', 'true');
  // The old total is dimmed with them: it is not the search's either.
  expect(paginacion()).toHaveTextContent('1-2 de 2');
  expect(paginacion()).toHaveStyle({ opacity: '0.4' });

  api.responder();
  await waitFor(() => expect(screen.queryByText(filaVieja)).not.toBeInTheDocument());
  expect(await screen.findByText(filaNueva)).toBeInTheDocument();
  await waitFor(() => expect(buscando()).toHaveLength(0));
  expect(filas(filaNueva)).toHaveAttribute('aria-busy', 'false');
  expect(paginacion()).toHaveTextContent('1-1 de 1');
  expect(paginacion()).not.toHaveStyle({ opacity: '0.4' });
}

describe('a list being searched', () => {
  it('says it is searching until the answer replaces the old rows', { timeout: 30_000 }, async () => {
    await buscarYComprobar('BZ-0041', 'BZ-0042');
  });

  it('says so on a phone too', { timeout: 30_000 }, async () => {
    enTelefono();
    await buscarYComprobar('Lucía Fernández Ruiz', 'Marcos Caballero Vicente');
  });

  it('a list not being searched is not busy, and its search box shows the magnifying glass', { timeout: 30_000 }, async () => {
    renderList(apiLenta().dataProvider);
    const fila = await screen.findByText('BZ-0041');
    expect(fila.closest('[aria-busy]')).toHaveAttribute('aria-busy', 'false');
    expect(within(screen.getByPlaceholderText('Buscar').closest('.MuiInputBase-root') as HTMLElement).getByTestId('SearchIcon')).toBeInTheDocument();
    expect(buscando()).toHaveLength(0);
  });
});
