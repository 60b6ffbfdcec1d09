import { EditButton, Labeled, ReferenceField, SelectField, Show, SimpleShowLayout, TextField, TopToolbar } from 'react-admin';
import { choicesDe } from '../common/formato/choices';
import { DateTimeField } from '../common/formato/DateTimeField';
import { MoneyField } from '../common/formato/MoneyField';
import { Historial } from '../common/versiones/Historial';
import { CorreosDe } from '../correos/CorreosDe';
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
      <SelectField source="pasarela" choices={choicesDe('pagos', 'pasarela')} emptyText="aula.pagos.sinPasarela" />
      <ReferenceField source="facturaId" reference="facturas" link="show" />
      <TextField source="notas" />
      <Labeled label="resources.pagos.fields.reembolsos" fullWidth>
        <ReembolsosDelPago />
      </Labeled>
      <CorreosDe target="pagoId" label={false} />
      <DateTimeField source="createdAt" />
      <DateTimeField source="updatedAt" />
      {/* Read only: money is never restored (the registry's `restaurable`). */}
      <Labeled label="aula.secciones.historial" fullWidth>
        <Historial />
      </Labeled>
    </SimpleShowLayout>
  </Show>
);

export default PagoShow;
