import {
  BooleanField,
  Datagrid,
  List,
  NullableBooleanInput,
  NumberField,
  ReferenceField,
  SelectField,
  SelectInput,
  TextField,
} from 'react-admin';
import { BuscarInput } from '../common/listas/Buscando';
import { AccionesLista } from '../common/listas/AccionesLista';
import { Miniatura, MiniaturaField } from '../archivos/MiniaturaField';
import { Terciario } from '../common/listas/Terciario';
import { choicesDe } from '../common/formato/choices';
import { ReferenceAutocomplete } from '../common/formularios/ReferenceAutocomplete';
import { ListaMovil } from '../common/listas/ListaMovil';
import { ResponsiveList } from '../common/listas/ResponsiveList';
import { ClaseAccionesMasivas } from './ClaseAccionesMasivas';
import { DuracionField } from './DuracionField';
import { Paginacion } from '../common/listas/Paginacion';
import { useSiEscribe } from '../common/secciones/acceso';

const filters = [
  <BuscarInput source="q" alwaysOn key="q" />,
  <ReferenceAutocomplete source="cursoId" reference="cursos" alwaysOn key="cursoId" />,
  <SelectInput source="estado" choices={choicesDe('clases', 'estado')} key="estado" />,
  <NullableBooleanInput source="gratuita" key="gratuita" />,
  <ReferenceAutocomplete source="usuarioId" reference="usuarios" key="usuarioId" />,
];

// Grouped by curso, each curso's clases in the order students take them.
const porCursoYOrden = { field: 'cursoId,orden', order: 'ASC' as const };

const ClaseList = () => {
  // Only a role that may change the rows gets their checkboxes and bulk actions.
  const masivas = useSiEscribe(<ClaseAccionesMasivas />, 'clases');
  return (
  <List pagination={<Paginacion />} filters={filters} sort={porCursoYOrden} actions={<AccionesLista />}>
    <ResponsiveList
      omitOnTablet={['duracion', 'gratuita', 'usuarioId']}
      small={
        <ListaMovil
          label="resources.clases.fields.titulo"
          sortBy="titulo"
          leftIcon={(r) => <Miniatura ruta={r.miniatura} />}
          primaryText={(r) => r.titulo}
          secondaryText={<ReferenceField source="cursoId" reference="cursos" link={false} />}
          tertiaryText={<Terciario><SelectField source="estado" choices={choicesDe('clases', 'estado')} /></Terciario>}
          rowClick="edit"
          bulkActionButtons={masivas}
        />
      }
    >
      <Datagrid bulkActionButtons={masivas} rowClick="edit">
        <MiniaturaField source="miniatura" sortable={false} />
        <ReferenceField source="cursoId" reference="cursos" link="show" />
        <NumberField source="orden" />
        <TextField source="titulo" />
        <DuracionField source="duracion" />
        <BooleanField source="gratuita" />
        <SelectField source="estado" choices={choicesDe('clases', 'estado')} />
        <ReferenceField source="usuarioId" reference="usuarios" link="show" />
      </Datagrid>
    </ResponsiveList>
  </List>
  );
};

export default ClaseList;
