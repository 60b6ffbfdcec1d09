import { useState } from 'react';
import EditNoteIcon from '@mui/icons-material/EditNote';
import { Button as MuiButton, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useWatch } from 'react-hook-form';
import {
  Form,
  maxLength,
  RadioButtonGroupInput,
  type RaRecord,
  required,
  SaveButton,
  SelectInput,
  TextInput,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { BotonAccion } from '../common/BotonAccion';
import { choicesFor } from '../common/choices';
import { MoneyInput } from '../common/MoneyInput';
import { useAccion } from '../common/useAccion';
import { emitida } from './editable';
import { useTextoFactura } from './useTextoFactura';

// The motivos the API takes (art. 80 LIVA); a simplified invoice is rectified as R5 whatever is chosen.
const motivoChoices = choicesFor('tipoFactura', ['R1', 'R2', 'R3', 'R4']);
const alcanceChoices = [
  { id: 'entera', name: 'aula.facturacion.alcanceEntera' },
  { id: 'restar', name: 'aula.facturacion.alcanceRestar' },
  { id: 'sumar', name: 'aula.facturacion.alcanceSumar' },
];

interface Datos {
  motivo: string;
  descripcion: string;
  alcance: 'entera' | 'restar' | 'sumar';
  diferencia?: number | null;
}

/** What the API takes: without a base the whole invoice is cancelled; a base is a signed difference. */
export const cuerpoRectificacion = ({ motivo, descripcion, alcance, diferencia }: Datos) =>
  alcance === 'entera' || diferencia == null
    ? { motivo, descripcion }
    : { motivo, descripcion, base: alcance === 'restar' ? -diferencia : diferencia };

/** The amount is asked only for a partial rectification. */
const Diferencia = () => {
  const alcance = useWatch({ name: 'alcance' });
  if (alcance === 'entera') return null;
  return <MoneyInput source="diferencia" label="aula.facturacion.diferencia" validate={required()} />;
};

/**
 * «Rectificar» an issued invoice: a dialog with the motivo, a description and how much changes;
 * the server issues the rectificativa at once, and its page opens.
 */
export const RectificarButton = () => {
  const factura = useRecordContext<RaRecord>();
  const texto = useTextoFactura();
  const translate = useTranslate();
  const { ejecutar, pendiente } = useAccion();
  const notify = useNotify();
  const redirect = useRedirect();
  const [abierto, setAbierto] = useState(false);
  if (!emitida(factura)) return null;
  const cerrar = () => !pendiente && setAbierto(false);

  const rectificar = async (datos: Record<string, unknown>) => {
    const rectificativa = await ejecutar('facturas', factura!.id, 'rectificar', cuerpoRectificacion(datos as unknown as Datos));
    if (!rectificativa) return;
    setAbierto(false);
    notify('aula.facturacion.rectificada', { type: 'success', messageArgs: { factura: texto(rectificativa) } });
    redirect('show', 'facturas', rectificativa.id);
  };

  return (
    <>
      <BotonAccion label="aula.facturacion.rectificar" icon={<EditNoteIcon />} onClick={() => setAbierto(true)} />
      <Dialog open={abierto} onClose={cerrar} fullWidth maxWidth="sm" aria-labelledby="rectificar-titulo">
        {/* Its own form, with no record: nothing of the invoice's is sent but what is typed here. */}
        <Form onSubmit={rectificar} record={{ alcance: 'entera' }}>
          <DialogTitle id="rectificar-titulo">{translate('aula.facturacion.rectificarTitulo', { factura: texto(factura!) })}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>{translate('aula.facturacion.rectificarAyuda')}</DialogContentText>
            <SelectInput source="motivo" label="aula.facturacion.motivo" choices={motivoChoices} validate={required()} fullWidth />
            <TextInput source="descripcion" label="aula.facturacion.descripcion" validate={[required(), maxLength(500)]} multiline fullWidth />
            <RadioButtonGroupInput source="alcance" label="aula.facturacion.alcance" choices={alcanceChoices} row={false} />
            <Diferencia />
          </DialogContent>
          <DialogActions>
            {/* MUI's button: react-admin's shows only its icon on a phone, and this one has none.
                Focused on opening, as in every dialog before what cannot be undone (temas.ts). */}
            <MuiButton onClick={cerrar} disabled={pendiente} autoFocus>
              {translate('ra.action.cancel')}
            </MuiButton>
            <SaveButton label="aula.facturacion.rectificar" icon={<EditNoteIcon />} />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
};
