import { Create, PasswordInput, SimpleForm } from 'react-admin';
import { reglas } from '../common/validators';
import { LoginInputs } from './LoginInputs';

const validarPass = reglas({ required: true, minLength: 1, maxLength: 200 });

const LoginCreate = () => (
  <Create redirect="list">
    <SimpleForm warnWhenUnsavedChanges>
      <LoginInputs />
      <PasswordInput source="pass" autoComplete="new-password" validate={validarPass} />
    </SimpleForm>
  </Create>
);

export default LoginCreate;
