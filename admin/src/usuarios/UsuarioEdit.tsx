import { Edit } from 'react-admin';
import { UsuarioForm } from './UsuarioForm';

const UsuarioEdit = () => (
  <Edit redirect="show" mutationMode="pessimistic">
    <UsuarioForm />
  </Edit>
);

export default UsuarioEdit;
