// «Lotes de matrículas»: the list says when, what, which curso, the estado and what it did; a
// lote's page gives its summary and names each refused usuario with the reason (his number when
// he no longer exists), and reads a running lote again until it is done.
process.env.TZ = 'Europe/Madrid';
import { screen, waitFor, within } from '@testing-library/react';
import cursos from '../../src/cursos';
import lotes from '../../src/lotes';
import usuarios from '../../src/usuarios';
import { fakeApi } from '../fetchMock';
import { montarAdmin, porId } from '../montarAdmin';

const lucia = { id: 5, nombre: 'Lucía', apellidos: 'Fernández Ruiz', email: 'lucia@example.com' };
const guitarra = { id: 2, titulo: 'Guitarra flamenca', precio: 4900, moneda: 'EUR', estado: 'publicado' };
const lote = {
  id: 30,
  accion: 'revocar',
  cursoId: 2,
  hasta: null,
  motivo: 'Fin del convenio',
  estado: 'terminado',
  total: 1234,
  procesados: 1234,
  hechas: 1200,
  saltadas: 32,
  rechazadas: 2,
  errores: JSON.stringify([
    { usuarioId: 5, motivo: 'La matrícula cambió mientras tanto' },
    { usuarioId: 99, motivo: 'El usuario ya no existe' },
  ]),
  createdAt: '2026-03-05T10:00:00.000Z',
  terminadoEn: '2026-03-05T10:00:09.000Z',
};

function montar(path: string, extra: Parameters<typeof fakeApi>[0] = {}) {
  return montarAdmin(path, [lotes, usuarios, cursos], {
    'GET /usuarios': porId([lucia]),
    'GET /cursos': porId([guitarra]),
    'GET /lotes': { body: [lote] },
    'GET /lotes/count': { body: { count: 1 } },
    'GET /lotes/30': { body: lote },
    ...extra,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the lotes list', () => {
  it('says when, the acción, the curso by name, the estado and the counts, newest first', { timeout: 30_000 }, async () => {
    const llamadas = montar('/lotes');
    const fila = (await screen.findByText('05/03/2026, 11:00')).closest('tr')!;
    expect(within(fila).getByText('Revocar')).toBeInTheDocument();
    expect(await within(fila).findByText('Guitarra flamenca')).toBeInTheDocument();
    expect(within(fila).getByText('Terminado')).toBeInTheDocument();
    expect(within(fila).getByText('Hechas 1.200 · Sin cambios 32 · Rechazadas 2')).toBeInTheDocument();
    expect((llamadas.find((l) => l.url.startsWith('/lotes?'))?.query.filter as { order?: string }).order).toBe('createdAt DESC');
  });
});

describe('a lote’s page', () => {
  it('gives the summary and each refused usuario by name with the reason; a deleted one by his number', { timeout: 30_000 }, async () => {
    montar('/lotes/30/show');
    expect(await screen.findByTestId('resumen-lote')).toHaveTextContent('Hechas 1.200 · Sin cambios 32 (sin matrícula activa) · Rechazadas 2');
    expect(screen.getByText('Fin del convenio')).toBeInTheDocument();
    expect(await screen.findByText('Guitarra flamenca')).toBeInTheDocument();
    const lucia = screen.getByTestId('rechazo-5');
    expect(await within(lucia).findByRole('link', { name: 'Lucía Fernández Ruiz' })).toBeInTheDocument();
    expect(within(lucia).getByText('La matrícula cambió mientras tanto')).toBeInTheDocument();
    const borrado = screen.getByTestId('rechazo-99');
    expect(within(borrado).getByText('#99')).toBeInTheDocument();
    expect(within(borrado).getByText('El usuario ya no existe')).toBeInTheDocument();
    expect(document.getElementById('react-admin-title')?.textContent).toBe('Lote de matrículas #30');
  });

  it('shows a running lote’s progress and reads it again until it is done', { timeout: 30_000 }, async () => {
    let lecturas = 0;
    const enCurso = { ...lote, accion: 'matricular', motivo: null, estado: 'enCurso', procesados: 500, hechas: 500, saltadas: 0, rechazadas: 0, errores: '[]', terminadoEn: null };
    montar('/lotes/30/show', { 'GET /lotes/30': () => ({ body: lecturas++ < 1 ? enCurso : { ...enCurso, estado: 'terminado', procesados: 1234, hechas: 1234 } }) });
    expect(await screen.findByText('Procesados 500 de 1.234')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Procesados 500 de 1.234' })).toHaveAttribute('aria-valuenow', '41');
    await waitFor(() => expect(screen.getByTestId('resumen-lote')).toHaveTextContent('Hechas 1.234 · Sin cambios 0 (ya matriculados) · Rechazadas 0'), { timeout: 10_000 });
    expect(screen.queryByRole('progressbar', { name: /Procesados/ })).not.toBeInTheDocument();
  });
});
