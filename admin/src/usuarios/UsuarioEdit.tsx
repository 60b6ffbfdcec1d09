import { Edit } from 'react-admin';
import { UsuarioForm } from './UsuarioForm';

const UsuarioEdit = () => (
  <Edit redirect="show">
    <UsuarioForm />
  </Edit>
);

export default UsuarioEdit;
