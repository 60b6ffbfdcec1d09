import {
  Datagrid,
  List,
  ReferenceField,
  SearchInput,
  SelectInput,
  SimpleList,
  TextField,
  TextInput,
} from 'react-admin';
import { AccionesLista } from '../common/AccionesLista';
import { Terciario } from '../common/Terciario';
import { estadoFacturaChoices } from '../common/choices';
import { filtrosDeFecha } from '../common/DateInputs';
import { DateTimeField } from '../common/DateTimeField';
import { MoneyField } from '../common/MoneyField';
import { ReferenceAutocomplete } from '../common/ReferenceAutocomplete';
import { ResponsiveList } from '../common/ResponsiveList';
import { rutaFactura } from './editable';
import { EstadoFactura } from './EstadoFactura';
import { NumeroFactura } from './NumeroFactura';
import { Paginacion } from '../common/Paginacion';
import { EstadoVerifactu, RemisionesDeLaLista } from '../verifactu/EstadoVerifactu';
import { VerifactuButton } from '../verifactu/VerifactuButton';

const filters = [
  <SearchInput source="q" alwaysOn key="q" />,
  <SelectInput source="estado" choices={estadoFacturaChoices} key="estado" />,
  <TextInput source="serie" key="serie" />,
  <ReferenceAutocomplete source="usuarioId" reference="usuarios" key="usuarioId" />,
  ...filtrosDeFecha('fecha'),
];

// No bulk delete: issued invoices may never be deleted (409), and a draft is deleted from its own form.
const FacturaList = () => (
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
          <EstadoFactura label="resources.facturas.fields.estado" sortBy="estado" />
          <EstadoVerifactu label="aula.verifactu.titulo" />
        </Datagrid>
      </ResponsiveList>
    </RemisionesDeLaLista>
  </List>
);

export default FacturaList;
