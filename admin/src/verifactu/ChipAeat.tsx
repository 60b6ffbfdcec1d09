import { Chip } from '@mui/material';

export type Tono = 'ok' | 'aviso' | 'error' | 'neutro';

/**
 * A state at the AEAT as a chip. Warnings are dark text on the warning colour: white on it is
 * below the contrast a text needs (4.5:1), as axe says.
 */
export const ChipAeat = ({ etiqueta, tono, contorno = false }: { etiqueta: string; tono: Tono; contorno?: boolean }) => (
  <Chip
    size="small"
    label={etiqueta}
    variant={contorno ? 'outlined' : 'filled'}
    color={tono === 'ok' ? 'success' : tono === 'error' ? 'error' : tono === 'aviso' ? 'warning' : 'default'}
    sx={tono === 'aviso' && !contorno ? { color: 'common.black' } : undefined}
  />
);
