import { Create, minLength, PasswordInput, SimpleForm } from 'react-admin';
import { LONGITUD_MINIMA } from '../../../contrato/contrasena';
import { validadores } from '../entidades';
import { LoginInputs } from './LoginInputs';
import { CambiosSinGuardar } from '../common/formularios/CambiosSinGuardar';

// The server's policy also refuses common passwords and the usuario, and says so under the field.
const validarPass = [...validadores('logins', 'crear').pass, minLength(LONGITUD_MINIMA)];

const LoginCreate = () => (
  <Create redirect="list">
    <SimpleForm warnWhenUnsavedChanges>
      <CambiosSinGuardar />
      <LoginInputs />
      <PasswordInput source="pass" autoComplete="new-password" validate={validarPass} />
    </SimpleForm>
  </Create>
);

export default LoginCreate;
