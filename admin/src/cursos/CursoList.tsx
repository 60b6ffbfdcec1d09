import {
  Datagrid,
  List,
  ReferenceField,
  ReferenceManyCount,
  SearchInput,
  SelectField,
  SelectInput,
  TextField,
} from 'react-admin';
import { BorrarSeleccion } from '../common/BorrarSeleccion';
import { estadoCursoChoices, nivelChoices } from '../common/choices';
import { MoneyField } from '../common/MoneyField';
import { ReferenceAutocomplete } from '../common/ReferenceAutocomplete';
import { ResponsiveList } from '../common/ResponsiveList';
import { CursoSimpleList } from './CursoSimpleList';

const filters = [
  <SearchInput source="q" alwaysOn key="q" />,
  <ReferenceAutocomplete source="categoriaId" reference="categorias" key="categoriaId" />,
  <SelectInput source="estado" choices={estadoCursoChoices} key="estado" />,
  <SelectInput source="nivel" choices={nivelChoices} key="nivel" />,
];

const CursoList = () => (
  <List filters={filters} sort={{ field: 'titulo', order: 'ASC' }}>
    <ResponsiveList omitOnTablet={['nivel']} small={<CursoSimpleList />}>
      <Datagrid bulkActionButtons={<BorrarSeleccion />} rowClick="show">
        <TextField source="titulo" />
        <ReferenceField source="categoriaId" reference="categorias" link={false} />
        <SelectField source="nivel" choices={nivelChoices} />
        <SelectField source="estado" choices={estadoCursoChoices} />
        <MoneyField source="precio" textAlign="right" />
        <ReferenceManyCount label="resources.cursos.fields.clases" reference="clases" target="cursoId" textAlign="right" />
      </Datagrid>
    </ResponsiveList>
  </List>
);

export default CursoList;
