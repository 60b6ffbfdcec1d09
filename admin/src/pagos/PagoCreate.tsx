import { Create } from 'react-admin';
import { PagoForm } from './PagoForm';

const PagoCreate = () => (
  <Create redirect="show">
    <PagoForm />
  </Create>
);

export default PagoCreate;
