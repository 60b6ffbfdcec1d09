// A report the API declares reaches the page with no edit in admin/: a throw-away declaration,
// added to the catalogue as the build would embed it, gets its card, its table headed by its
// labels, each cell formatted by its column's type and the records it names linked.
import { screen, within } from '@testing-library/react';
import type { InformePublico } from '../../../contrato/catalogoInformes';
import { renderInformes } from './pagina';

const nuevo = vi.hoisted((): InformePublico => ({
  nombre: 'prueba-por-curso',
  titulo: 'Prueba por curso',
  descripcion: 'Lo que deja cada curso',
  parametros: ['desde', 'hasta'],
  filas: 'cursos',
  columnas: [
    { clave: 'cursoId', etiqueta: 'Id del curso', tipo: 'entero' },
    { clave: 'titulo', etiqueta: 'Curso', tipo: 'texto', vacio: '(sin curso)', enlace: { recurso: 'cursos', id: 'cursoId' } },
    { clave: 'ventas', etiqueta: 'Ventas', tipo: 'entero' },
    { clave: 'ingresos', etiqueta: 'Ingresos', tipo: 'dinero' },
    { clave: 'parte', etiqueta: 'Parte', tipo: 'porcentaje' },
    { clave: 'ultima', etiqueta: 'Última venta', tipo: 'fecha' },
  ],
}));

vi.mock('../../src/informes/catalogo', async (original) => {
  const real = await original<typeof import('../../src/informes/catalogo')>();
  return { default: [...real.default, nuevo] };
});

const datos = {
  periodo: { desde: '2026-03-01', hasta: '2026-03-30' },
  cursos: [
    { cursoId: 3, titulo: 'Guitarra flamenca', ventas: 1200, ingresos: 1234567, parte: 0.75, ultima: '2026-03-29' },
    { cursoId: null, titulo: null, ventas: 2, ingresos: 9800, parte: 0.25, ultima: null },
  ],
};

const fetchMock = vi.fn(async (url: string) => {
  // The other reports are not what this test looks at: they fail, each in its own card.
  if (new URL(url).pathname !== '/informes/prueba-por-curso') return Response.json({ error: { statusCode: 503, message: 'fuera' } }, { status: 503 });
  return Response.json(datos);
});

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => vi.unstubAllGlobals());

it('draws a new report as the table its declaration describes', { timeout: 20_000 }, async () => {
  renderInformes();
  const bloque = await screen.findByRole('region', { name: 'Prueba por curso' });
  const tabla = await within(bloque).findByRole('table');
  // The id goes into the link, not into a column of its own.
  expect(within(tabla).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Curso', 'Ventas', 'Ingresos', 'Parte', 'Última venta']);
  const [, primera, segunda] = within(tabla).getAllByRole('row');
  expect(within(primera).getAllByRole('cell').map((c) => c.textContent?.replace(/\s/g, ' '))).toEqual(['Guitarra flamenca', '1200', '12.345,67 €', '75 %', '29/03/2026']);
  expect(within(primera).getByRole('link', { name: 'Guitarra flamenca' })).toHaveAttribute('href', '/main/cursos/3/show');
  expect(within(segunda).getAllByRole('cell').map((c) => c.textContent?.replace(/\s/g, ' '))).toEqual(['(sin curso)', '2', '98,00 €', '25 %', '—']);
  // It asks for the parameters it declares, from the page's period.
  const pedida = new URL(fetchMock.mock.calls.find(([u]) => u.includes('prueba-por-curso'))![0]);
  expect([...pedida.searchParams.keys()]).toEqual(['desde', 'hasta']);
  expect(within(bloque).getByRole('button', { name: 'Descargar Prueba por curso en CSV' })).toBeInTheDocument();
});
