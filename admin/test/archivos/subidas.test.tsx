import { fireEvent, render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { formatPorcentaje, formatTamano, formatVelocidad } from '../../src/archivos/medida';
import { ProgresoSubida } from '../../src/archivos/ProgresoSubida';
import type { EstadoSubida } from '../../src/archivos/useSubida';
import { i18nProvider } from '../../src/providers/i18n';

// Intl separates a number from its unit with a (narrow) no-break space.
const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('sizes and speeds of an upload', () => {
  it('reads the Spanish way', () => {
    expect(plain(formatTamano(300))).toBe('300 B');
    expect(plain(formatTamano(12_500_000))).toBe('13 MB');
    expect(plain(formatTamano(2_400_000_000))).toBe('2,4 GB');
    expect(plain(formatVelocidad(1_250_000))).toBe('1,3 MB/s');
    expect(plain(formatPorcentaje(45, 100))).toBe('45 %');
    expect(plain(formatPorcentaje(0, 0))).toBe('0 %');
  });
});

describe('the upload bar', () => {
  const estado: EstadoSubida = { fase: 'subiendo', nombre: 'clase.mp4', enviados: 45_000_000, total: 100_000_000, velocidad: 5_000_000 };
  const pintar = (e: EstadoSubida, acciones = { onPausar: vi.fn(), onReanudar: vi.fn(), onCancelar: vi.fn() }) => {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <ProgresoSubida estado={e} {...acciones} />
      </AdminContext>,
    );
    return acciones;
  };

  it('shows the percentage, the speed and the time left, and pauses', () => {
    const { onPausar } = pintar(estado);
    expect(screen.getByRole('progressbar', { name: 'Subiendo «clase.mp4»' }).getAttribute('aria-valuenow')).toBe('45');
    expect(plain(screen.getByText(/quedan/).textContent)).toBe('45 % · 5 MB/s · quedan 0:11');
    fireEvent.click(screen.getByRole('button', { name: 'Pausar' }));
    expect(onPausar).toHaveBeenCalled();
  });

  it('offers to resume a paused upload', () => {
    const { onReanudar } = pintar({ ...estado, fase: 'pausada', velocidad: undefined });
    expect(screen.getByText('Subida en pausa')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pausar' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Reanudar' }));
    expect(onReanudar).toHaveBeenCalled();
  });

  it("shows the server's refusal next to the field", () => {
    pintar({ ...estado, fase: 'error', velocidad: undefined, error: 'El fichero no es un vídeo admitido' });
    expect(screen.getByText('El fichero no es un vídeo admitido')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reanudar' })).toBeNull();
  });
});
