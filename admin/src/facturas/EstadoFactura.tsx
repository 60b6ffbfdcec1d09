import { Chip } from '@mui/material';
import { type RaRecord, ReferenceField, useCreatePath, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { EstadoChip, FilaDeChips } from '../common/EstadoChip';
import { useTextoFactura } from './useTextoFactura';

// Issued and owed, settled, cancelled; a draft is not an invoice yet, so it stays grey.
const colores = { emitida: 'info', pagada: 'success', anulada: 'error' } as const;

// label and sortBy are read by Datagrid and the show layouts from the element's props.
interface Props {
  label?: string;
  sortBy?: string;
  /** On the invoice's own page: the «Rectificada» chip leads to its rectificativa. */
  enlace?: boolean;
}

/** «Rectificada: R-3», a link to the rectificativa in context. */
const ChipRectificadaPor = () => {
  const rectificativa = useRecordContext<RaRecord>();
  const translate = useTranslate();
  const texto = useTextoFactura();
  const createPath = useCreatePath();
  if (!rectificativa) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color="warning"
      clickable
      component={Link}
      to={createPath({ resource: 'facturas', id: rectificativa.id, type: 'show' })}
      label={translate('aula.facturacion.chipRectificadaPor', { factura: texto(rectificativa) })}
    />
  );
};

/**
 * A factura's estado as a chip and, once it has a rectificativa (a refund, a correction, a
 * substitute), a «Rectificada» one beside it: «Pagada» alone would hide that it no longer stands
 * as issued. In a list the row already opens the invoice; on its page the chip opens the rectificativa.
 */
export const EstadoFactura = ({ enlace }: Props) => {
  const factura = useRecordContext<RaRecord>();
  const translate = useTranslate();
  const rectificada = factura?.rectificadaPorId != null;
  return (
    <FilaDeChips>
      <EstadoChip recurso="facturas" source="estado" colores={colores} />
      {rectificada &&
        (enlace ? (
          <ReferenceField source="rectificadaPorId" reference="facturas" link={false}>
            <ChipRectificadaPor />
          </ReferenceField>
        ) : (
          <Chip size="small" variant="outlined" color="warning" label={translate('aula.facturacion.chipRectificada')} />
        ))}
    </FilaDeChips>
  );
};
