import { BooleanInput, SimpleForm, TextInput } from 'react-admin';
import { mayusculas } from '../common/mayusculas';
import { codigoPais, reglas } from '../common/validators';

const validarNombre = reglas({ required: true, minLength: 1, maxLength: 80 });
const validarApellidos = reglas({ maxLength: 160 });
const validarEmail = reglas({ required: true, format: 'email', maxLength: 254 });
const validarTelefono = reglas({ maxLength: 30 });
const validarNif = reglas({ maxLength: 20 });
const validarDireccion = reglas({ maxLength: 300 });
const validarCodigoPostal = reglas({ maxLength: 10 });
const validarLugar = reglas({ maxLength: 100 });
const validarPais = reglas({ pattern: codigoPais });
const validarNotas = reglas({ maxLength: 10000 });

/** A usuario's form, shared by create and edit. */
export const UsuarioForm = () => (
  <SimpleForm warnWhenUnsavedChanges>
    <TextInput source="nombre" validate={validarNombre} />
    <TextInput source="apellidos" validate={validarApellidos} />
    <TextInput source="email" type="email" validate={validarEmail} />
    <TextInput source="telefono" type="tel" validate={validarTelefono} />
    <TextInput source="nif" validate={validarNif} />
    <TextInput source="direccion" validate={validarDireccion} />
    <TextInput source="codigoPostal" validate={validarCodigoPostal} />
    <TextInput source="ciudad" validate={validarLugar} />
    <TextInput source="provincia" validate={validarLugar} />
    <TextInput source="pais" defaultValue="ES" parse={mayusculas} validate={validarPais} />
    <BooleanInput source="activo" defaultValue={true} />
    <TextInput source="notas" multiline minRows={2} validate={validarNotas} />
  </SimpleForm>
);
