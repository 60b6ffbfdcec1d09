// «Reprocesar» on a refused notification: once the contable has mended what refused it (the
// shop's pago opened late, its amount corrected), the event is applied again as the gateway
// signed it (POST /notificaciones/{id}/reprocesar), and the notification says what came of it.
import ReplayIcon from '@mui/icons-material/Replay';
import { Button, type RaRecord, useNotify, useRecordContext } from 'react-admin';
import { useAccion } from '../common/acciones/useAccion';

export const ReprocesarBoton = () => {
  const notificacion = useRecordContext<RaRecord>();
  const { run, pendiente } = useAccion();
  const notify = useNotify();
  if (notificacion?.estado !== 'rechazada') return null;

  const reprocess = async (evento: React.MouseEvent) => {
    evento.stopPropagation();
    const resultado = await run('notificaciones', notificacion.id, 'reprocesar', {});
    if (resultado) notify(String(resultado.motivo), { type: resultado.estado === 'procesada' ? 'success' : 'warning' });
  };

  return <Button label="aula.cobros.reprocesar" onClick={reprocess} disabled={pendiente} startIcon={<ReplayIcon />} size="small" />;
};
