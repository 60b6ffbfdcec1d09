import SendIcon from '@mui/icons-material/Send';
import { type RaRecord, useNotify, useRecordContext, useRedirect } from 'react-admin';
import { BotonConfirmado } from '../common/acciones/BotonConfirmado';
import { useAccion } from '../common/acciones/useAccion';
import { useTextoFactura } from './useTextoFactura';

/**
 * «Emitir» on a borrador: gives it its number, fixes it and writes its VeriFactu record, after a
 * confirmation that says it cannot be undone. Then its read-only page, with its number.
 */
export const EmitirButton = () => {
  const factura = useRecordContext<RaRecord>();
  const texto = useTextoFactura();
  const { run, pendiente } = useAccion();
  const notify = useNotify();
  const redirect = useRedirect();
  if (factura?.estado !== 'borrador') return null;

  const emitir = async () => {
    const emitida = await run('facturas', factura, 'emitir');
    if (!emitida) return;
    notify('aula.facturacion.emitida', { type: 'success', messageArgs: { factura: texto(emitida) } });
    redirect('show', 'facturas', factura.id);
  };

  return (
    <BotonConfirmado
      label="aula.facturacion.emitir"
      titulo="aula.facturacion.emitirTitulo"
      pregunta="aula.facturacion.emitirPregunta"
      valores={{ factura: texto(factura) }}
      icon={<SendIcon />}
      onConfirm={emitir}
      pendiente={pendiente}
    />
  );
};
