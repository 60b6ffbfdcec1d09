// «Extractos»: the statements imported, newest first, with their account, period and whether
// their proposal was confirmed; «Importar extracto» uploads a new one.
import { Datagrid, List, NumberField, SelectInput, SimpleList, TextField, useTranslate } from 'react-admin';
import { choicesDe, claveDeValor } from '../common/formato/choices';
import { DateTimeField, DiaField } from '../common/formato/DateTimeField';
import { formatDia } from '../common/formato/dates';
import { EstadoChip } from '../common/formato/EstadoChip';
import { MoneyField } from '../common/formato/MoneyField';
import { formatMoney } from '../common/formato/money';
import { BuscarInput } from '../common/listas/Buscando';
import { AccionesLista } from '../common/listas/AccionesLista';
import { Paginacion } from '../common/listas/Paginacion';
import { ResponsiveList } from '../common/listas/ResponsiveList';
import { ImportarExtracto } from './ImportarExtracto';

const colores = { confirmado: 'success', propuesto: 'warning' } as const;

const filters = [<BuscarInput source="q" alwaysOn key="q" />, <SelectInput source="estado" choices={choicesDe('extractos', 'estado')} key="estado" />];

const Acciones = () => (
  <AccionesLista>
    <ImportarExtracto />
  </AccionesLista>
);

const ExtractoList = () => {
  const translate = useTranslate();
  return (
    <List pagination={<Paginacion />} filters={filters} sort={{ field: 'id', order: 'DESC' }} actions={<Acciones />}>
      <ResponsiveList
        omitOnTablet={['cuenta', 'hasta', 'saldoFinal', 'movimientos', 'createdAt']}
        small={
          <SimpleList
            primaryText={(r) => `${r.nombreArchivo ?? `#${r.id}`} · ${translate(claveDeValor('extractos', 'estado', r.estado))}`}
            secondaryText={(r) => `${formatDia(r.desde)} – ${formatDia(r.hasta)} · ${formatMoney(Number(r.saldoFinal), r.moneda)}`}
            linkType="show"
          />
        }
      >
        <Datagrid bulkActionButtons={false} rowClick="show">
          <TextField source="nombreArchivo" sx={{ display: 'block', maxWidth: 220, overflowWrap: 'anywhere' }} />
          <TextField source="cuenta" />
          <DiaField source="desde" />
          <DiaField source="hasta" />
          <NumberField source="movimientos" />
          <MoneyField source="saldoFinal" />
          <EstadoChip recurso="extractos" source="estado" colores={colores} label="resources.extractos.fields.estado" />
          <DateTimeField source="createdAt" />
        </Datagrid>
      </ResponsiveList>
    </List>
  );
};

export default ExtractoList;
