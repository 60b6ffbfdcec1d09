import { ReferenceField, SelectField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { estadoPagoChoices, metodoChoices } from '../common/choices';
import { DateTimeField } from '../common/DateTimeField';
import { MoneyField } from '../common/MoneyField';

const PagoShow = () => (
  <Show>
    <SimpleShowLayout>
      <DateTimeField source="fecha" />
      <ReferenceField source="usuarioId" reference="usuarios" link="show" />
      <ReferenceField source="cursoId" reference="cursos" link="show" />
      <MoneyField source="importe" />
      <SelectField source="metodo" choices={metodoChoices} />
      <SelectField source="estado" choices={estadoPagoChoices} />
      <TextField source="referencia" />
      <ReferenceField source="facturaId" reference="facturas" link="show" />
      <TextField source="notas" />
      <DateTimeField source="createdAt" />
      <DateTimeField source="updatedAt" />
    </SimpleShowLayout>
  </Show>
);

export default PagoShow;
