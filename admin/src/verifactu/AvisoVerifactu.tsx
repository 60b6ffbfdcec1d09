import { Alert, Button, Stack } from '@mui/material';
import { Link, useBasename, useTranslate } from 'react-admin';
import { useEstadoVerifactu } from './estado';

/**
 * On every page, while the remission needs attention: records pending for more than an hour or
 * refused by the AEAT (how many: Orden HAC/1177/2024, art. 16.4 asks that the pending be shown),
 * a message the AEAT refused whole, or production running with the remission off.
 */
export const AvisoVerifactu = () => {
  const { data: e } = useEstadoVerifactu();
  const translate = useTranslate();
  const basename = useBasename();
  if (!e) return null;
  const lineas: string[] = [];
  if (e.avisoDesactivado) lineas.push(translate('aula.verifactu.aviso.desactivada'));
  if (e.modo !== 'desactivado') {
    if (e.bloqueo) lineas.push(translate('aula.verifactu.aviso.bloqueo', { texto: e.bloqueo.texto, smart_count: e.pendientes }));
    else if (e.retrasados) lineas.push(translate('aula.verifactu.aviso.retrasados', { smart_count: e.retrasados, pendientes: e.pendientes }));
    if (e.rechazados) lineas.push(translate('aula.verifactu.aviso.rechazados', { smart_count: e.rechazados }));
  }
  if (!lineas.length) return null;
  return (
    <Alert
      severity="error"
      role="alert"
      sx={{ mt: 1, mx: { xs: 1, sm: 0 }, alignItems: 'center', '& .MuiAlert-message': { overflowWrap: 'anywhere' } }}
      action={
        <Button component={Link} to={`${basename}/verifactu`} color="inherit" size="small" sx={{ whiteSpace: 'nowrap' }}>
          {translate('aula.verifactu.aviso.ver')}
        </Button>
      }
    >
      <Stack spacing={0.5}>
        {lineas.map((l) => (
          <span key={l}>{l}</span>
        ))}
      </Stack>
    </Alert>
  );
};
