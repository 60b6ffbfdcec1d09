import {
  Datagrid,
  List,
  ReferenceField,
  SearchInput,
  SelectInput,
  SimpleList,
  TextField,
} from 'react-admin';
import { filtrosDeFecha } from '../common/DateInputs';
import { DateTimeField } from '../common/DateTimeField';
import { tipoLogChoices } from '../common/choices';
import { ResponsiveList } from '../common/ResponsiveList';
import { TipoLogField } from './TipoLogField';

const filters = [
  <SearchInput source="q" alwaysOn key="q" />,
  <SelectInput source="tipo" choices={tipoLogChoices} key="tipo" />,
  ...filtrosDeFecha('fecha'),
];

// The activity log is append-only: no bulk actions, nothing to create or edit.
const LogList = () => (
  <List filters={filters} sort={{ field: 'fecha', order: 'DESC' }}>
    <ResponsiveList
      omitOnTablet={['recurso', 'recursoId', 'ip']}
      small={
        <SimpleList
          primaryText={<TipoLogField source="tipo" />}
          secondaryText={<DateTimeField source="fecha" />}
          tertiaryText={(r) => r.datos ?? r.recurso}
          linkType="show"
        />
      }
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateTimeField source="fecha" />
        <TipoLogField source="tipo" />
        <ReferenceField source="loginId" reference="logins" link={false} />
        <TextField source="recurso" />
        <TextField source="recursoId" />
        <TextField source="datos" sortable={false} />
        <TextField source="ip" />
      </Datagrid>
    </ResponsiveList>
  </List>
);

export default LogList;
