import { BooleanInput, TextInput } from 'react-admin';
import { reglas } from '../common/validators';

const validarUsuario = reglas({ required: true, minLength: 3, maxLength: 60 });
const validarNombre = reglas({ maxLength: 120 });
const validarEmail = reglas({ format: 'email', maxLength: 254 });

/** An administrator's inputs other than the password, which create and edit treat differently. */
export const LoginInputs = () => (
  <>
    <TextInput source="usuario" autoComplete="off" validate={validarUsuario} />
    <TextInput source="nombre" validate={validarNombre} />
    <TextInput source="email" type="email" validate={validarEmail} />
    <BooleanInput source="activo" defaultValue={true} />
  </>
);
