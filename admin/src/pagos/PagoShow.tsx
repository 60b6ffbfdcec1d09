import { EditButton, Labeled, ReferenceField, SelectField, Show, SimpleShowLayout, TextField, TopToolbar } from 'react-admin';
import { choicesDe } from '../common/choices';
import { DateTimeField } from '../common/DateTimeField';
import { MoneyField } from '../common/MoneyField';
import { EmitirFacturaButton } from './EmitirFacturaButton';
import { EstadoPago } from './EstadoPago';
import { ReembolsarButton } from './ReembolsarButton';
import { ReembolsosDelPago } from './ReembolsosDelPago';

const PagoShowActions = () => (
  <TopToolbar sx={{ flexWrap: 'wrap' }}>
    <EditButton />
    <EmitirFacturaButton />
    <ReembolsarButton />
  </TopToolbar>
);

const PagoShow = () => (
  <Show actions={<PagoShowActions />}>
    <SimpleShowLayout>
      <DateTimeField source="fecha" />
      <ReferenceField source="usuarioId" reference="usuarios" link="show" />
      <ReferenceField source="cursoId" reference="cursos" link="show" />
      <MoneyField source="importe" />
      <SelectField source="metodo" choices={choicesDe('pagos', 'metodo')} />
      <EstadoPago label="resources.pagos.fields.estado" />
      <MoneyField source="importeReembolsado" />
      <DateTimeField source="fechaReembolso" />
      <TextField source="referencia" />
      <ReferenceField source="facturaId" reference="facturas" link="show" />
      <TextField source="notas" />
      <Labeled label="resources.pagos.fields.reembolsos" fullWidth>
        <ReembolsosDelPago />
      </Labeled>
      <DateTimeField source="createdAt" />
      <DateTimeField source="updatedAt" />
    </SimpleShowLayout>
  </Show>
);

export default PagoShow;
