// «Plantillas de correo»: one per kind of message Aula sends, with its subject and when it was
// last changed; each opens in its editor. Made at start, never added or deleted here.
import { Datagrid, List, SelectField, SimpleList, TextField, useTranslate } from 'react-admin';
import { choicesDe, claveDeValor } from '../common/formato/choices';
import { DateTimeField } from '../common/formato/DateTimeField';
import { AccionesLista } from '../common/listas/AccionesLista';
import { BuscarInput } from '../common/listas/Buscando';
import { Paginacion } from '../common/listas/Paginacion';
import { ResponsiveList } from '../common/listas/ResponsiveList';
import { wrapAt } from '../correos/campos';

const filters = [<BuscarInput source="q" alwaysOn key="q" />];

const PlantillaList = () => {
  const translate = useTranslate();
  return (
    <List pagination={<Paginacion />} filters={filters} sort={{ field: 'id', order: 'ASC' }} actions={<AccionesLista />}>
      <ResponsiveList
        small={<SimpleList primaryText={(p) => translate(claveDeValor('plantillas', 'clave', p.clave))} secondaryText={(p) => p.asunto} linkType="edit" />}
      >
        <Datagrid bulkActionButtons={false} rowClick="edit">
          <SelectField source="clave" choices={choicesDe('plantillas', 'clave')} />
          <TextField source="asunto" sx={wrapAt(480)} />
          <DateTimeField source="updatedAt" />
        </Datagrid>
      </ResponsiveList>
    </List>
  );
};

export default PlantillaList;
