import { BooleanInput, NumberInput, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { choicesDe } from '../common/formato/choices';
import { mayusculas } from '../common/formato/mayusculas';
import { CambiosSinGuardar } from '../common/formularios/CambiosSinGuardar';
import { FechaHoraInput } from '../common/formularios/DateInputs';
import { DialogoConflicto } from '../common/versiones/DialogoConflicto';
import { validadores } from '../entidades';
import { AmbitoInputs, HastaCuponInput, ValorInput } from './inputs';

const v = validadores('cupones');

// The form's own defaults (a record's values win over them), which the value and scope inputs
// watch from the start: an input's defaultValue reaches the form too late for them.
const defaultValues = { tipo: 'porcentaje', ambito: 'todos', maxUsosPorUsuario: 1, activo: true };

/** A cupón's form, shared by create and edit: what it takes off, where, when and how many times. */
export const CuponForm = () => (
  <SimpleForm warnWhenUnsavedChanges defaultValues={defaultValues}>
    <CambiosSinGuardar />
    <DialogoConflicto />
    <TextInput source="codigo" parse={mayusculas} validate={v.codigo} helperText="aula.cupones.codigoAyuda" />
    <SelectInput source="tipo" choices={choicesDe('cupones', 'tipo')} validate={v.tipo} />
    <ValorInput validate={v.valor} />
    <AmbitoInputs />
    <FechaHoraInput source="desde" validate={v.desde} />
    <HastaCuponInput source="hasta" validate={v.hasta} />
    <NumberInput source="maxUsos" step={1} min={1} helperText="aula.cupones.maxUsosAyuda" validate={v.maxUsos} />
    <NumberInput source="maxUsosPorUsuario" step={1} min={1} validate={v.maxUsosPorUsuario} />
    <BooleanInput source="activo" />
    <TextInput source="descripcion" multiline minRows={2} validate={v.descripcion} />
  </SimpleForm>
);
