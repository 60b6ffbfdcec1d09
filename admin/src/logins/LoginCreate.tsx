import { Create, PasswordInput, SimpleForm } from 'react-admin';
import { validadores } from '../registro';
import { LoginInputs } from './LoginInputs';

const validarPass = validadores('logins', 'crear').pass;

const LoginCreate = () => (
  <Create redirect="list">
    <SimpleForm warnWhenUnsavedChanges>
      <LoginInputs />
      <PasswordInput source="pass" autoComplete="new-password" validate={validarPass} />
    </SimpleForm>
  </Create>
);

export default LoginCreate;
