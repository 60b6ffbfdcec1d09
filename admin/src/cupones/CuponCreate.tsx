import { Create } from 'react-admin';
import { CuponForm } from './CuponForm';

const CuponCreate = () => (
  <Create redirect="show">
    <CuponForm />
  </Create>
);

export default CuponCreate;
