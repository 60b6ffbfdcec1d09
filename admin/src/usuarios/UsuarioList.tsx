import {
  BooleanField,
  DatagridConfigurable,
  EmailField,
  List,
  NullableBooleanInput,
  SelectColumnsButton,
  TextField,
  TextInput,
} from 'react-admin';
import { BuscarInput } from '../common/Buscando';
import { AccionesLista } from '../common/AccionesLista';
import { filtrosDeFecha } from '../common/DateInputs';
import { DateTimeField } from '../common/DateTimeField';
import { mayusculas } from '../common/mayusculas';
import { ListaMovil } from '../common/ListaMovil';
import { ResponsiveList } from '../common/ResponsiveList';
import { nombreCompleto } from './nombreCompleto';
import { UsuarioAccionesMasivas } from './UsuarioAccionesMasivas';
import { Paginacion } from '../common/Paginacion';

const filters = [
  <BuscarInput source="q" alwaysOn key="q" />,
  <NullableBooleanInput source="activo" key="activo" />,
  <TextInput source="pais" key="pais" parse={mayusculas} />,
  ...filtrosDeFecha('createdAt'),
];

// A usuario has more data than a table fits: the administrator picks the columns.
const UsuarioListActions = () => (
  <AccionesLista>
    <SelectColumnsButton />
  </AccionesLista>
);

const UsuarioList = () => (
  <List pagination={<Paginacion />} filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} actions={<UsuarioListActions />}>
    <ResponsiveList
      omitOnTablet={['ciudad', 'pais', 'createdAt']}
      small={
        <ListaMovil
          label="resources.usuarios.fields.nombre"
          sortBy="nombre"
          primaryText={nombreCompleto}
          secondaryText={(r) => r.email}
          rowClick="show"
          bulkActionButtons={<UsuarioAccionesMasivas />}
        />
      }
    >
      <DatagridConfigurable bulkActionButtons={<UsuarioAccionesMasivas />} rowClick="show" omit={['telefono', 'nif', 'provincia']}>
        <TextField source="nombre" />
        <TextField source="apellidos" />
        {/* An address may break anywhere: unbroken, the longest one pushed «Activo» out of a tablet's table. */}
        <EmailField source="email" sx={{ overflowWrap: 'anywhere' }} />
        <TextField source="telefono" />
        <TextField source="nif" />
        <TextField source="ciudad" />
        <TextField source="provincia" />
        <TextField source="pais" />
        <BooleanField source="activo" />
        <DateTimeField source="createdAt" />
      </DatagridConfigurable>
    </ResponsiveList>
  </List>
);

export default UsuarioList;
