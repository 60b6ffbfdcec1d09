import { Edit, Labeled, PasswordInput, SimpleForm } from 'react-admin';
import { DateTimeField } from '../common/DateTimeField';
import { reglas } from '../common/validators';
import { LoginInputs } from './LoginInputs';
import { sinPassVacia } from './sinPassVacia';

const validarPass = reglas({ maxLength: 200 });

const LoginEdit = () => (
  <Edit transform={sinPassVacia} mutationMode="pessimistic">
    <SimpleForm warnWhenUnsavedChanges>
      <LoginInputs />
      <PasswordInput
        source="pass"
        label="aula.logins.nuevaContrasena"
        helperText="aula.logins.nuevaContrasenaAyuda"
        autoComplete="new-password"
        validate={validarPass}
      />
      <Labeled source="ultimoAcceso">
        <DateTimeField source="ultimoAcceso" />
      </Labeled>
    </SimpleForm>
  </Edit>
);

export default LoginEdit;
