// «Reprocesar» on a refused notification: once the contable has mended what refused it (the
// shop's pago opened late, its amount corrected), the event is applied again as the gateway
// signed it (POST /notificaciones/{id}/reprocesar), and the notification says what came of it.
import ReplayIcon from '@mui/icons-material/Replay';
import { Button } from '@mui/material';
import { type RaRecord, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { useAccion } from '../common/acciones/useAccion';

export const ReprocesarBoton = () => {
  const notificacion = useRecordContext<RaRecord>();
  const { run, pendiente } = useAccion();
  const notify = useNotify();
  const translate = useTranslate();
  if (notificacion?.estado !== 'rechazada') return null;

  const reprocess = async (evento: React.MouseEvent) => {
    evento.stopPropagation();
    const resultado = await run('notificaciones', notificacion.id, 'reprocesar', {});
    if (resultado) notify(String(resultado.motivo), { type: resultado.estado === 'procesada' ? 'success' : 'warning' });
  };

  // MUI's button, not react-admin's: on a phone react-admin's shows only its icon, and what it does would not be said.
  return (
    <Button onClick={reprocess} disabled={pendiente} startIcon={<ReplayIcon />} size="small">
      {translate('aula.cobros.reprocesar')}
    </Button>
  );
};
