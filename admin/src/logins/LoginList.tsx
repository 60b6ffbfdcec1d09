import {
  BooleanField,
  Datagrid,
  EmailField,
  List,
  NullableBooleanInput,
  SelectField,
  SelectInput,
  SimpleList,
  TextField,
} from 'react-admin';
import { BuscarInput } from '../common/listas/Buscando';
import { choicesDe } from '../common/formato/choices';
import { AccionesLista } from '../common/listas/AccionesLista';
import { BorrarSeleccion } from '../common/acciones/BorrarSeleccion';
import { DateTimeField } from '../common/formato/DateTimeField';
import { ResponsiveList } from '../common/listas/ResponsiveList';
import { Paginacion } from '../common/listas/Paginacion';
import { useSiEscribe } from '../common/secciones/acceso';

const filters = [
  <BuscarInput source="q" alwaysOn key="q" />,
  <NullableBooleanInput source="activo" key="activo" />,
  <SelectInput source="rol" choices={choicesDe('logins', 'rol')} key="rol" />,
];

const LoginList = () => {
  // Only a role that may change the rows gets their checkboxes and bulk actions.
  const masivas = useSiEscribe(<BorrarSeleccion />, 'logins');
  return (
  <List pagination={<Paginacion />} filters={filters} sort={{ field: 'usuario', order: 'ASC' }} actions={<AccionesLista />}>
    <ResponsiveList
      omitOnTablet={['email', 'ultimoAcceso']}
      small={<SimpleList primaryText={(r) => r.usuario} secondaryText={(r) => r.nombre} linkType="edit" />}
    >
      <Datagrid bulkActionButtons={masivas} rowClick="edit">
        <TextField source="usuario" />
        <TextField source="nombre" />
        <SelectField source="rol" choices={choicesDe('logins', 'rol')} />
        <EmailField source="email" />
        <BooleanField source="activo" />
        <DateTimeField source="ultimoAcceso" />
      </Datagrid>
    </ResponsiveList>
  </List>
  );
};

export default LoginList;
