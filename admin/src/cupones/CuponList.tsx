// «Cupones»: every code with what it takes off, where it is valid, its uses against its limit,
// its dates and whether it is active; «Generar códigos» makes a batch of single-use ones.
import { BooleanField, Datagrid, List, NullableBooleanInput, SelectInput, SimpleList, TextField, TextInput } from 'react-admin';
import { choicesDe } from '../common/formato/choices';
import { DateTimeField } from '../common/formato/DateTimeField';
import { AccionesLista } from '../common/listas/AccionesLista';
import { BuscarInput } from '../common/listas/Buscando';
import { Paginacion } from '../common/listas/Paginacion';
import { ResponsiveList } from '../common/listas/ResponsiveList';
import { Terciario } from '../common/listas/Terciario';
import { AmbitoCupon, UsosCupon, ValorCupon } from './campos';
import { GenerarCupones } from './GenerarCupones';

const filters = [
  <BuscarInput source="q" alwaysOn key="q" />,
  <NullableBooleanInput source="activo" key="activo" />,
  <SelectInput source="tipo" choices={choicesDe('cupones', 'tipo')} key="tipo" />,
  <SelectInput source="ambito" choices={choicesDe('cupones', 'ambito')} key="ambito" />,
  <TextInput source="lote" key="lote" />,
];

const Acciones = () => (
  <AccionesLista>
    <GenerarCupones />
  </AccionesLista>
);

const CuponList = () => (
  <List pagination={<Paginacion />} filters={filters} sort={{ field: 'id', order: 'DESC' }} actions={<Acciones />}>
    <ResponsiveList
      omitOnTablet={['ambito', 'desde', 'activo']}
      small={
        <SimpleList
          primaryText={(r) => r.codigo}
          // «20 % · Todos los cursos · 3 / 10»: what it takes off, where, and how used it is.
          secondaryText={
            <>
              <ValorCupon /> · <AmbitoCupon /> · <UsosCupon />
            </>
          }
          tertiaryText={
            <Terciario>
              <DateTimeField source="hasta" emptyText="aula.cupones.sinFin" />
            </Terciario>
          }
          linkType="show"
        />
      }
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="codigo" sx={{ display: 'block', maxWidth: 220, overflowWrap: 'anywhere' }} />
        <ValorCupon source="valor" />
        <AmbitoCupon source="ambito" />
        <UsosCupon source="usos" />
        <DateTimeField source="desde" />
        <DateTimeField source="hasta" emptyText="aula.cupones.sinFin" />
        <BooleanField source="activo" />
      </Datagrid>
    </ResponsiveList>
  </List>
);

export default CuponList;
