import { Labeled, minLength, PasswordInput, SimpleForm, TopToolbar } from 'react-admin';
import { InvitarDeNuevo } from './InvitarDeNuevo';
import { QuitarSegundoFactor } from './QuitarSegundoFactor';
import { RestablecerContrasena } from './RestablecerContrasena';
import { DateTimeField } from '../common/formato/DateTimeField';
import { LONGITUD_MINIMA } from '../../../contrato/contrasena';
import { validadores } from '../entidades';
import { LoginInputs } from './LoginInputs';
import { sinPassVacia } from './sinPassVacia';
import { CambiosSinGuardar } from '../common/formularios/CambiosSinGuardar';
import { DialogoConflicto } from '../common/versiones/DialogoConflicto';
import { EditConVersion } from '../common/versiones/EditConVersion';
import { SeccionHistorial } from '../common/versiones/SeccionHistorial';

// Left empty, the password stays as it is.
const validarPass = [...validadores('logins').pass, minLength(LONGITUD_MINIMA)];

const LoginEdit = () => (
  <EditConVersion
    transform={sinPassVacia}
    actions={
      <TopToolbar>
        <RestablecerContrasena />
        <QuitarSegundoFactor />
        <InvitarDeNuevo />
      </TopToolbar>
    }
  >
    <SimpleForm warnWhenUnsavedChanges>
      <CambiosSinGuardar />
      <DialogoConflicto />
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
    {/* Read only: the registry does not mark accounts restorable, so no «Restaurar» shows. */}
    <SeccionHistorial />
  </EditConVersion>
);

export default LoginEdit;
