import { definiciones } from '../common/definiciones';
import UsuarioList from './UsuarioList';
import UsuarioCreate from './UsuarioCreate';
import UsuarioEdit from './UsuarioEdit';
import UsuarioShow from './UsuarioShow';

export default {
  list: UsuarioList,
  create: UsuarioCreate,
  edit: UsuarioEdit,
  show: UsuarioShow,
  ...definiciones.usuarios,
};
