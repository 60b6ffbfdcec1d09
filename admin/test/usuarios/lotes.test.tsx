// Bulk enrolments from the usuarios list (docs/arquitectura.md §22), over the real data provider
// and a fake API: «Matricular en un curso» for the rows selected sends their ids; «Revocar a
// todos» sends the list's own filter as a where and says how many it reaches; either way the lote
// is then followed until it is done, and its summary names the refused usuarios.
process.env.TZ = 'Europe/Madrid';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import cursos from '../../src/cursos';
import lotes from '../../src/lotes';
import usuarios from '../../src/usuarios';
import { fakeApi } from '../fetchMock';
import { montarAdmin, porId } from '../montarAdmin';

const lucia = { id: 5, nombre: 'Lucía', apellidos: 'Fernández Ruiz', email: 'lucia@example.com', activo: true, createdAt: '2026-01-10T09:00:00.000Z' };
const pedro = { id: 6, nombre: 'Pedro', apellidos: 'Sanz Gil', email: 'pedro@example.com', activo: true, createdAt: '2026-01-11T09:00:00.000Z' };
const piano = { id: 3, titulo: 'Piano desde cero', precio: 3900, moneda: 'EUR', estado: 'publicado', accesoDias: null };

const lote = { id: 30, accion: 'matricular', cursoId: 3, hasta: null, motivo: null, total: 2, procesados: 0, hechas: 0, saltadas: 0, rechazadas: 0, errores: null, createdAt: '2026-03-05T10:00:00.000Z' };
const terminado = { ...lote, estado: 'terminado', procesados: 2, hechas: 1, rechazadas: 1, errores: JSON.stringify([{ usuarioId: 6, motivo: 'El usuario ya no existe' }]), terminadoEn: '2026-03-05T10:00:02.000Z' };

function montar(path: string, extra: Parameters<typeof fakeApi>[0] = {}) {
  return montarAdmin(path, [usuarios, lotes, cursos], {
    'GET /usuarios': porId([lucia, pedro]),
    'GET /usuarios/count': { body: { count: 2 } },
    'GET /cursos': porId([piano]),
    'GET /cursos/count': { body: { count: 1 } },
    ...extra,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function chooseCurso(dialogo: HTMLElement) {
  fireEvent.change(within(dialogo).getByRole('combobox'), { target: { value: 'Piano' } });
  fireEvent.click(await screen.findByRole('option', { name: 'Piano desde cero' }));
}

describe('«Matricular en un curso» for the selected usuarios', () => {
  it('posts their ids, the curso and no end (what the curso gives), then follows the lote to its summary', { timeout: 30_000 }, async () => {
    // The first reading finds it running; the next ones, done.
    let lecturas = 0;
    const llamadas = montar('/usuarios', {
      'POST /matriculas/lote': { status: 202, body: { ...lote, estado: 'pendiente' } },
      'GET /lotes/30': () => ({ body: lecturas++ === 0 ? { ...lote, estado: 'enCurso', procesados: 1, hechas: 1 } : terminado }),
    });
    await screen.findByText('pedro@example.com');
    // The header's box first, then one per row.
    for (const casilla of screen.getAllByRole('checkbox').slice(1)) fireEvent.click(casilla);
    fireEvent.click(await screen.findByRole('button', { name: 'Matricular en un curso' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Matricular a 2 usuarios en un curso' });
    // Left empty, the end is the curso's, and the dialog says so.
    expect(within(dialogo).getByText(/vacío para dar el acceso que da el curso/)).toBeInTheDocument();
    await chooseCurso(dialogo);
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Matricular en un curso' }));
    await waitFor(() => expect(llamadas.find((l) => l.method === 'POST')).toMatchObject({ url: '/matriculas/lote', body: { accion: 'matricular', cursoId: 3, hasta: null, usuarioIds: [5, 6] } }));

    const seguimiento = await screen.findByRole('dialog', { name: 'Lote de matrículas #30' });
    expect(within(seguimiento).getByText(/Puedes cerrar esta ventana: el lote sigue en segundo plano/)).toBeInTheDocument();
    await waitFor(() => expect(within(seguimiento).getByTestId('resumen-lote')).toHaveTextContent('Hechas 1 · Sin cambios 0 (ya matriculados) · Rechazadas 1'), { timeout: 10_000 });
    const rechazo = within(seguimiento).getByTestId('rechazo-6');
    expect(await within(rechazo).findByText('Pedro Sanz Gil')).toBeInTheDocument();
    expect(within(rechazo).getByText('El usuario ya no existe')).toBeInTheDocument();
    expect(within(seguimiento).queryByText(/Puedes cerrar esta ventana/)).not.toBeInTheDocument();
    // Done: no more readings.
    const leidas = llamadas.filter((l) => l.url === '/lotes/30').length;
    await new Promise((r) => setTimeout(r, 1500));
    expect(llamadas.filter((l) => l.url === '/lotes/30').length).toBe(leidas);
  });
});

describe('«Revocar a todos» the usuarios of the filter', () => {
  it('says how many, and posts the list’s where (as GET /usuarios sends it), the curso and the motivo', { timeout: 30_000 }, async () => {
    const llamadas = montar(`/usuarios?filter=${encodeURIComponent(JSON.stringify({ activo: true, pais: 'ES' }))}`, {
      'GET /usuarios/count': { body: { count: 1234 } },
      'POST /matriculas/lote': { status: 202, body: { ...lote, accion: 'revocar', motivo: 'Fin del convenio', total: 1234, estado: 'pendiente' } },
      'GET /lotes/30': { body: { ...lote, accion: 'revocar', estado: 'terminado', total: 1234, procesados: 1234, hechas: 1200, saltadas: 34, errores: '[]' } },
    });
    await screen.findByText('lucia@example.com');
    const where = (llamadas.find((l) => l.url.startsWith('/usuarios?'))?.query.filter as { where?: unknown }).where;
    expect(where).toEqual({ activo: true, pais: 'ES' });

    fireEvent.click(await screen.findByRole('button', { name: 'Revocar a todos' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Revocar una matrícula a todos los usuarios del filtro' });
    expect(within(dialogo).getByTestId('cuantos-lote')).toHaveTextContent('Se revocará la matrícula a los 1.234 usuarios que cumplen el filtro actual.');
    await chooseCurso(dialogo);
    // The motivo is required.
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Revocar a todos' }));
    const motivo = within(dialogo).getByLabelText(/Motivo/);
    await waitFor(() => expect(motivo).toHaveAttribute('aria-invalid', 'true'));
    expect(llamadas.some((l) => l.method === 'POST')).toBe(false);
    fireEvent.change(motivo, { target: { value: 'Fin del convenio' } });
    // Checked again as it is typed: once valid, it goes.
    await waitFor(() => expect(motivo).toHaveAttribute('aria-invalid', 'false'));
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Revocar a todos' }));
    await waitFor(() => expect(llamadas.find((l) => l.method === 'POST')?.url).toBe('/matriculas/lote'));
    expect(llamadas.find((l) => l.method === 'POST')!.body).toEqual({ accion: 'revocar', cursoId: 3, motivo: 'Fin del convenio', where });

    const seguimiento = await screen.findByRole('dialog', { name: 'Lote de matrículas #30' });
    await waitFor(() => expect(within(seguimiento).getByTestId('resumen-lote')).toHaveTextContent('Hechas 1.200 · Sin cambios 34 (sin matrícula activa) · Rechazadas 0'));
  });
});
