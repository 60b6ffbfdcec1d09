import { Create } from 'react-admin';
import { FacturaForm } from './FacturaForm';

const FacturaCreate = () => (
  <Create redirect="show">
    <FacturaForm />
  </Create>
);

export default FacturaCreate;
