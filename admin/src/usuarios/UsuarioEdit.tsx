import { EditConVersion } from '../common/versiones/EditConVersion';
import { SeccionHistorial } from '../common/versiones/SeccionHistorial';
import { UsuarioForm } from './UsuarioForm';

const UsuarioEdit = () => (
  <EditConVersion redirect="show">
    <UsuarioForm />
    <SeccionHistorial />
  </EditConVersion>
);

export default UsuarioEdit;
