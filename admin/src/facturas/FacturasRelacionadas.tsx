import { Datagrid, ReferenceManyField, SelectField, SimpleList, TextField } from 'react-admin';
import { estadoFacturaChoices } from '../common/choices';
import { DateTimeField } from '../common/DateTimeField';
import { MoneyField } from '../common/MoneyField';
import { ResponsiveList } from '../common/ResponsiveList';
import type { SinEtiqueta } from '../common/SinEtiqueta';
import { Terciario } from '../common/Terciario';
import { Vacio } from '../common/Vacio';
import { rutaFactura } from '../facturas/editable';
import { NumeroFactura } from '../facturas/NumeroFactura';

export const FacturasDelUsuario = (_props: SinEtiqueta) => (
  <ReferenceManyField
    reference="facturas"
    target="usuarioId"
    sort={{ field: 'fecha', order: 'DESC' }}
    empty={<Vacio mensaje="aula.vacio.facturas" />}
  >
    <ResponsiveList
      omitOnTablet={['concepto']}
      small={
        <SimpleList
          primaryText={<NumeroFactura />}
          secondaryText={
            <>
              <DateTimeField source="fecha" /> · <SelectField source="estado" choices={estadoFacturaChoices} />
            </>
          }
          tertiaryText={<Terciario><MoneyField source="total" /></Terciario>}
          rowClick={rutaFactura}
        />
      }
    >
      <Datagrid rowClick={rutaFactura} bulkActionButtons={false}>
        <NumeroFactura label="resources.facturas.fields.numero" />
        <DateTimeField source="fecha" />
        <TextField source="concepto" />
        <MoneyField source="total" textAlign="right" />
        <SelectField source="estado" choices={estadoFacturaChoices} />
      </Datagrid>
    </ResponsiveList>
  </ReferenceManyField>
);
