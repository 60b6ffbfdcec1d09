import {
  BooleanField,
  CreateButton,
  DatagridConfigurable,
  EmailField,
  ExportButton,
  FilterButton,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectColumnsButton,
  SimpleList,
  TextField,
  TextInput,
  TopToolbar,
} from 'react-admin';
import { BorrarSeleccion } from '../common/BorrarSeleccion';
import { filtrosDeFecha } from '../common/DateInputs';
import { DateTimeField } from '../common/DateTimeField';
import { mayusculas } from '../common/mayusculas';
import { ResponsiveList } from '../common/ResponsiveList';
import { nombreCompleto } from './nombreCompleto';

const filters = [
  <SearchInput source="q" alwaysOn key="q" />,
  <NullableBooleanInput source="activo" key="activo" />,
  <TextInput source="pais" key="pais" parse={mayusculas} />,
  ...filtrosDeFecha('createdAt'),
];

// A usuario has more data than a table fits: the administrator picks the columns.
const UsuarioListActions = () => (
  <TopToolbar>
    <SelectColumnsButton />
    <FilterButton />
    <CreateButton />
    <ExportButton />
  </TopToolbar>
);

const UsuarioList = () => (
  <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} actions={<UsuarioListActions />}>
    <ResponsiveList
      omitOnTablet={['ciudad', 'pais', 'createdAt']}
      small={<SimpleList primaryText={nombreCompleto} secondaryText={(r) => r.email} linkType="show" />}
    >
      <DatagridConfigurable bulkActionButtons={<BorrarSeleccion />} rowClick="show" omit={['telefono', 'nif', 'provincia']}>
        <TextField source="nombre" />
        <TextField source="apellidos" />
        <EmailField source="email" />
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
