import { BooleanField, EditButton, Labeled, SelectField, Show, SimpleShowLayout, TextField, TopToolbar } from 'react-admin';
import { choicesDe } from '../common/formato/choices';
import { DateTimeField } from '../common/formato/DateTimeField';
import { Historial } from '../common/versiones/Historial';
import { AmbitoCupon, UsosCupon, ValorCupon } from './campos';
import { CanjesDelCupon } from './CanjesDelCupon';

const Acciones = () => (
  <TopToolbar sx={{ flexWrap: 'wrap' }}>
    <EditButton />
  </TopToolbar>
);

const CuponShow = () => (
  <Show actions={<Acciones />}>
    <SimpleShowLayout>
      <TextField source="codigo" />
      <SelectField source="tipo" choices={choicesDe('cupones', 'tipo')} />
      <ValorCupon source="valor" />
      <AmbitoCupon source="ambito" link="show" />
      <DateTimeField source="desde" emptyText="aula.cupones.sinInicio" />
      <DateTimeField source="hasta" emptyText="aula.cupones.sinFin" />
      <UsosCupon source="usos" />
      <TextField source="maxUsosPorUsuario" />
      <BooleanField source="activo" />
      <TextField source="descripcion" />
      <TextField source="lote" />
      <DateTimeField source="createdAt" />
      <Labeled label="aula.cupones.canjes" fullWidth>
        <CanjesDelCupon />
      </Labeled>
      <Labeled label="aula.secciones.historial" fullWidth>
        <Historial />
      </Labeled>
    </SimpleShowLayout>
  </Show>
);

export default CuponShow;
