import { BooleanInput, SimpleForm, TextInput } from 'react-admin';
import { mayusculas } from '../common/formato/mayusculas';
import { validadores } from '../entidades';
import { CambiosSinGuardar } from '../common/formularios/CambiosSinGuardar';
import { DialogoConflicto } from '../common/versiones/DialogoConflicto';

const v = validadores('usuarios');

/** A usuario's form, shared by create and edit. */
export const UsuarioForm = () => (
  <SimpleForm warnWhenUnsavedChanges>
    <CambiosSinGuardar />
    <DialogoConflicto />
    <TextInput source="nombre" validate={v.nombre} />
    <TextInput source="apellidos" validate={v.apellidos} />
    <TextInput source="email" type="email" validate={v.email} />
    <TextInput source="telefono" type="tel" validate={v.telefono} />
    <TextInput source="nif" validate={v.nif} />
    <TextInput source="direccion" validate={v.direccion} />
    <TextInput source="codigoPostal" validate={v.codigoPostal} />
    <TextInput source="ciudad" validate={v.ciudad} />
    <TextInput source="provincia" validate={v.provincia} />
    <TextInput source="pais" defaultValue="ES" parse={mayusculas} validate={v.pais} />
    <BooleanInput source="activo" defaultValue={true} />
    <TextInput source="notas" multiline minRows={2} validate={v.notas} />
  </SimpleForm>
);
