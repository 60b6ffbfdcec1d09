import { SelectInput, SimpleForm, TextInput } from 'react-admin';
import { estadoPagoChoices, metodoChoices } from '../common/choices';
import { FechaHoraInput } from '../common/DateInputs';
import { mayusculas } from '../common/mayusculas';
import { MoneyInput } from '../common/MoneyInput';
import { ReferenceAutocomplete } from '../common/ReferenceAutocomplete';
import { validadores } from '../registro';
import { FacturaInput } from '../facturas/FacturaInput';

const v = validadores('pagos');

// A new pago is usually being recorded as it happens.
const ahora = () => new Date().toISOString();

/** A pago's form, shared by create and edit. */
export const PagoForm = () => (
  <SimpleForm warnWhenUnsavedChanges>
    <ReferenceAutocomplete source="usuarioId" reference="usuarios" validate={v.usuarioId} />
    <ReferenceAutocomplete source="cursoId" reference="cursos" />
    <MoneyInput source="importe" validate={v.importe} />
    <TextInput source="moneda" defaultValue="EUR" parse={mayusculas} validate={v.moneda} />
    <SelectInput source="metodo" choices={metodoChoices} validate={v.metodo} />
    <SelectInput source="estado" choices={estadoPagoChoices} defaultValue="pendiente" />
    <FechaHoraInput source="fecha" defaultValue={ahora()} validate={v.fecha} />
    <TextInput source="referencia" validate={v.referencia} />
    <FacturaInput source="facturaId" />
    <TextInput source="notas" multiline minRows={2} validate={v.notas} />
  </SimpleForm>
);
