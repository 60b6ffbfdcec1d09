import { Box, Button, FormHelperText, LinearProgress, Stack, Typography } from '@mui/material';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslate } from 'react-admin';
import { formatDuracion } from '../clases/duracion';
import { formatPorcentaje, formatVelocidad } from './medida';
import type { EstadoSubida } from './useSubida';

interface ProgresoSubidaProps {
  estado: EstadoSubida;
  onPausar: () => void;
  onReanudar: () => void;
  onCancelar: () => void;
}

const TITULO: Record<EstadoSubida['fase'], string> = {
  subiendo: 'aula.subida.subiendo',
  pausada: 'aula.subida.pausada',
  sinConexion: 'aula.subida.sinConexion',
  subida: 'aula.subida.subido',
  error: 'aula.subida.subiendo',
};

/** The bar of an upload with its percentage, speed and time left, and its pause/resume buttons. */
export const ProgresoSubida = ({ estado, onPausar, onReanudar, onCancelar }: ProgresoSubidaProps) => {
  const translate = useTranslate();
  const { fase, enviados, total, velocidad } = estado;
  const porcentaje = formatPorcentaje(enviados, total);
  const detalle =
    velocidad && fase === 'subiendo'
      ? translate('aula.subida.progreso', {
          porcentaje,
          velocidad: formatVelocidad(velocidad),
          restante: formatDuracion((total - enviados) / velocidad),
        })
      : translate('aula.subida.progresoSinVelocidad', { porcentaje });
  const activa = fase === 'subiendo' || fase === 'pausada' || fase === 'sinConexion';
  return (
    <Box>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {translate(TITULO[fase], { nombre: estado.nombre })}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={total > 0 ? Math.min(100, (enviados / total) * 100) : 0}
        color={fase === 'error' ? 'error' : 'primary'}
        aria-label={translate(TITULO[fase], { nombre: estado.nombre })}
        sx={{ my: 0.5, height: 8, borderRadius: 1 }}
      />
      <Stack direction="row" alignItems="center" flexWrap="wrap" columnGap={1}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {detalle}
        </Typography>
        {fase === 'subiendo' && (
          <Button size="small" startIcon={<PauseIcon />} onClick={onPausar}>
            {translate('aula.subida.pausar')}
          </Button>
        )}
        {(fase === 'pausada' || fase === 'sinConexion') && (
          <Button size="small" startIcon={<PlayArrowIcon />} onClick={onReanudar}>
            {translate('aula.subida.reanudar')}
          </Button>
        )}
        {activa && (
          <Button size="small" color="inherit" startIcon={<CloseIcon />} onClick={onCancelar}>
            {translate('aula.subida.cancelar')}
          </Button>
        )}
      </Stack>
      {estado.error && <FormHelperText error>{estado.error}</FormHelperText>}
    </Box>
  );
};
