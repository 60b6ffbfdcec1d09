// Sizes and speeds the Spanish way («12,5 MB», «1,2 MB/s»), as the upload bar shows them.

const UNIDADES = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

const escala = (bytes: number) => {
  let n = Math.max(0, bytes);
  let i = 0;
  while (n >= 1000 && i < UNIDADES.length - 1) {
    n /= 1000;
    i++;
  }
  return { n, unidad: UNIDADES[i] };
};

const formato = (n: number, unit: string) =>
  new Intl.NumberFormat('es-ES', { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: n < 10 ? 1 : 0 }).format(n);

export const formatTamano = (bytes: number) => {
  const { n, unidad } = escala(bytes);
  return formato(n, unidad);
};

export const formatVelocidad = (bytesPorSegundo: number) => {
  const { n, unidad } = escala(bytesPorSegundo);
  return formato(n, `${unidad}-per-second`);
};

export const formatPorcentaje = (parte: number, total: number) =>
  new Intl.NumberFormat('es-ES', { style: 'percent', maximumFractionDigits: 0 }).format(total > 0 ? Math.min(1, parte / total) : 0);
