import UndoIcon from '@mui/icons-material/Undo';
import { DialogContentText } from '@mui/material';
import { maxLength, type RaRecord, TextInput, useNotify, useRecordContext, useTranslate, type Validator } from 'react-admin';
import { DialogoAccion } from '../common/acciones/DialogoAccion';
import { formatMoney } from '../common/formato/money';
import { MoneyInput } from '../common/formularios/MoneyInput';
import { useAccion } from '../common/acciones/useAccion';
import { reglas } from '../common/formularios/validators';
import { recurso } from '../entidades';

// A refund's rules are the API's (reembolsos: importe > 0, motivo required, up to 500 characters).
const campos = recurso('reembolsos').fields;
const reglasImporte = reglas(campos.importe);
const reglasMotivo = reglas(campos.motivo);

/** Never more than what is left to give back: the server would refuse it. */
const hastaLoQueQueda =
  (queda: number, moneda?: string): Validator =>
  (value) =>
    typeof value === 'number' && value > queda ? { message: 'aula.facturacion.reembolsoMaximo', args: { queda: formatMoney(queda, moneda) } } : undefined;

/**
 * «Reembolsar» a completed pago, in whole or in part: a dialog with the amount (what is left,
 * to begin with), the reason and, for an invoiced pago, what its rectificativa tells the student.
 * The server records the refund and, if the pago's invoice is issued, issues its rectificativa
 * for that amount in the same transaction. The reason is the academy's: the student never reads
 * it, which the dialog says under it.
 */
export const ReembolsarButton = () => {
  const pago = useRecordContext<RaRecord>();
  const translate = useTranslate();
  const { submit, pendiente } = useAccion();
  const notify = useNotify();
  if (pago?.estado !== 'completado') return null;
  const devuelto = Number(pago.importeReembolsado ?? 0);
  const queda = Number(pago.importe) - devuelto;
  const euros = (centimos: number) => formatMoney(centimos, pago.moneda);

  const reembolsar = async ({ importe, motivo, descripcion }: Record<string, any>) => {
    // Left empty, the rectificativa says only what went back (the server's text).
    const paraElAlumno = typeof descripcion === 'string' && descripcion.trim() ? { descripcion } : {};
    const respuesta = await submit('pagos', pago, 'reembolsar', { importe, motivo, ...paraElAlumno }, ['importe', 'motivo', 'descripcion']);
    if ('errores' in respuesta) return respuesta.errores;
    notify('aula.facturacion.reembolsado', { type: 'success', messageArgs: { importe: euros(respuesta.data.importe) } });
    return true as const;
  };

  return (
    <DialogoAccion
      id="reembolsar"
      label="aula.facturacion.reembolsar"
      titulo="aula.facturacion.reembolsarTitulo"
      ayuda="aula.facturacion.reembolsarAyuda"
      valores={{ importe: euros(Number(pago.importe)) }}
      icon={<UndoIcon />}
      valoresIniciales={{ importe: queda, moneda: pago.moneda }}
      onSubmit={reembolsar}
      pendiente={pendiente}
    >
      {devuelto > 0 && (
        <DialogContentText sx={{ mb: 2 }}>{translate('aula.facturacion.reembolsarYaDevuelto', { devuelto: euros(devuelto), queda: euros(queda) })}</DialogContentText>
      )}
      <MoneyInput source="importe" label="aula.facturacion.importeReembolso" validate={[...reglasImporte, hastaLoQueQueda(queda, pago.moneda)]} />
      <TextInput source="motivo" label="aula.facturacion.motivoReembolso" helperText="aula.facturacion.motivoReembolsoAyuda" validate={reglasMotivo} multiline fullWidth />
      {pago.facturaId != null && (
        <TextInput source="descripcion" label="aula.facturacion.descripcionReembolso" helperText="aula.facturacion.descripcionReembolsoAyuda" validate={maxLength(500)} multiline fullWidth />
      )}
    </DialogoAccion>
  );
};
