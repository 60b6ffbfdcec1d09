import { Labeled, ReferenceField, required, SelectInput, SimpleForm, TextInput, useRecordContext } from 'react-admin';
import { choicesDe } from '../common/choices';
import { FechaHoraInput } from '../common/DateInputs';
import { mayusculas } from '../common/mayusculas';
import { MoneyInput } from '../common/MoneyInput';
import { ReferenceAutocomplete } from '../common/ReferenceAutocomplete';
import { validadores } from '../registro';
import { estadosPosibles } from './transiciones';
import { CambiosSinGuardar } from '../common/CambiosSinGuardar';
import { DialogoConflicto } from '../common/versiones/DialogoConflicto';

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

/** A pago's form, shared by create and edit. */
export const PagoForm = () => (
  <SimpleForm warnWhenUnsavedChanges>
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
