import { type RaRecord, useGetResourceLabel, useRecordContext } from 'react-admin';
import { useTextoFactura } from './useTextoFactura';

/** «Factura A-3», the title of a factura's pages: its label and its name, as its definition declares. */
export const TituloFactura = () => {
  const factura = useRecordContext<RaRecord>();
  const texto = useTextoFactura();
  const nombre = useGetResourceLabel()('facturas', 1);
  return factura ? <span>{`${nombre} ${texto(factura)}`}</span> : null;
};
