import { Stack } from '@mui/material';
import {
  Datagrid,
  List,
  ReferenceField,
  SelectInput,
  SimpleList,
  TextField,
  TextInput,
} from 'react-admin';
import { BuscarInput } from '../common/listas/Buscando';
import { AccionesLista } from '../common/listas/AccionesLista';
import { Terciario } from '../common/listas/Terciario';
import { choicesDe } from '../common/formato/choices';
import { filtrosDeFecha } from '../common/formularios/DateInputs';
import { DateTimeField } from '../common/formato/DateTimeField';
import { MoneyField } from '../common/formato/MoneyField';
import { ReferenceAutocomplete } from '../common/formularios/ReferenceAutocomplete';
import { ResponsiveList, useIsMedium } from '../common/listas/ResponsiveList';
import { rutaFactura } from './editable';
import { EstadoFactura } from './EstadoFactura';
import { NumeroFactura } from './NumeroFactura';
import { Paginacion } from '../common/listas/Paginacion';
import { EstadoVerifactu, RemisionesDeLaLista } from '../verifactu/EstadoVerifactu';
import { VerifactuButton } from '../verifactu/VerifactuButton';

const filters = [
  <BuscarInput source="q" alwaysOn key="q" />,
  <SelectInput source="estado" choices={choicesDe('facturas', 'estado')} key="estado" />,
  <TextInput source="serie" key="serie" />,
  <ReferenceAutocomplete source="usuarioId" reference="usuarios" key="usuarioId" />,
  ...filtrosDeFecha('fecha'),
];

/** On a tablet the state at the AEAT goes under the invoice's own: a column of its own does not fit. */
const EstadoYAeat = (_props: { label?: string; sortBy?: string }) => (
  <Stack spacing={0.5} alignItems="flex-start">
    <EstadoFactura />
    <EstadoVerifactu />
  </Stack>
);

// No bulk delete: issued invoices may never be deleted (409), and a draft is deleted from its own form.
const FacturaList = () => {
  const enTableta = useIsMedium();
  return (
    <List pagination={<Paginacion />} filters={filters} sort={{ field: 'fecha', order: 'DESC' }} actions={<AccionesLista><VerifactuButton /></AccionesLista>}>
      <RemisionesDeLaLista>
        <ResponsiveList
          omitOnTablet={['concepto']}
          small={
            <SimpleList
              primaryText={<NumeroFactura />}
              secondaryText={
                <>
                  <EstadoFactura /> <EstadoVerifactu /> <ReferenceField source="usuarioId" reference="usuarios" link={false} />
                </>
              }
              tertiaryText={<Terciario><MoneyField source="total" /></Terciario>}
              rowClick={rutaFactura}
            />
          }
        >
          <Datagrid rowClick={rutaFactura} bulkActionButtons={false}>
            <NumeroFactura label="resources.facturas.fields.numero" sortBy="numero" />
            <DateTimeField source="fecha" />
            <ReferenceField source="usuarioId" reference="usuarios" link="show" />
            <TextField source="concepto" />
            <MoneyField source="total" textAlign="right" />
            {enTableta
              ? [<EstadoYAeat key="estado" label="resources.facturas.fields.estado" sortBy="estado" />]
              : [<EstadoFactura key="estado" label="resources.facturas.fields.estado" sortBy="estado" />, <EstadoVerifactu key="aeat" label="aula.verifactu.titulo" />]}
          </Datagrid>
        </ResponsiveList>
      </RemisionesDeLaLista>
    </List>
  );
};

export default FacturaList;
