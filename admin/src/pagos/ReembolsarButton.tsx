import UndoIcon from '@mui/icons-material/Undo';
import { type RaRecord, useNotify, useRecordContext, useRefresh, useUpdate } from 'react-admin';
import { BotonConfirmado } from '../common/BotonConfirmado';
import { formatMoney } from '../common/money';
import { motivo } from '../providers/http';

/**
 * «Reembolsar» a completed pago: the server dates the refund and, if the pago's invoice is
 * issued, issues its rectificativa in the same transaction. Shown done only once saved.
 */
export const ReembolsarButton = () => {
  const pago = useRecordContext<RaRecord>();
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();
  if (pago?.estado !== 'completado') return null;

  const reembolsar = () =>
    update(
      'pagos',
      { id: pago.id, data: { estado: 'reembolsado' }, previousData: pago },
      {
        mutationMode: 'pessimistic',
        returnPromise: true,
        onSuccess: () => notify('aula.facturacion.reembolsado', { type: 'success' }),
        onError: (error) => notify(motivo(error), { type: 'error' }),
        // The pago's factura may have a new rectificativa: whatever the page shows is read again.
        onSettled: () => refresh(),
      },
    ).catch(() => undefined);

  return (
    <BotonConfirmado
      label="aula.facturacion.reembolsar"
      titulo="aula.facturacion.reembolsarTitulo"
      pregunta="aula.facturacion.reembolsarPregunta"
      valores={{ importe: formatMoney(pago.importe, pago.moneda) }}
      icon={<UndoIcon />}
      color="warning"
      onConfirm={reembolsar}
      pendiente={isPending}
    />
  );
};
