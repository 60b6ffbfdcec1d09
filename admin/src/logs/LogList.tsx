import {
  Datagrid,
  List,
  ReferenceField,
  SelectInput,
  SimpleList,
  TextField,
} from 'react-admin';
import { BuscarInput } from '../common/listas/Buscando';
import { AccionesLista } from '../common/listas/AccionesLista';
import { filtrosDeFecha } from '../common/formularios/DateInputs';
import { DateTimeField } from '../common/formato/DateTimeField';
import { choicesDe } from '../common/formato/choices';
import { ResponsiveList } from '../common/listas/ResponsiveList';
import { DatosLogField } from './DatosLogField';
import { RecursoField } from './RecursoField';
import { TipoLogField } from './TipoLogField';
import { Paginacion } from '../common/listas/Paginacion';

const filters = [
  <BuscarInput source="q" alwaysOn key="q" />,
  <SelectInput source="tipo" choices={choicesDe('logs', 'tipo')} key="tipo" />,
  ...filtrosDeFecha('fecha'),
];

// The activity log is append-only: no bulk actions, nothing to create or edit.
const LogList = () => (
  <List pagination={<Paginacion />} filters={filters} sort={{ field: 'fecha', order: 'DESC' }} actions={<AccionesLista />}>
    <ResponsiveList
      omitOnTablet={['recurso', 'recursoId', 'ip']}
      small={
        <SimpleList
          primaryText={<TipoLogField source="tipo" />}
          secondaryText={<DateTimeField source="fecha" />}
          tertiaryText={(r) => (r.datos ? <DatosLogField source="datos" /> : <RecursoField source="recurso" />)}
          linkType="show"
        />
      }
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateTimeField source="fecha" />
        <TipoLogField source="tipo" />
        <ReferenceField source="loginId" reference="logins" link={false} />
        <RecursoField source="recurso" />
        <TextField source="recursoId" />
        <DatosLogField source="datos" sortable={false} />
        <TextField source="ip" />
      </Datagrid>
    </ResponsiveList>
  </List>
);

export default LogList;
