import {
  Datagrid,
  List,
  ReferenceField,
  ReferenceManyCount,
  SearchInput,
  SelectField,
  SelectInput,
  SimpleList,
  TextField,
} from 'react-admin';
import { Miniatura, MiniaturaField } from '../archivos/MiniaturaField';
import { Terciario } from '../common/Terciario';
import { BorrarSeleccion } from '../common/BorrarSeleccion';
import { estadoCursoChoices, nivelChoices } from '../common/choices';
import { MoneyField } from '../common/MoneyField';
import { ReferenceAutocomplete } from '../common/ReferenceAutocomplete';
import { ResponsiveList } from '../common/ResponsiveList';

const filters = [
  <SearchInput source="q" alwaysOn key="q" />,
  <ReferenceAutocomplete source="categoriaId" reference="categorias" key="categoriaId" />,
  <SelectInput source="estado" choices={estadoCursoChoices} key="estado" />,
  <SelectInput source="nivel" choices={nivelChoices} key="nivel" />,
];

const CursoList = () => (
  <List filters={filters} sort={{ field: 'titulo', order: 'ASC' }}>
    <ResponsiveList
      small={
        <SimpleList
          leftIcon={(r) => <Miniatura ruta={r.foto} />}
          primaryText={(r) => r.titulo}
          secondaryText={<SelectField source="estado" choices={estadoCursoChoices} />}
          tertiaryText={<Terciario><MoneyField source="precio" /></Terciario>}
          linkType="show"
        />
      }
    >
      <Datagrid bulkActionButtons={<BorrarSeleccion />} rowClick="show">
        <MiniaturaField source="foto" sortable={false} />
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
