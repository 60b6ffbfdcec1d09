import { EditConVersion } from '../common/versiones/EditConVersion';
import { SeccionHistorial } from '../common/versiones/SeccionHistorial';
import { ClaseForm } from './ClaseForm';

const ClaseEdit = () => (
  <EditConVersion>
    <ClaseForm />
    <SeccionHistorial />
  </EditConVersion>
);

export default ClaseEdit;
