import { definiciones } from '../common/definiciones';
import LoginList from './LoginList';
import LoginCreate from './LoginCreate';
import LoginEdit from './LoginEdit';

export default {
  list: LoginList,
  create: LoginCreate,
  edit: LoginEdit,
  ...definiciones.logins,
};
