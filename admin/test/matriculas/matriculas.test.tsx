// «Matrículas»: the section's list and pages, a usuario's «Cursos» and a curso's «Alumnos», over
// the real data provider and a fake API: names and days (never ids or ISO), «Sin fin» for access
// for ever, «Dar acceso», «Ampliar» and «Revocar» with the calls they make, and the editor's
// read-only view.
process.env.TZ = 'Europe/Madrid';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import cursos from '../../src/cursos';
import matriculas from '../../src/matriculas';
import usuarios from '../../src/usuarios';
import { errorLoopBack, fakeApi } from '../fetchMock';
import { montarAdmin, porId } from '../montarAdmin';

const lucia = { id: 5, nombre: 'Lucía', apellidos: 'Fernández Ruiz', email: 'lucia@example.com' };
const guitarra = { id: 2, titulo: 'Guitarra flamenca', precio: 4900, moneda: 'EUR', estado: 'publicado', accesoDias: 365 };
const piano = { id: 3, titulo: 'Piano desde cero', precio: 3900, moneda: 'EUR', estado: 'publicado', accesoDias: null };
const activa = { id: 20, usuarioId: 5, cursoId: 2, desde: '2026-03-05T10:00:00.000Z', hasta: '2027-03-05T10:00:00.000Z', estado: 'activa', origen: 'pago', pagoId: null, enDisputa: false, version: 1 };
const paraSiempre = { id: 21, usuarioId: 5, cursoId: 3, desde: '2026-01-10T10:00:00.000Z', hasta: null, estado: 'revocada', origen: 'manual', motivoRevocacion: 'Acceso de prueba', version: 2 };
const todas = [activa, paraSiempre];

function montar(path: string, rol = 'administrador', extra: Parameters<typeof fakeApi>[0] = {}) {
  return montarAdmin(path, [matriculas, usuarios, cursos], {
    'GET /usuarios': porId([lucia]),
    'GET /usuarios/5': { body: lucia },
    'GET /cursos': porId([guitarra, piano]),
    'GET /cursos/count': { body: { count: 2 } },
    'GET /cursos/2': { body: guitarra },
    'GET /cursos/2/clases': { body: [] },
    'GET /clases/count': { body: { count: 0 } },
    'GET /matriculas': porId(todas),
    'GET /matriculas/count': { body: { count: todas.length } },
    'GET /matriculas/20': { body: activa },
    'GET /matriculas/20/historial': { body: [] },
    'GET /usuarios/5/matriculas': { body: todas },
    'GET /cursos/2/matriculas': { body: [activa] },
    ...extra,
  }, { usuario: rol, rol });
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the matrículas list', () => {
  it('names the usuario and the curso, days as dd/mm/aaaa, «Sin fin» for ever, and the estado', { timeout: 20_000 }, async () => {
    montar('/matriculas');
    const fila = (await screen.findByText('05/03/2026')).closest('tr')!;
    expect(await within(fila).findByText('Lucía Fernández Ruiz')).toBeInTheDocument();
    expect(await within(fila).findByText('Guitarra flamenca')).toBeInTheDocument();
    expect(within(fila).getByText('05/03/2027')).toBeInTheDocument();
    expect(within(fila).getByText('Activa')).toBeInTheDocument();
    expect(within(fila).getByText('Pago')).toBeInTheDocument();
    const otra = (await screen.findByText('Sin fin')).closest('tr')!;
    expect(within(otra).getByText('Revocada')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/2026-03-05T/);
  });
});

