import { EditConVersion } from '../common/versiones/EditConVersion';
import { PagoForm } from './PagoForm';

const PagoEdit = () => (
  <EditConVersion redirect="show">
    <PagoForm />
  </EditConVersion>
);

export default PagoEdit;
