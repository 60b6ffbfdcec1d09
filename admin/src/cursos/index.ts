import { definiciones } from '../common/definiciones';
import CursoList from './CursoList';
import CursoCreate from './CursoCreate';
import CursoEdit from './CursoEdit';
import CursoShow from './CursoShow';

export default {
  list: CursoList,
  create: CursoCreate,
  edit: CursoEdit,
  show: CursoShow,
  ...definiciones.cursos,
};
