import { definiciones } from '../common/definiciones';
import FacturaList from './FacturaList';
import FacturaCreate from './FacturaCreate';
import FacturaEdit from './FacturaEdit';
import FacturaShow from './FacturaShow';

export default {
  list: FacturaList,
  create: FacturaCreate,
  edit: FacturaEdit,
  show: FacturaShow,
  ...definiciones.facturas,
};
