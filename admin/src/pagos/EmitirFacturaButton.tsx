import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { type RaRecord, useNotify, useRecordContext } from 'react-admin';
import { BotonConfirmado } from '../common/acciones/BotonConfirmado';
import { formatMoney } from '../common/formato/money';
import { useAccion } from '../common/acciones/useAccion';
import { useTextoFactura } from '../facturas/useTextoFactura';

/**
 * «Emitir factura» of a completed pago that has none: the server issues it, paid, for the pago's
 * importe exactly, and links it to the pago, whose page then names it.
 */
export const EmitirFacturaButton = () => {
  const pago = useRecordContext<RaRecord>();
  const texto = useTextoFactura();
  const { run, pendiente } = useAccion();
  const notify = useNotify();
  if (pago?.estado !== 'completado' || pago.facturaId != null) return null;

  const facturar = async () => {
    const factura = await run('pagos', pago, 'facturar');
    if (factura) notify('aula.facturacion.emitida', { type: 'success', messageArgs: { factura: texto(factura) } });
  };

  return (
    <BotonConfirmado
      label="aula.facturacion.emitirFactura"
      titulo="aula.facturacion.emitirFacturaTitulo"
      pregunta="aula.facturacion.emitirFacturaPregunta"
      valores={{ importe: formatMoney(pago.importe, pago.moneda) }}
      icon={<ReceiptLongIcon />}
      onConfirm={facturar}
      pendiente={pendiente}
    />
  );
};
