import { Edit } from 'react-admin';
import { PagoForm } from './PagoForm';

const PagoEdit = () => (
  <Edit redirect="show" mutationMode="pessimistic">
    <PagoForm />
  </Edit>
);

export default PagoEdit;
