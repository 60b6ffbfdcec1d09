import EditNoteIcon from '@mui/icons-material/EditNote';
import { Box, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  maxLength,
  RadioButtonGroupInput,
  type RaRecord,
  required,
  SelectInput,
  TextInput,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { choicesDe } from '../common/formato/choices';
import { DialogoAccion } from '../common/acciones/DialogoAccion';
import { MoneyInput } from '../common/formularios/MoneyInput';
import { useAccion } from '../common/acciones/useAccion';
import { validadores } from '../entidades';
import { emitida } from './editable';
import { useTextoFactura } from './useTextoFactura';

// The motivos the API takes (art. 80 LIVA); a simplified invoice is rectified as R5 whatever is chosen.
const motivoChoices = choicesDe('facturas', 'tipo', ['R1', 'R2', 'R3', 'R4']);
const alcanceChoices = [
  { id: 'entera', name: 'aula.facturacion.alcanceEntera' },
  { id: 'restar', name: 'aula.facturacion.alcanceRestar' },
  { id: 'sumar', name: 'aula.facturacion.alcanceSumar' },
];
// The two cases, as a non-accountant tells them apart: what is wrong, and what will happen.
const casoChoices = [
  { id: 'cliente', name: 'aula.facturacion.casoCliente', ayuda: 'aula.facturacion.casoClienteAyuda' },
  { id: 'importes', name: 'aula.facturacion.casoImportes', ayuda: 'aula.facturacion.casoImportesAyuda' },
];
const CAMPOS_CLIENTE = ['clienteNombre', 'clienteNif', 'clienteDireccion'] as const;
const v = validadores('facturas');

interface Datos {
  caso?: 'cliente' | 'importes';
  motivo: string;
  descripcion: string;
  alcance: 'entera' | 'restar' | 'sumar';
  diferencia?: number | null;
  clienteNombre?: string | null;
  clienteNif?: string | null;
  clienteDireccion?: string | null;
}

/**
 * What the API takes. Correcting the customer is a rectificativa por sustitución (S) carrying the
 * three fields; correcting amounts is one por diferencias: without a base the whole invoice is
 * cancelled, a base is a signed difference.
 */
export const cuerpoRectificacion = ({ caso = 'importes', motivo, descripcion, alcance, diferencia, ...cliente }: Datos) => {
  if (caso === 'cliente') return { tipoRectificativa: 'S', motivo, descripcion, ...Object.fromEntries(CAMPOS_CLIENTE.map((c) => [c, cliente[c] ?? null])) };
  return alcance === 'entera' || diferencia == null
    ? { motivo, descripcion }
    : { motivo, descripcion, base: alcance === 'restar' ? -diferencia : diferencia };
};

/** A case as its title and, under it, what it does. */
const Caso = ({ caso }: { caso?: (typeof casoChoices)[number] }) => {
  const translate = useTranslate();
  if (!caso) return null;
  return (
    <Box sx={{ py: 0.5 }}>
      <Typography variant="body1">{translate(caso.name)}</Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(caso.ayuda)}
      </Typography>
    </Box>
  );
};

/**
 * The fields of the case chosen: the customer's three (which the server checks as an emission
 * does, by the invoice's kind), or the amount and how it changes.
 */
const CamposDelCaso = () => {
  const caso = useWatch({ name: 'caso' });
  const alcance = useWatch({ name: 'alcance' });
  const { getValues, setValue } = useFormContext();
  // Wrong data on the invoice is an error in it: R1, unless the administrator says otherwise.
  useEffect(() => {
    if (caso === 'cliente' && !getValues('motivo')) setValue('motivo', 'R1');
  }, [caso, getValues, setValue]);
  if (!caso) return null;
  return (
    <>
      {caso === 'cliente' && (
        <>
          <TextInput source="clienteNombre" resource="facturas" validate={v.clienteNombre} fullWidth />
          <TextInput source="clienteNif" resource="facturas" validate={v.clienteNif} fullWidth />
          <TextInput source="clienteDireccion" resource="facturas" validate={v.clienteDireccion} multiline fullWidth />
        </>
      )}
      <SelectInput source="motivo" label="aula.facturacion.motivo" choices={motivoChoices} validate={required()} fullWidth />
      {/* Printed on what the customer receives, which the contable must know as they write it. */}
      <TextInput source="descripcion" label="aula.facturacion.descripcion" helperText="aula.facturacion.descripcionAyuda" validate={[required(), maxLength(500)]} multiline fullWidth />
      {caso === 'importes' && (
        <>
          <RadioButtonGroupInput source="alcance" label="aula.facturacion.alcance" choices={alcanceChoices} row={false} />
          {alcance !== 'entera' && <MoneyInput source="diferencia" label="aula.facturacion.diferencia" validate={required()} />}
        </>
      )}
    </>
  );
};

/**
 * «Rectificar» an issued invoice: a dialog that first asks what is wrong — the customer's data
 * (a substitute invoice, which the pago moves to) or the amounts (a rectificativa with the
 * difference) — and then only what that case needs; the server issues it at once and its page opens.
 */
export const RectificarButton = () => {
  const factura = useRecordContext<RaRecord>();
  const texto = useTextoFactura();
  const { submit, pendiente } = useAccion();
  const notify = useNotify();
  const redirect = useRedirect();
  // A replaced invoice is no longer in force: what is left to correct is on its substitute.
  if (!emitida(factura) || factura?.sustituidaPorId != null) return null;

  const rectificar = async (datos: Record<string, any>) => {
    const cuerpo: Record<string, unknown> = cuerpoRectificacion(datos as Datos);
    const respuesta = await submit('facturas', factura!, 'rectificar', cuerpo, ['motivo', 'descripcion', 'diferencia', ...CAMPOS_CLIENTE]);
    if ('errores' in respuesta) {
      // The difference travels as the base; its message goes under the field it was typed in.
      const { base, ...errores } = respuesta.errores;
      return base === undefined ? errores : { ...errores, diferencia: base };
    }
    const nueva = respuesta.data;
    if (cuerpo.tipoRectificativa === 'S') {
      notify('aula.facturacion.sustituida', { type: 'success', messageArgs: { factura: texto(nueva), original: texto(factura!) } });
    } else {
      notify('aula.facturacion.rectificada', { type: 'success', messageArgs: { factura: texto(nueva) } });
    }
    redirect('show', 'facturas', nueva.id);
    return true as const;
  };

  return (
    <DialogoAccion
      id="rectificar"
      label="aula.facturacion.rectificar"
      titulo="aula.facturacion.rectificarTitulo"
      ayuda="aula.facturacion.rectificarAyuda"
      valores={{ factura: texto(factura!) }}
      icon={<EditNoteIcon />}
      // The customer as the invoice names it, to be corrected where it is wrong.
      valoresIniciales={{ alcance: 'entera', ...Object.fromEntries(CAMPOS_CLIENTE.map((c) => [c, factura![c] ?? ''])) }}
      onSubmit={rectificar}
      pendiente={pendiente}
    >
      <RadioButtonGroupInput
        source="caso"
        label="aula.facturacion.caso"
        choices={casoChoices}
        optionText={(caso: (typeof casoChoices)[number]) => <Caso caso={caso} />}
        translateChoice={false}
        row={false}
        validate={required()}
      />
      <CamposDelCaso />
    </DialogoAccion>
  );
};
