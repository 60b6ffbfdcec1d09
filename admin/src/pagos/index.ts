import { definiciones } from '../common/definiciones';
import PagoList from './PagoList';
import PagoCreate from './PagoCreate';
import PagoEdit from './PagoEdit';
import PagoShow from './PagoShow';

export default {
  list: PagoList,
  create: PagoCreate,
  edit: PagoEdit,
  show: PagoShow,
  ...definiciones.pagos,
};
