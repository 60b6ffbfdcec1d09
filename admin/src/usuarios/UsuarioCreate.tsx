import { Create } from 'react-admin';
import { UsuarioForm } from './UsuarioForm';

const UsuarioCreate = () => (
  <Create redirect="show">
    <UsuarioForm />
  </Create>
);

export default UsuarioCreate;
