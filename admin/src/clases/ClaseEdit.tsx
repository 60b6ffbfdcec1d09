import { Edit } from 'react-admin';
import { ClaseForm } from './ClaseForm';

const ClaseEdit = () => (
  <Edit>
    <ClaseForm />
  </Edit>
);

export default ClaseEdit;
