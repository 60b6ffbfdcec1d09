import { Chip } from '@mui/material';
import { type RaRecord, ReferenceField, useCreatePath, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { EstadoChip, FilaDeChips } from '../common/formato/EstadoChip';
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

const partible = { height: 'auto', py: 0.25, '& .MuiChip-label': { whiteSpace: 'normal' } };

/** «Rectificada: R-3» (or «Sustituida por R-3»), naming the invoice in context; a link on the invoice's page. */
const ChipFactura = ({ etiqueta, enlace }: { etiqueta: string; enlace?: boolean }) => {
  const rectificativa = useRecordContext<RaRecord>();
  const translate = useTranslate();
  const texto = useTextoFactura();
  const createPath = useCreatePath();
  if (!rectificativa) return null;
  const label = translate(etiqueta, { factura: texto(rectificativa) });
  // In a list it may go on two lines: on a tablet the estado column has no room for «Sustituida por R-161» in one.
  if (!enlace) return <Chip size="small" variant="outlined" color="warning" label={label} sx={partible} />;
  return (
    <Chip
      size="small"
      variant="outlined"
      color="warning"
      clickable
      component={Link}
      to={createPath({ resource: 'facturas', id: rectificativa.id, type: 'show' })}
      label={label}
    />
  );
};

/**
 * A factura's estado as a chip and, once it has a rectificativa (a refund, a correction), a
 * «Rectificada» one beside it: «Pagada» alone would hide that it no longer stands as issued. A
 * replaced invoice is without effect: «Sustituida por R-3» stands instead of its estado. In a
 * list the row already opens the invoice; on its page the chip opens the rectificativa.
 */
export const EstadoFactura = ({ enlace }: Props) => {
  const factura = useRecordContext<RaRecord>();
  const translate = useTranslate();
  if (factura?.sustituidaPorId != null) {
    return (
      <FilaDeChips>
        <ReferenceField source="sustituidaPorId" reference="facturas" link={false}>
          <ChipFactura etiqueta="aula.facturacion.chipSustituidaPor" enlace={enlace} />
        </ReferenceField>
      </FilaDeChips>
    );
  }
  const rectificada = factura?.rectificadaPorId != null;
  return (
    <FilaDeChips>
      <EstadoChip recurso="facturas" source="estado" colores={colores} />
      {rectificada &&
        (enlace ? (
          <ReferenceField source="rectificadaPorId" reference="facturas" link={false}>
            <ChipFactura etiqueta="aula.facturacion.chipRectificadaPor" enlace />
          </ReferenceField>
        ) : (
          <Chip size="small" variant="outlined" color="warning" label={translate('aula.facturacion.chipRectificada')} />
        ))}
    </FilaDeChips>
  );
};
