import { Create } from 'react-admin';
import { CategoriaForm } from './CategoriaForm';

const CategoriaCreate = () => (
  <Create redirect="list">
    <CategoriaForm />
  </Create>
);

export default CategoriaCreate;
