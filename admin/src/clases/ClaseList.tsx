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
  SimpleList,
  TextField,
} from 'react-admin';
import { Miniatura, MiniaturaField } from '../archivos/MiniaturaField';
import { Terciario } from '../common/Terciario';
import { BorrarSeleccion } from '../common/BorrarSeleccion';
import { estadoClaseChoices } from '../common/choices';
import { ReferenceAutocomplete } from '../common/ReferenceAutocomplete';
import { ResponsiveList } from '../common/ResponsiveList';
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
    <ResponsiveList
      small={
        <SimpleList
          leftIcon={(r) => <Miniatura ruta={r.miniatura} />}
          primaryText={(r) => r.titulo}
          secondaryText={<ReferenceField source="cursoId" reference="cursos" link={false} />}
          tertiaryText={<Terciario><SelectField source="estado" choices={estadoClaseChoices} /></Terciario>}
          linkType="edit"
        />
      }
    >
      <Datagrid bulkActionButtons={<BorrarSeleccion />} rowClick="edit">
        <MiniaturaField source="miniatura" sortable={false} />
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
