import {
  Datagrid,
  List,
  NumberField,
  ReferenceManyCount,
  SimpleList,
  TextField,
} from 'react-admin';
import { BuscarInput } from '../common/listas/Buscando';
import { AccionesLista } from '../common/listas/AccionesLista';
import { BorrarSeleccion } from '../common/acciones/BorrarSeleccion';
import { ResponsiveList } from '../common/listas/ResponsiveList';
import { Paginacion } from '../common/listas/Paginacion';
import { useSiEscribe } from '../common/secciones/acceso';

const filters = [<BuscarInput source="q" alwaysOn key="q" />];

const CategoriaList = () => {
  // Only a role that may change the rows gets their checkboxes and bulk actions.
  const masivas = useSiEscribe(<BorrarSeleccion />, 'categorias');
  return (
  <List pagination={<Paginacion />} filters={filters} sort={{ field: 'orden', order: 'ASC' }} actions={<AccionesLista />}>
    <ResponsiveList
      small={<SimpleList primaryText={(r) => r.nombre} secondaryText={(r) => r.descripcion} linkType="edit" />}
    >
      <Datagrid bulkActionButtons={masivas} rowClick="edit">
        <TextField source="nombre" />
        <TextField source="descripcion" sortable={false} />
        <NumberField source="orden" />
        <ReferenceManyCount
          label="resources.categorias.fields.cursos"
          reference="cursos"
          target="categoriaId"
          textAlign="right"
        />
      </Datagrid>
    </ResponsiveList>
  </List>
  );
};

export default CategoriaList;
