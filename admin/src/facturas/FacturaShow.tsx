import {
  EditButton,
  Labeled,
  ReferenceField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { estadoFacturaChoices } from '../common/choices';
import { DateTimeField } from '../common/DateTimeField';
import { PagosRelacionados } from '../pagos/PagosRelacionados';
import { esEditable } from './editable';
import { NumeroFactura } from './NumeroFactura';
import { TituloFactura } from './TituloFactura';
import { Totales } from './Totales';

const FacturaShowActions = () => {
  const factura = useRecordContext();
  return <TopToolbar>{esEditable(factura) && <EditButton />}</TopToolbar>;
};

const FacturaShow = () => (
  <Show actions={<FacturaShowActions />} title={<TituloFactura />}>
    <SimpleShowLayout>
      <NumeroFactura label="resources.facturas.fields.numero" />
      <DateTimeField source="fecha" />
      <SelectField source="estado" choices={estadoFacturaChoices} />
      <ReferenceField source="usuarioId" reference="usuarios" link="show" />
      <TextField source="clienteNombre" />
      <TextField source="clienteNif" />
      <TextField source="clienteDireccion" />
      <TextField source="concepto" />
      <Labeled label="aula.secciones.totales" fullWidth>
        <Totales />
      </Labeled>
      <ReferenceField source="rectificaId" reference="facturas" link="show" />
      <Labeled label="aula.secciones.pagos" fullWidth>
        <PagosRelacionados target="facturaId" />
      </Labeled>
    </SimpleShowLayout>
  </Show>
);

export default FacturaShow;
