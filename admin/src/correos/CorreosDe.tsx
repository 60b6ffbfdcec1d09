import { Datagrid, Labeled, ReferenceManyField, SimpleList, TextField, useCanAccess } from 'react-admin';
import { DateTimeField } from '../common/formato/DateTimeField';
import { formatDiaHora } from '../common/formato/dates';
import type { SinEtiqueta } from '../common/formato/SinEtiqueta';
import { ResponsiveList } from '../common/listas/ResponsiveList';
import { Terciario } from '../common/listas/Terciario';
import { Vacio } from '../common/listas/Vacio';
import { paginada } from '../common/listas/paginada';
import { EstadoCorreo, ParaCorreo, wrapAt } from './campos';

interface Props extends SinEtiqueta {
  /** The key of `correos` that points at the record in context: facturaId, pagoId, matriculaId, usuarioId. */
  target: 'facturaId' | 'pagoId' | 'matriculaId' | 'usuarioId';
  /** In a tab of its own («Correos» of a usuario), whose name already says it: no label above. */
  enPestana?: boolean;
}

/**
 * «Correos»: the messages about the record in context, newest first, each opening its page;
 * shown only to a role that reads the outbox (not the editor).
 */
export const CorreosDe = ({ target, enPestana = false }: Props) => {
  const { canAccess } = useCanAccess({ action: 'list', resource: 'correos' });
  if (canAccess !== true) return null;
  const lista = (
      <ReferenceManyField reference="correos" target={target} sort={{ field: 'createdAt', order: 'DESC' }} empty={<Vacio mensaje="aula.correo.vacio" />} {...paginada}>
        <ResponsiveList
          small={
            <SimpleList
              primaryText={(c) => c.para}
              secondaryText={(c) => `${formatDiaHora(String(c.createdAt))}${c.respuesta ? ` · ${c.respuesta}` : ''}`}
              tertiaryText={
                <Terciario>
                  <EstadoCorreo />
                </Terciario>
              }
              linkType="show"
              resource="correos"
            />
          }
        >
          <Datagrid rowClick="show" bulkActionButtons={false} resource="correos">
            <DateTimeField source="createdAt" />
            <ParaCorreo label="resources.correos.fields.para" />
            <EstadoCorreo label="resources.correos.fields.estado" />
            <TextField source="respuesta" sx={wrapAt(280)} />
          </Datagrid>
        </ResponsiveList>
      </ReferenceManyField>
  );
  return enPestana ? (
    lista
  ) : (
    <Labeled label="aula.correo.correos" fullWidth>
      {lista}
    </Labeled>
  );
};
