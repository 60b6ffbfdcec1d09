// «Cupones»: the section's list and pages over the real data provider and a fake API: values as
// «20 %» or «15,00 €», the scope by name, uses against the limit, dates dd/mm/aaaa hh:mm (never
// ISO); a cupón's uses (canjes) with who, which curso, the discount and the pago; the form that
// shows the categoría or the curso only for the scope that names one and sends money in céntimos;
// and «Generar códigos», which posts the batch and says how many were created.
process.env.TZ = 'Europe/Madrid';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import categorias from '../../src/categorias';
import cupones from '../../src/cupones';
import { formatValorCupon } from '../../src/cupones/campos';
import { buildGeneracion } from '../../src/cupones/GenerarCupones';
import cursos from '../../src/cursos';
import pagos from '../../src/pagos';
import usuarios from '../../src/usuarios';
import { fakeApi } from '../fetchMock';
import { montarAdmin, porId } from '../montarAdmin';

const lucia = { id: 5, nombre: 'Lucía', apellidos: 'Fernández Ruiz', email: 'lucia@example.com' };
const guitarra = { id: 2, titulo: 'Guitarra flamenca', precio: 4900, moneda: 'EUR', estado: 'publicado' };
const musica = { id: 4, nombre: 'Música' };
const verano = {
  id: 1,
  codigo: 'VERANO',
  tipo: 'porcentaje',
  valor: 20,
  moneda: 'EUR',
  ambito: 'todos',
  categoriaId: null,
  cursoId: null,
  desde: '2026-06-01T08:00:00.000Z',
  hasta: '2026-09-30T21:59:59.999Z',
  maxUsos: 10,
  maxUsosPorUsuario: 1,
  usos: 1,
  activo: true,
  descripcion: 'Campaña de verano',
  lote: null,
  createdAt: '2026-05-20T10:00:00.000Z',
  version: 1,
};
const fijo = { ...verano, id: 2, codigo: 'FIJO-15', tipo: 'importe', valor: 1500, ambito: 'categoria', categoriaId: 4, desde: null, hasta: null, maxUsos: null, usos: 2 };
const canje = { id: 30, cuponId: 1, usuarioId: 5, cursoId: 2, precio: 4900, descuento: 980, total: 3920, moneda: 'EUR', fecha: '2026-06-05T10:00:00.000Z' };
const pago = { id: 7, usuarioId: 5, cursoId: 2, canjeId: 30, importe: 3920, moneda: 'EUR', metodo: 'tarjeta', estado: 'completado', referencia: 'TPV-0007', fecha: '2026-06-05T10:05:00.000Z' };

