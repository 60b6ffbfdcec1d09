import SendIcon from '@mui/icons-material/ForwardToInbox';
import { email, type RaRecord, TextInput, useCanAccess, useGetList, useGetOne, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { DialogoAccion } from '../common/acciones/DialogoAccion';
import { useAccion } from '../common/acciones/useAccion';
import { useTextoFactura } from './useTextoFactura';

/** Whether a message about the invoice has left already: then the button says «Reenviar». */
function useEnviada(factura: RaRecord | undefined, leeCorreos: boolean) {
  const { total } = useGetList(
    'correos',
    { filter: { facturaId: factura?.id, estado: 'enviado' }, pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'DESC' } },
    { enabled: leeCorreos && factura?.id != null },
  );
  return (total ?? 0) > 0;
}

/**
 * «Enviar por email» an issued invoice, with its PDF: to its client's address, or to another one
 * typed in the dialog (a refusal of it shows under the field). The message is queued; the
 * «Correos» block below follows it. Not for a borrador, nor for a role that may not send it.
 */
export const EnviarPorEmail = () => {
  const factura = useRecordContext<RaRecord>();
  const translate = useTranslate();
  const texto = useTextoFactura();
  const notify = useNotify();
  const { submit, pendiente } = useAccion();
  const emitidaYa = factura != null && factura.estado !== 'borrador';
  const { canAccess: envia } = useCanAccess({ action: 'enviar', resource: 'facturas', record: factura });
  const { canAccess: leeCorreos } = useCanAccess({ action: 'list', resource: 'correos' });
  const enviada = useEnviada(factura, emitidaYa && leeCorreos === true);
  const { data: usuario } = useGetOne('usuarios', { id: factura?.usuarioId }, { enabled: emitidaYa && envia === true && factura?.usuarioId != null });
  if (!emitidaYa || envia !== true) return null;

  const sendFactura = async ({ email: otra }: Record<string, any>) => {
    const cuerpo = otra?.trim() ? { email: otra.trim() } : {};
    const respuesta = await submit('facturas', factura, 'enviar', cuerpo, ['email']);
    if ('errores' in respuesta) return respuesta.errores;
    notify('aula.correo.enviada', { type: 'success', messageArgs: { para: respuesta.data.para } });
    return true as const;
  };

  return (
    <DialogoAccion
      id="enviar-factura"
      label={enviada ? 'aula.correo.reenviar' : 'aula.correo.enviar'}
      titulo="aula.correo.enviarTitulo"
      ayuda="aula.correo.enviarAyuda"
      valores={{ factura: texto(factura), para: usuario?.email ?? translate('aula.correo.clienteDeLaFactura') }}
      icon={<SendIcon />}
      valoresIniciales={{ email: '' }}
      onSubmit={sendFactura}
      pendiente={pendiente}
      sinCambios
    >
      {/* Not type="email": the browser would refuse, with its own words and no request, what the
          server should refuse under the field in Spanish. The phone still gets its @ keyboard. */}
      <TextInput source="email" label="aula.correo.otraDireccion" helperText="aula.correo.otraDireccionAyuda" validate={email()} fullWidth autoComplete="off" inputProps={{ inputMode: 'email' }} />
    </DialogoAccion>
  );
};
