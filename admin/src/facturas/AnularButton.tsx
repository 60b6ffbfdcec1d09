import BlockIcon from '@mui/icons-material/Block';
import { type RaRecord, useNotify, useRecordContext } from 'react-admin';
import { BotonConfirmado } from '../common/acciones/BotonConfirmado';
import { useAccion } from '../common/acciones/useAccion';
import { emitida } from './editable';
import { useTextoFactura } from './useTextoFactura';

/** «Anular», for an invoice issued by mistake: it asks first and says a correction is a rectificativa. */
export const AnularButton = () => {
  const factura = useRecordContext<RaRecord>();
  const texto = useTextoFactura();
  const { run, pendiente } = useAccion();
  const notify = useNotify();
  // A replaced invoice is without effect already (and has its substitute): nothing to anular.
  if (!emitida(factura) || factura?.sustituidaPorId != null) return null;

  const anular = async () => {
    if (await run('facturas', factura!, 'anular')) {
      notify('aula.facturacion.anulada', { type: 'success', messageArgs: { factura: texto(factura!) } });
    }
  };

  return (
    <BotonConfirmado
      label="aula.facturacion.anular"
      titulo="aula.facturacion.anularTitulo"
      pregunta="aula.facturacion.anularPregunta"
      valores={{ factura: texto(factura!) }}
      icon={<BlockIcon />}
      color="warning"
      onConfirm={anular}
      pendiente={pendiente}
    />
  );
};