function montar(path: string, extra: Parameters<typeof fakeApi>[0] = {}) {
  return montarAdmin(path, [cupones, usuarios, cursos, categorias, pagos], {
    'GET /usuarios': porId([lucia]),
    'GET /cursos': porId([guitarra]),
    'GET /cursos/count': { body: { count: 1 } },
    'GET /categorias': porId([musica]),
    'GET /categorias/count': { body: { count: 1 } },
    'GET /cupones': porId([verano, fijo]),
    'GET /cupones/count': { body: { count: 2 } },
    'GET /cupones/1': { body: verano },
    'GET /cupones/1/historial': { body: [] },
    'GET /cupones/1/canjes': { body: [canje] },
    'GET /canjes/count': { body: { count: 1 } },
    'GET /pagos': { body: [pago] },
    'GET /pagos/count': { body: { count: 1 } },
    ...extra,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('a cupón’s value', () => {
  it('reads «20 %» as a percentage and «15,00 €» as money', () => {
    expect(formatValorCupon({ tipo: 'porcentaje', valor: 20 }).replace(/\s/g, ' ')).toBe('20 %');
    expect(formatValorCupon({ tipo: 'importe', valor: 1500, moneda: 'EUR' }).replace(/\s/g, ' ')).toBe('15,00 €');
  });
});

describe('the cupones list', () => {
  it('shows the code, the value, the scope by name, the uses against the limit and the dates', { timeout: 20_000 }, async () => {
    montar('/cupones');
    const fila = (await screen.findByText('VERANO')).closest('tr')!;
    expect(within(fila).getByText('20 %')).toBeInTheDocument();
    expect(within(fila).getByText('Todos los cursos')).toBeInTheDocument();
    expect(within(fila).getByText('1 / 10')).toBeInTheDocument();
    expect(within(fila).getByText('01/06/2026, 10:00')).toBeInTheDocument();
    expect(within(fila).getByText('30/09/2026, 23:59')).toBeInTheDocument();
    const otra = screen.getByText('FIJO-15').closest('tr')!;
    expect(within(otra).getByText('15,00 €')).toBeInTheDocument();
    expect(await within(otra).findByText('Música')).toBeInTheDocument();
    expect(within(otra).getByText('2 / sin límite')).toBeInTheDocument();
    expect(within(otra).getByText('Sin fin')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/2026-0\d-\d\dT/);
    expect(screen.getByRole('button', { name: 'Generar códigos' })).toBeInTheDocument();
  });
});

describe('a cupón’s page', () => {
  it('lists its uses: who, which curso, when, the discount and the pago that spent it', { timeout: 20_000 }, async () => {
    const llamadas = montar('/cupones/1/show');
    expect(await screen.findByText('Campaña de verano')).toBeInTheDocument();
    const fila = (await screen.findByText('05/06/2026, 12:00')).closest('tr')!;
    expect(await within(fila).findByText('Lucía Fernández Ruiz')).toBeInTheDocument();
    expect(await within(fila).findByText('Guitarra flamenca')).toBeInTheDocument();
    expect(within(fila).getByText('9,80 €')).toBeInTheDocument();
    expect(await within(fila).findByRole('link', { name: 'TPV-0007' })).toHaveAttribute('href', '/pagos/7/show');
    // The uses come from the cupón's nested route; its pago by the canje it spent.
    expect(llamadas.some((l) => l.url.startsWith('/cupones/1/canjes'))).toBe(true);
    expect(llamadas.find((l) => l.url.startsWith('/pagos?'))?.query.filter).toMatchObject({ where: { canjeId: 30 } });
  });
});

describe('the cupón form', () => {
  it('asks the curso only for a one-curso scope, and sends an importe in céntimos and «hasta» a day as its end', { timeout: 20_000 }, async () => {
    const llamadas = montar('/cupones/create', { 'POST /cupones': { body: { ...fijo, id: 3 } }, 'GET /cupones/3': { body: { ...fijo, id: 3 } } });
    fireEvent.change(await screen.findByLabelText(/Código/, {}, { timeout: 5000 }), { target: { value: 'otono' } });
    fireEvent.mouseDown(screen.getByLabelText(/Tipo/));
    fireEvent.click(await screen.findByRole('option', { name: 'Importe fijo' }));
    const valor = await screen.findByLabelText(/Valor/);
    expect(within(valor.closest('.MuiFormControl-root') as HTMLElement).getByText('EUR')).toBeInTheDocument();
    fireEvent.change(valor, { target: { value: '15,50' } });
    expect(screen.queryByLabelText(/^Curso/)).not.toBeInTheDocument();
    fireEvent.mouseDown(screen.getByLabelText(/Ámbito/));
    fireEvent.click(await screen.findByRole('option', { name: 'Un curso' }));
    const curso = await screen.findByRole('combobox', { name: /Curso/ });
    fireEvent.change(curso, { target: { value: 'Guitarra' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Guitarra flamenca' }));
    fireEvent.change(screen.getByLabelText(/Hasta/), { target: { value: '31/12/2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(llamadas.find((l) => l.method === 'POST')).toBeDefined());
    expect(llamadas.find((l) => l.method === 'POST')!.body).toMatchObject({
      codigo: 'OTONO',
      tipo: 'importe',
      valor: 1550,
      ambito: 'curso',
      cursoId: 2,
      hasta: new Date(2026, 11, 31, 23, 59, 59, 999).toISOString(),
      activo: true,
      maxUsosPorUsuario: 1,
    });
  });

  it('takes a percentage as a whole number from 1 to 100', { timeout: 20_000 }, async () => {
    montar('/cupones/create');
    const valor = await screen.findByLabelText(/Valor/, {}, { timeout: 5000 });
    fireEvent.change(valor, { target: { value: '120' } });
    fireEvent.blur(valor);
    expect(within(valor.closest('.MuiFormControl-root') as HTMLElement).getByText('%')).toBeInTheDocument();
    expect(await screen.findByText('Escribe un porcentaje entero de 1 a 100')).toBeInTheDocument();
  });
});

describe('«Generar códigos»', () => {
  it('posts the batch and says how many were created', { timeout: 20_000 }, async () => {
    const llamadas = montar('/cupones', {
      'POST /cupones/generar': { body: { lote: 'BLACK 2026-11-27 10:00:00', cupones: Array.from({ length: 25 }, (_, i) => ({ id: 10 + i, codigo: `BLACK-${i}` })) } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Generar códigos' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Generar códigos de un solo uso' });
    fireEvent.change(within(dialogo).getByLabelText(/Prefijo/), { target: { value: 'black' } });
    fireEvent.change(within(dialogo).getByLabelText(/Cantidad/), { target: { value: '25' } });
    fireEvent.change(within(dialogo).getByLabelText(/Valor/), { target: { value: '30' } });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Generar códigos' }));
    await waitFor(() => expect(llamadas.find((l) => l.method === 'POST')).toBeDefined());
    expect(llamadas.find((l) => l.method === 'POST')).toMatchObject({ url: '/cupones/generar', body: { prefijo: 'BLACK', cantidad: 25, tipo: 'porcentaje', valor: 30, ambito: 'todos' } });
    expect(await screen.findByText('Se han creado 25 cupones en el lote «BLACK 2026-11-27 10:00:00»')).toBeInTheDocument();
  });

  it('sends the categoría or the curso only for the scope that names it', () => {
    expect(buildGeneracion({ cantidad: '3', tipo: 'importe', valor: 500, ambito: 'categoria', categoriaId: 4, cursoId: 2, prefijo: null, hasta: null })).toEqual({
      cantidad: 3,
      tipo: 'importe',
      valor: 500,
      ambito: 'categoria',
      categoriaId: 4,
    });
  });
});
