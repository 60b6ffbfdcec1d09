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
import { BuscarInput } from '../common/listas/Buscando';
import { AccionesLista } from '../common/listas/AccionesLista';
import { filtrosDeFecha } from '../common/formularios/DateInputs';
import { DateTimeField } from '../common/formato/DateTimeField';
import { mayusculas } from '../common/formato/mayusculas';
import { ListaMovil } from '../common/listas/ListaMovil';
import { ResponsiveList } from '../common/listas/ResponsiveList';
import { nombreDe } from '../entidades';
import { UsuarioAccionesMasivas } from './UsuarioAccionesMasivas';
import { ImportarAlumnos } from './ImportarAlumnos';
import { LoteButton } from '../lotes/LoteButton';
import { Paginacion } from '../common/listas/Paginacion';
import type { ReactElement } from 'react';
import { soloLegibles, useLegible, useSiEscribe } from '../common/secciones/acceso';

const filters = [
  <BuscarInput source="q" alwaysOn key="q" />,
  <NullableBooleanInput source="activo" key="activo" />,
  <TextInput source="pais" key="pais" parse={mayusculas} />,
  ...filtrosDeFecha('createdAt'),
];

// A usuario has more data than a table fits: the administrator picks the columns. A role that
// changes usuarios (contable, administrador) imports students from another platform's file.
const UsuarioListActions = () => {
  const importar = useSiEscribe(<ImportarAlumnos />, 'usuarios');
  return (
    <AccionesLista>
      <SelectColumnsButton />
      {importar || null}
      {/* Every usuario the current filter matches, enrolled in a curso or revoked, as a lote. */}
      <LoteButton accion="matricular" alcance="filtro" />
      <LoteButton accion="revocar" alcance="filtro" />
    </AccionesLista>
  );
};

const UsuarioList = () => {
  // Only a role that may change the rows gets their checkboxes and bulk actions.
  const masivas = useSiEscribe(<UsuarioAccionesMasivas />, 'usuarios');
  // Columns and filters of the fields the role reads (an editor: name and email, never the NIF).
  const legible = useLegible('usuarios');
  if (!legible) return null;
  return (
    <List
      pagination={<Paginacion />}
      filters={soloLegibles(legible, filters) as ReactElement[]}
      // Nor is a list sorted on a field the role cannot read: the API would refuse it.
      sort={legible('createdAt') ? { field: 'createdAt', order: 'DESC' } : { field: 'apellidos', order: 'ASC' }}
      actions={<UsuarioListActions />}
    >
      <ResponsiveList
        omitOnTablet={['ciudad', 'pais', 'createdAt']}
        small={
          <ListaMovil
            label="resources.usuarios.fields.nombre"
            sortBy="nombre"
            primaryText={(usuario) => nombreDe('usuarios', usuario)}
            secondaryText={(r) => r.email}
            rowClick="show"
            bulkActionButtons={masivas}
          />
        }
      >
        <DatagridConfigurable bulkActionButtons={masivas} rowClick="show" omit={['telefono', 'nif', 'provincia']}>
          {soloLegibles(legible, [
            <TextField source="nombre" key="nombre" />,
            <TextField source="apellidos" key="apellidos" />,
            <EmailField source="email" key="email" />,
            <TextField source="telefono" key="telefono" />,
            <TextField source="nif" key="nif" />,
            <TextField source="ciudad" key="ciudad" />,
            <TextField source="provincia" key="provincia" />,
            <TextField source="pais" key="pais" />,
            <BooleanField source="activo" key="activo" />,
            <DateTimeField source="createdAt" key="createdAt" />,
          ])}
        </DatagridConfigurable>
      </ResponsiveList>
    </List>
  );
};

export default UsuarioList;
