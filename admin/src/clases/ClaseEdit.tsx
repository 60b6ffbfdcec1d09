import { Edit } from 'react-admin';
import { ClaseForm } from './ClaseForm';

const ClaseEdit = () => (
  <Edit mutationMode="pessimistic">
    <ClaseForm />
  </Edit>
);

export default ClaseEdit;
