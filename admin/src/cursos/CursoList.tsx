import {
  Datagrid,
  List,
  ReferenceField,
  ReferenceManyCount,
  SelectField,
  SelectInput,
  TextField,
} from 'react-admin';
import { BuscarInput } from '../common/Buscando';
import { AccionesLista } from '../common/AccionesLista';
import { Miniatura, MiniaturaField } from '../archivos/MiniaturaField';
import { Terciario } from '../common/Terciario';
import { choicesDe } from '../common/choices';
import { MoneyField } from '../common/MoneyField';
import { ReferenceAutocomplete } from '../common/ReferenceAutocomplete';
import { ListaMovil } from '../common/ListaMovil';
import { ResponsiveList } from '../common/ResponsiveList';
import { CursoAccionesMasivas } from './CursoAccionesMasivas';
import { Paginacion } from '../common/Paginacion';
import { useSiEscribe } from '../common/acceso';

const filters = [
  <BuscarInput source="q" alwaysOn key="q" />,
  <ReferenceAutocomplete source="categoriaId" reference="categorias" key="categoriaId" />,
  <SelectInput source="estado" choices={choicesDe('cursos', 'estado')} key="estado" />,
  <SelectInput source="nivel" choices={choicesDe('cursos', 'nivel')} key="nivel" />,
];

const CursoList = () => {
  // Only a role that may change the rows gets their checkboxes and bulk actions.
  const masivas = useSiEscribe(<CursoAccionesMasivas />, 'cursos');
  return (
  <List pagination={<Paginacion />} filters={filters} sort={{ field: 'titulo', order: 'ASC' }} actions={<AccionesLista />}>
    <ResponsiveList
      omitOnTablet={['categoriaId', 'nivel']}
      small={
        <ListaMovil
          label="resources.cursos.fields.titulo"
          sortBy="titulo"
          leftIcon={(r) => <Miniatura ruta={r.foto} />}
          primaryText={(r) => r.titulo}
          secondaryText={<SelectField source="estado" choices={choicesDe('cursos', 'estado')} />}
          tertiaryText={<Terciario><MoneyField source="precio" /></Terciario>}
          rowClick="show"
          bulkActionButtons={masivas}
        />
      }
    >
      <Datagrid bulkActionButtons={masivas} rowClick="show">
        <MiniaturaField source="foto" sortable={false} />
        <TextField source="titulo" />
        <ReferenceField source="categoriaId" reference="categorias" link={false} />
        <SelectField source="nivel" choices={choicesDe('cursos', 'nivel')} />
        <SelectField source="estado" choices={choicesDe('cursos', 'estado')} />
        <MoneyField source="precio" textAlign="right" />
        <ReferenceManyCount label="resources.cursos.fields.clases" reference="clases" target="cursoId" textAlign="right" />
      </Datagrid>
    </ResponsiveList>
  </List>
  );
};

export default CursoList;
