import { Datagrid, ReferenceField, ReferenceManyField, SimpleList, TextField, useTranslate } from 'react-admin';
import { DateTimeField } from '../common/formato/DateTimeField';
import { MoneyField } from '../common/formato/MoneyField';
import { ResponsiveList } from '../common/listas/ResponsiveList';
import type { SinEtiqueta } from '../common/formato/SinEtiqueta';
import { Terciario } from '../common/listas/Terciario';
import { Vacio } from '../common/listas/Vacio';
import { paginada } from '../common/listas/paginada';

// source and sortable are read by Datagrid from the element's props (the column's header).
interface Columna {
  source?: string;
  sortable?: boolean;
}

/** The refund's rectificativa, linked; a refund of a pago without invoice has none. */
const Rectificativa = (_props: Columna) => {
  const translate = useTranslate();
  // A number is not broken across lines: «R-» on one, «162» on the next reads as two things.
  return <ReferenceField source="facturaId" reference="facturas" link="show" emptyText={translate('aula.facturacion.sinFactura')} sx={{ whiteSpace: 'nowrap' }} />;
};

/**
 * The pago's refunds, newest first (GET /pagos/{id}/reembolsos): when, how much, why, who, and
 * the rectificativa each issued. A refund has no page of its own, so a row opens nothing but its link.
 */
export const ReembolsosDelPago = (_props: SinEtiqueta) => (
  <ReferenceManyField reference="reembolsos" target="pagoId" sort={{ field: 'fecha', order: 'DESC' }} empty={<Vacio mensaje="aula.facturacion.sinReembolsos" />} {...paginada}>
    <ResponsiveList
      omitOnTablet={['loginId']}
      small={
        <SimpleList
          primaryText={<DateTimeField source="fecha" />}
          secondaryText={
            <>
              <TextField source="motivo" /> · <Rectificativa />
            </>
          }
          tertiaryText={<Terciario><MoneyField source="importe" /></Terciario>}
          linkType={false}
        />
      }
    >
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <DateTimeField source="fecha" />
        <MoneyField source="importe" textAlign="right" />
        <TextField source="motivo" />
        <Rectificativa source="facturaId" sortable={false} />
        <ReferenceField source="loginId" reference="logins" link={false} />
      </Datagrid>
    </ResponsiveList>
  </ReferenceManyField>
);
