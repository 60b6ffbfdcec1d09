// «Cobros»: every notification a payment gateway sent, newest first, with what Aula did with it
// (procesada, ignorada, rechazada) and why, and the pago it touched; refused ones stand out. The
// event's id is searched and exported, not shown: it would crowd out the reason. A refused one
// can be processed again once what refused it is mended.
import { Box } from '@mui/material';
import { Datagrid, List, ReferenceField, SelectField, SelectInput, SimpleList, TextField, useTranslate } from 'react-admin';
import { choicesDe, claveDeValor } from '../common/formato/choices';
import { DateTimeField } from '../common/formato/DateTimeField';
import { formatDiaHora } from '../common/formato/dates';
import { EstadoChip } from '../common/formato/EstadoChip';
import { BuscarInput } from '../common/listas/Buscando';
import { AccionesLista } from '../common/listas/AccionesLista';
import { Paginacion } from '../common/listas/Paginacion';
import { ResponsiveList } from '../common/listas/ResponsiveList';
import { EstadoPasarelas } from './EstadoPasarelas';
import { ReprocesarBoton } from './ReprocesarBoton';

const colores = { procesada: 'success', rechazada: 'error' } as const;

/** A long reason or an event type («payment_intent.succeeded») wraps within its column instead of widening the table. */
const wrapAt = (ancho: number) => ({ display: 'block', maxWidth: ancho, overflowWrap: 'anywhere' }) as const;

const filters = [
  <BuscarInput source="q" alwaysOn key="q" />,
  <SelectInput source="estado" choices={choicesDe('notificaciones', 'estado')} key="estado" />,
  <SelectInput source="pasarela" choices={choicesDe('notificaciones', 'pasarela')} key="pasarela" />,
];

const NotificacionList = () => {
  const translate = useTranslate();
  return (
    <List pagination={<Paginacion />} filters={filters} sort={{ field: 'id', order: 'DESC' }} actions={<AccionesLista />} title="aula.menu.cobros">
      <EstadoPasarelas />
      <ResponsiveList
        omitOnTablet={['pasarela', 'tipo', 'pagoId']}
        small={
          <SimpleList
            primaryText={(r) => `${translate(claveDeValor('notificaciones', 'estado', r.estado))} · ${r.tipo}`}
            // The date beside the reason, not to its right: a long reason keeps the phone's width.
            secondaryText={(r) => (
              <>
                {`${formatDiaHora(String(r.createdAt))} · ${r.motivo}`}
                <Box component="span" sx={{ display: 'block' }}>
                  <ReprocesarBoton />
                </Box>
              </>
            )}
            linkType={false}
          />
        }
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <DateTimeField source="createdAt" />
          <SelectField source="pasarela" choices={choicesDe('notificaciones', 'pasarela')} />
          <TextField source="tipo" sx={wrapAt(200)} />
          <EstadoChip recurso="notificaciones" source="estado" colores={colores} label="resources.notificaciones.fields.estado" />
          <TextField source="motivo" sx={wrapAt(280)} />
          <ReferenceField source="pagoId" reference="pagos" link="show" />
          <ReprocesarBoton />
        </Datagrid>
      </ResponsiveList>
    </List>
  );
};

export default NotificacionList;
