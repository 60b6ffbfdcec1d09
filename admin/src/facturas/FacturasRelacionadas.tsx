import { Datagrid, ReferenceManyField, SimpleList, TextField } from 'react-admin';
import { DateTimeField } from '../common/formato/DateTimeField';
import { MoneyField } from '../common/formato/MoneyField';
import { ResponsiveList } from '../common/listas/ResponsiveList';
import type { SinEtiqueta } from '../common/formato/SinEtiqueta';
import { Terciario } from '../common/listas/Terciario';
import { Vacio } from '../common/listas/Vacio';
import { paginada } from '../common/listas/paginada';
import { rutaFactura } from './editable';
import { EstadoFactura } from './EstadoFactura';
import { NumeroFactura } from './NumeroFactura';

interface Props extends SinEtiqueta {
  /** The key that points at the record in context: usuarioId, or rectificaId for its rectificativas. */
  target: string;
  /** Translation key of what an empty list says. */
  vacio: string;
}

/**
 * The facturas that point at the record in context through `target`, newest first; a draft
 * opens on its form, an issued one on its read-only page.
 */
export const FacturasRelacionadas = ({ target, vacio }: Props) => (
  <ReferenceManyField reference="facturas" target={target} sort={{ field: 'fecha', order: 'DESC' }} empty={<Vacio mensaje={vacio} />} {...paginada}>
    <ResponsiveList
      omitOnTablet={['concepto']}
      small={
        <SimpleList
          primaryText={<NumeroFactura />}
          secondaryText={
            <>
              <DateTimeField source="fecha" /> · <EstadoFactura />
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
        <EstadoFactura label="resources.facturas.fields.estado" />
      </Datagrid>
    </ResponsiveList>
  </ReferenceManyField>
);