describe('a matrícula’s page', () => {
  it('«Revocar» asks the motivo and posts it', { timeout: 20_000 }, async () => {
    const llamadas = montar('/matriculas/20/show', 'administrador', { 'POST /matriculas/20/revocar': { body: { ...activa, estado: 'revocada' } } });
    expect(await screen.findByText('Guitarra flamenca')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ampliar' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Revocar' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Revocar la matrícula' });
    fireEvent.change(within(dialogo).getByLabelText(/Motivo/), { target: { value: 'Cambio de curso' } });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Revocar' }));
    await waitFor(() => expect(llamadas.find((l) => l.method === 'POST')).toMatchObject({ url: '/matriculas/20/revocar', body: { motivo: 'Cambio de curso' } }));
  });

  it('«Ampliar» sends the new last day as its last instant', { timeout: 20_000 }, async () => {
    const llamadas = montar('/matriculas/20/show', 'administrador', { 'PATCH /matriculas/20': { body: activa } });
    fireEvent.click(await screen.findByRole('button', { name: 'Ampliar' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Cambiar hasta cuándo dura el acceso' });
    const hasta = within(dialogo).getByLabelText(/Hasta/) as HTMLInputElement;
    expect(hasta.value).toBe('05/03/2027');
    fireEvent.change(hasta, { target: { value: '31/12/2027' } });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Ampliar' }));
    await waitFor(() => expect(llamadas.find((l) => l.method === 'PATCH')?.body).toEqual({ hasta: new Date(2027, 11, 31, 23, 59, 59, 999).toISOString() }));
  });
});

describe('a usuario’s «Cursos»', () => {
  it('lists his matrículas and gives access to a curso, for ever when the day is left empty', { timeout: 20_000 }, async () => {
    const llamadas = montar('/usuarios/5/show/cursos', 'administrador', { 'POST /matriculas': { body: { ...activa, id: 22, cursoId: 3, hasta: null } } });
    expect(await screen.findByText('Guitarra flamenca')).toBeInTheDocument();
    expect(await screen.findByText('Piano desde cero')).toBeInTheDocument();
    expect(screen.getByText('Sin fin')).toBeInTheDocument();
    // Only the activa one can be extended or revoked.
    expect(screen.getAllByRole('button', { name: 'Revocar' })).toHaveLength(1);
    expect(llamadas.some((l) => l.url.startsWith('/usuarios/5/matriculas'))).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Dar acceso' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Dar acceso a un curso' });
    expect(within(dialogo).getByText(/vacío para que el acceso no caduque nunca/)).toBeInTheDocument();
    fireEvent.change(within(dialogo).getByRole('combobox'), { target: { value: 'Piano' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Piano desde cero' }));
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Dar acceso' }));
    await waitFor(() => expect(llamadas.find((l) => l.method === 'POST')?.body).toEqual({ usuarioId: 5, cursoId: 3, hasta: null }));
  });

  it('says the server’s refusal when he already has it', { timeout: 20_000 }, async () => {
    const mensaje = 'Lucía Fernández Ruiz ya tiene una matrícula activa en «Guitarra flamenca» hasta 2027-03-05';
    montar('/usuarios/5/show/cursos', 'administrador', { 'POST /matriculas': errorLoopBack(409, mensaje) });
    fireEvent.click(await screen.findByRole('button', { name: 'Dar acceso' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Dar acceso a un curso' });
    fireEvent.change(within(dialogo).getByRole('combobox'), { target: { value: 'Guitarra' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Guitarra flamenca' }));
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Dar acceso' }));
    expect(await screen.findByText(mensaje)).toBeInTheDocument();
  });

  it('the editor reads cursos and dates, with no buttons', { timeout: 20_000 }, async () => {
    montar('/usuarios/5/show/cursos', 'editor');
    expect(await screen.findByText('Guitarra flamenca')).toBeInTheDocument();
    expect(screen.getByText('05/03/2027')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dar acceso' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revocar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ampliar' })).not.toBeInTheDocument();
  });
});

describe('a curso’s «Alumnos»', () => {
  it('names its alumnos with their days, for the editor too', { timeout: 20_000 }, async () => {
    montar('/cursos/2/show/alumnos', 'editor');
    expect(await screen.findByText('Lucía Fernández Ruiz')).toBeInTheDocument();
    expect(screen.getByText('05/03/2026')).toBeInTheDocument();
    expect(screen.getByText('Activa')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Alumnos' })).toBeInTheDocument();
  });
});

describe('on a 390 px phone', () => {
  const original = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = (query: string) =>
      ({ matches: /max-width:\s*(599|1199)/.test(query), media: query, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {} }) as never;
  });
  afterEach(() => {
    window.matchMedia = original;
  });

  it('a usuario’s «Cursos» are lines with their days and their actions in words', { timeout: 20_000 }, async () => {
    montar('/usuarios/5/show/cursos');
    expect(await screen.findByText('Guitarra flamenca')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: /Desde/ })).not.toBeInTheDocument();
    expect(screen.getByText('Sin fin')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ampliar' })).toHaveTextContent('Ampliar');
    expect(screen.getByRole('button', { name: 'Revocar' })).toHaveTextContent('Revocar');
    expect(screen.getByRole('button', { name: 'Dar acceso' })).toHaveTextContent('Dar acceso');
  });
});
