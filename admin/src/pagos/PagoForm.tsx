import { SelectInput, SimpleForm, TextInput } from 'react-admin';
import { estadoPagoChoices, metodoChoices } from '../common/choices';
import { FechaHoraInput } from '../common/DateInputs';
import { mayusculas } from '../common/mayusculas';
import { MoneyInput } from '../common/MoneyInput';
import { ReferenceAutocomplete } from '../common/ReferenceAutocomplete';
import { codigoMoneda, reglas } from '../common/validators';
import { FacturaInput } from '../facturas/FacturaInput';

const requerido = reglas({ required: true });
const validarImporte = reglas({ required: true, exclusiveMinimum: 0 });
const validarMoneda = reglas({ pattern: codigoMoneda });
const validarReferencia = reglas({ maxLength: 120 });
const validarNotas = reglas({ maxLength: 10000 });

// A new pago is usually being recorded as it happens.
const ahora = () => new Date().toISOString();

/** A pago's form, shared by create and edit. */
export const PagoForm = () => (
  <SimpleForm warnWhenUnsavedChanges>
    <ReferenceAutocomplete source="usuarioId" reference="usuarios" validate={requerido} />
    <ReferenceAutocomplete source="cursoId" reference="cursos" />
    <MoneyInput source="importe" validate={validarImporte} />
    <TextInput source="moneda" defaultValue="EUR" parse={mayusculas} validate={validarMoneda} />
    <SelectInput source="metodo" choices={metodoChoices} validate={requerido} />
    <SelectInput source="estado" choices={estadoPagoChoices} defaultValue="pendiente" />
    <FechaHoraInput source="fecha" defaultValue={ahora()} validate={requerido} />
    <TextInput source="referencia" validate={validarReferencia} />
    <FacturaInput source="facturaId" />
    <TextInput source="notas" multiline minRows={2} validate={validarNotas} />
  </SimpleForm>
);
