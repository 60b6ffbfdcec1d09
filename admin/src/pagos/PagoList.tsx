import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import {
  Datagrid,
  List,
  ReferenceField,
  SelectField,
  SelectInput,
  SimpleList,
  TextField,
  Link,
  useCreatePath,
} from 'react-admin';
import { BuscarInput } from '../common/listas/Buscando';
import { AccionesLista } from '../common/listas/AccionesLista';
import { Terciario } from '../common/listas/Terciario';
import { BorrarSeleccion } from '../common/acciones/BorrarSeleccion';
import { esBorrable } from './borrable';
import { choicesDe } from '../common/formato/choices';
import { EstadoPago } from './EstadoPago';
import { filtrosDeFecha } from '../common/formularios/DateInputs';
import { DateTimeField } from '../common/formato/DateTimeField';
import { MoneyField } from '../common/formato/MoneyField';
import { ReferenceAutocomplete } from '../common/formularios/ReferenceAutocomplete';
import { ResponsiveList } from '../common/listas/ResponsiveList';
import { Paginacion } from '../common/listas/Paginacion';
import { useSiEscribe } from '../common/secciones/acceso';
import { BotonAccion } from '../common/acciones/BotonAccion';

const filters = [
  <BuscarInput source="q" alwaysOn key="q" />,
  <SelectInput source="estado" choices={choicesDe('pagos', 'estado')} key="estado" />,
  <SelectInput source="metodo" choices={choicesDe('pagos', 'metodo')} key="metodo" />,
  <ReferenceAutocomplete source="usuarioId" reference="usuarios" key="usuarioId" />,
  <ReferenceAutocomplete source="cursoId" reference="cursos" key="cursoId" />,
  ...filtrosDeFecha('fecha'),
];

const PagoList = () => {
  // Only a role that may change the rows gets their checkboxes and bulk actions.
  const masivas = useSiEscribe(<BorrarSeleccion />, 'pagos');
  const createPath = useCreatePath();
  return (
  <List
    pagination={<Paginacion />}
    filters={filters}
    sort={{ field: 'fecha', order: 'DESC' }}
    actions={
      <AccionesLista>
        {/* The bank statements that prove the transfers (docs/arquitectura.md §21) are reached from here. */}
        <BotonAccion label="aula.extractos.titulo" icon={<AccountBalanceIcon />} component={Link} to={createPath({ resource: 'extractos', type: 'list' })} />
      </AccionesLista>
    }
  >
    <ResponsiveList
      omitOnTablet={['cursoId', 'metodo', 'referencia']}
      small={
        <SimpleList
          primaryText={<ReferenceField source="usuarioId" reference="usuarios" link={false} />}
          secondaryText={
            // «24/11/2026 10:30 · Completado · Bizum»: what an administrator scans a payment for.
            <>
              <DateTimeField source="fecha" /> · <SelectField source="estado" choices={choicesDe('pagos', 'estado')} /> ·{' '}
              <SelectField source="metodo" choices={choicesDe('pagos', 'metodo')} />
            </>
          }
          tertiaryText={<Terciario><MoneyField source="importe" /></Terciario>}
          linkType="show"
        />
      }
    >
      {/* «Borrar» is the only bulk action: a collected or invoiced pago, which the API never deletes, cannot be chosen (its form says why). */}
      <Datagrid bulkActionButtons={masivas} rowClick="show" isRowSelectable={esBorrable}>
        <DateTimeField source="fecha" />
        <ReferenceField source="usuarioId" reference="usuarios" link="show" />
        <ReferenceField source="cursoId" reference="cursos" link="show" />
        <MoneyField source="importe" textAlign="right" />
        <SelectField source="metodo" choices={choicesDe('pagos', 'metodo')} />
        <EstadoPago label="resources.pagos.fields.estado" sortBy="estado" />
        <TextField source="referencia" />
      </Datagrid>
    </ResponsiveList>
  </List>
  );
};

export default PagoList;
