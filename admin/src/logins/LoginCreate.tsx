import { Create, minLength, PasswordInput, SimpleForm } from 'react-admin';
import { LONGITUD_MINIMA } from '../../../contrato/contrasena';
import { validadores } from '../entidades';
import { LoginInputs } from './LoginInputs';
import { sinPassVacia } from './sinPassVacia';
import { CambiosSinGuardar } from '../common/formularios/CambiosSinGuardar';

// The server's policy also refuses common passwords and the usuario, and says so under the field.
// Optional: an account with an email and no password is invited to choose its own (by email).
const validarPass = [...validadores('logins', 'crear').pass, minLength(LONGITUD_MINIMA)];

const LoginCreate = () => (
  <Create redirect="list" transform={sinPassVacia}>
    <SimpleForm warnWhenUnsavedChanges>
      <CambiosSinGuardar />
      <LoginInputs />
      <PasswordInput source="pass" helperText="aula.cuenta.logins.passInvitacion" autoComplete="new-password" validate={validarPass} />
    </SimpleForm>
  </Create>
);

export default LoginCreate;
