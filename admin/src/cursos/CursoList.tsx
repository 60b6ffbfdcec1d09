import {
  Datagrid,
  List,
  ReferenceField,
  ReferenceManyCount,
  SelectField,
  SelectInput,
  TextField,
} from 'react-admin';
import { BuscarInput } from '../common/listas/Buscando';
import { AccionesLista } from '../common/listas/AccionesLista';
import { Miniatura, MiniaturaField } from '../archivos/MiniaturaField';
import { Terciario } from '../common/listas/Terciario';
import { choicesDe } from '../common/formato/choices';
import { MoneyField } from '../common/formato/MoneyField';
import { ReferenceAutocomplete } from '../common/formularios/ReferenceAutocomplete';
import { ListaMovil } from '../common/listas/ListaMovil';
import { ResponsiveList } from '../common/listas/ResponsiveList';
import { CursoAccionesMasivas } from './CursoAccionesMasivas';
import { Paginacion } from '../common/listas/Paginacion';
import { useSiEscribe } from '../common/secciones/acceso';

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
