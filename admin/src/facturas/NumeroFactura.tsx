import { Typography } from '@mui/material';
import { type RaRecord, useRecordContext } from 'react-admin';
import { useTextoFactura } from './useTextoFactura';

// label and sortBy are read by Datagrid and the show layouts from the element's props.
interface Props {
  label?: string;
  sortBy?: string;
}

/** The factura in context, named «serie-numero» (also the facturas' recordRepresentation). */
export const NumeroFactura = (_props: Props) => {
  const factura = useRecordContext<RaRecord>();
  const texto = useTextoFactura();
  if (!factura) return null;
  return (
    <Typography component="span" variant="body2">
      {texto(factura)}
    </Typography>
  );
};
