import { EditConVersion } from '../common/versiones/EditConVersion';
import { CuponForm } from './CuponForm';

const CuponEdit = () => (
  <EditConVersion redirect="show">
    <CuponForm />
  </EditConVersion>
);

export default CuponEdit;
