import { definiciones } from '../common/definiciones';
import ClaseList from './ClaseList';
import ClaseCreate from './ClaseCreate';
import ClaseEdit from './ClaseEdit';

export default {
  list: ClaseList,
  create: ClaseCreate,
  edit: ClaseEdit,
  ...definiciones.clases,
};
