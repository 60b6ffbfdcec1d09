// «Correo»: the outbox, newest first, with whom each message is for, its subject and kind, its
// estado, how many attempts and the server's last answer. Filtered by estado and kind, searched
// by address and subject. Read-only: Aula queues the messages; a message's page retries or discards it.
import { Box } from '@mui/material';
import { Datagrid, List, NumberField, SelectField, SelectInput, SimpleList, TextField } from 'react-admin';
import { choicesDe } from '../common/formato/choices';
import { DateTimeField } from '../common/formato/DateTimeField';
import { formatDiaHora } from '../common/formato/dates';
import { BuscarInput } from '../common/listas/Buscando';
import { AccionesLista } from '../common/listas/AccionesLista';
import { Paginacion } from '../common/listas/Paginacion';
import { ResponsiveList } from '../common/listas/ResponsiveList';
import { AvisoSinServidor, EstadoCorreo, ParaCorreo, wrapAt } from './campos';

const filters = [
  <BuscarInput source="q" alwaysOn key="q" />,
  <SelectInput source="estado" choices={choicesDe('correos', 'estado')} key="estado" />,
  <SelectInput source="plantilla" choices={choicesDe('correos', 'plantilla')} key="plantilla" />,
];

const CorreoList = () => (
  <List pagination={<Paginacion />} filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} actions={<AccionesLista />}>
    <AvisoSinServidor />
    <ResponsiveList
      omitOnTablet={['plantilla', 'intentos', 'respuesta']}
      small={
        <SimpleList
          primaryText={(c) => c.asunto}
          // Whom for and when under the subject; the estado below, never squeezed beside a long address.
          secondaryText={(c) => (
            <>
              <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                {`${c.para} · ${formatDiaHora(String(c.createdAt))}`}
              </Box>
              <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
                <EstadoCorreo />
              </Box>
            </>
          )}
          linkType="show"
        />
      }
    >
      <Datagrid bulkActionButtons={false} rowClick="show">
        <DateTimeField source="createdAt" />
        <ParaCorreo label="resources.correos.fields.para" sortBy="para" />
        <TextField source="asunto" sx={wrapAt(280)} />
        <SelectField source="plantilla" choices={choicesDe('correos', 'plantilla')} />
        <EstadoCorreo label="resources.correos.fields.estado" sortBy="estado" />
        <NumberField source="intentos" />
        <TextField source="respuesta" sx={wrapAt(240)} sortable={false} />
      </Datagrid>
    </ResponsiveList>
  </List>
);

export default CorreoList;
