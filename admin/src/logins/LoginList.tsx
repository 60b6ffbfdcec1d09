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
  Link,
  useCreatePath,
} from 'react-admin';
import KeyIcon from '@mui/icons-material/Key';
import { BotonAccion } from '../common/acciones/BotonAccion';
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
  const createPath = useCreatePath();
  return (
  <List
    pagination={<Paginacion />}
    filters={filters}
    sort={{ field: 'usuario', order: 'ASC' }}
    actions={
      <AccionesLista>
        {/* The machines' accounts (the shop's API tokens) are managed from here too. */}
        <BotonAccion label="aula.cuenta.logins.tokens" icon={<KeyIcon />} component={Link} to={createPath({ resource: 'tokens', type: 'list' })} />
      </AccionesLista>
    }
  >
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
