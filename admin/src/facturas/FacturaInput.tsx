import { AutocompleteInput, ReferenceInput } from 'react-admin';
import { useTextoFactura } from './useTextoFactura';

/** Picks a factura by its «serie-numero»; typing searches serie, concepto and cliente. */
export const FacturaInput = ({ source }: { source: string }) => {
  const texto = useTextoFactura();
  return (
    <ReferenceInput source={source} reference="facturas" sort={{ field: 'fecha', order: 'DESC' }}>
      <AutocompleteInput optionText={texto} />
    </ReferenceInput>
  );
};
