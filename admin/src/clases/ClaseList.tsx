import {
  BooleanField,
  Datagrid,
  List,
  NullableBooleanInput,
  NumberField,
  ReferenceField,
  SearchInput,
  SelectField,
  SelectInput,
  TextField,
} from 'react-admin';
import { BorrarSeleccion } from '../common/BorrarSeleccion';
import { estadoClaseChoices } from '../common/choices';
import { ReferenceAutocomplete } from '../common/ReferenceAutocomplete';
import { ResponsiveList } from '../common/ResponsiveList';
import { ClaseSimpleList } from './ClaseSimpleList';
import { DuracionField } from './DuracionField';

const filters = [
  <SearchInput source="q" alwaysOn key="q" />,
  <ReferenceAutocomplete source="cursoId" reference="cursos" alwaysOn key="cursoId" />,
  <SelectInput source="estado" choices={estadoClaseChoices} key="estado" />,
  <NullableBooleanInput source="gratuita" key="gratuita" />,
  <ReferenceAutocomplete source="usuarioId" reference="usuarios" key="usuarioId" />,
];

// Grouped by curso, each curso's clases in the order students take them.
const porCursoYOrden = { field: 'cursoId,orden', order: 'ASC' as const };

const ClaseList = () => (
  <List filters={filters} sort={porCursoYOrden}>
    <ResponsiveList omitOnTablet={['duracion', 'gratuita', 'usuarioId']} small={<ClaseSimpleList />}>
      <Datagrid bulkActionButtons={<BorrarSeleccion />} rowClick="edit">
        <ReferenceField source="cursoId" reference="cursos" link="show" />
        <NumberField source="orden" />
        <TextField source="titulo" />
        <DuracionField source="duracion" />
        <BooleanField source="gratuita" />
        <SelectField source="estado" choices={estadoClaseChoices} />
        <ReferenceField source="usuarioId" reference="usuarios" link="show" />
      </Datagrid>
    </ResponsiveList>
  </List>
);

export default ClaseList;
