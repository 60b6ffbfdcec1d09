import { definiciones } from '../common/definiciones';
import CategoriaList from './CategoriaList';
import CategoriaCreate from './CategoriaCreate';
import CategoriaEdit from './CategoriaEdit';

export default {
  list: CategoriaList,
  create: CategoriaCreate,
  edit: CategoriaEdit,
  ...definiciones.categorias,
};
