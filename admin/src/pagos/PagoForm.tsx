import { Alert } from '@mui/material';
import { DeleteButton, Labeled, ReferenceField, required, SaveButton, SelectInput, SimpleForm, TextInput, Toolbar, useRecordContext, useTranslate } from 'react-admin';
import { choicesDe } from '../common/formato/choices';
import { FechaHoraInput } from '../common/formularios/DateInputs';
import { mayusculas } from '../common/formato/mayusculas';
import { MoneyInput } from '../common/formularios/MoneyInput';
import { ReferenceAutocomplete } from '../common/formularios/ReferenceAutocomplete';
import { validadores } from '../entidades';
import { estadosPosibles } from './transiciones';
import { CambiosSinGuardar } from '../common/formularios/CambiosSinGuardar';
import { DialogoConflicto } from '../common/versiones/DialogoConflicto';
import { esBorrable } from './borrable';

const v = validadores('pagos');

// A new pago is usually being recorded as it happens.
const ahora = () => new Date().toISOString();

/** Only the estados the API accepts from here, so a refused change is never offered. */
const EstadoInput = () => {
  const pago = useRecordContext();
  // Required: an empty choice would mean no estado at all, which no pago has.
  return <SelectInput source="estado" choices={choicesDe('pagos', 'estado', estadosPosibles(pago))} defaultValue="pendiente" validate={required()} />;
};

/** Its invoice, shown and linked, never edited: the link is the server's («Emitir factura»). */
const FacturaDelPago = () => {
  const pago = useRecordContext();
  if (pago?.facturaId == null) return null;
  return (
    <Labeled>
      <ReferenceField source="facturaId" reference="facturas" link="show" />
    </Labeled>
  );
};

/**
 * Save, and «Borrar» only for a pago the API would delete; a collected or invoiced one says
 * instead, above the buttons, why it stays and how it is corrected.
 */
const PagoToolbar = () => {
  const pago = useRecordContext();
  const translate = useTranslate();
  const contable = pago?.id != null && !esBorrable(pago);
  return (
    <>
      {contable && (
        <Alert severity="info" sx={{ mx: 2, mb: 1 }}>
          {translate('aula.pagos.noBorrable')}
        </Alert>
      )}
      <Toolbar>
        <div className="RaToolbar-defaultToolbar">
          <SaveButton />
          {!contable && <DeleteButton />}
        </div>
      </Toolbar>
    </>
  );
};

/** A pago's form, shared by create and edit. */
export const PagoForm = () => (
  <SimpleForm warnWhenUnsavedChanges toolbar={<PagoToolbar />}>
    <CambiosSinGuardar />
    <DialogoConflicto />
    <ReferenceAutocomplete source="usuarioId" reference="usuarios" validate={v.usuarioId} />
    <ReferenceAutocomplete source="cursoId" reference="cursos" />
    <MoneyInput source="importe" validate={v.importe} />
    <TextInput source="moneda" defaultValue="EUR" parse={mayusculas} validate={v.moneda} />
    <SelectInput source="metodo" choices={choicesDe('pagos', 'metodo')} validate={v.metodo} />
    <EstadoInput />
    <FechaHoraInput source="fecha" defaultValue={ahora()} validate={v.fecha} />
    <TextInput source="referencia" validate={v.referencia} />
    <FacturaDelPago />
    <TextInput source="notas" multiline minRows={2} validate={v.notas} />
  </SimpleForm>
);
