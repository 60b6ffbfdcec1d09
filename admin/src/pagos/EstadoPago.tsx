import { Chip } from '@mui/material';
import { type RaRecord, useRecordContext, useTranslate } from 'react-admin';
import { EstadoChip, FilaDeChips } from '../common/formato/EstadoChip';

// Money received, money that did not arrive, money given back; a pendiente one stays grey.
const colores = { completado: 'success', fallido: 'error', reembolsado: 'warning' } as const;

// label and sortBy are read by Datagrid and the show layouts from the element's props.
interface Props {
  label?: string;
  sortBy?: string;
}

/**
 * A pago's estado as a chip; a completed one that has given part of its money back says so
 * beside it (it stays completado until nothing is left to refund), and a disputed one stands out.
 */
export const EstadoPago = (_props: Props) => {
  const pago = useRecordContext<RaRecord>();
  const translate = useTranslate();
  const enParte = pago?.estado === 'completado' && Number(pago.importeReembolsado ?? 0) > 0;
  return (
    <FilaDeChips>
      <EstadoChip recurso="pagos" source="estado" colores={colores} />
      {enParte && <Chip size="small" variant="outlined" color="warning" label={translate('aula.facturacion.reembolsadoEnParte')} />}
      {/* The customer disputed the charge with their bank: the contable must answer it at the gateway. */}
      {pago?.enDisputa === true && <Chip size="small" color="error" label={translate('resources.pagos.fields.enDisputa')} />}
    </FilaDeChips>
  );
};
