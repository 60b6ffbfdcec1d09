import { definiciones } from '../common/definiciones';
import LogList from './LogList';
import LogShow from './LogShow';

// Append-only: the API answers 403 to edits and deletes, so the admin offers none.
export default {
  list: LogList,
  show: LogShow,
  ...definiciones.logs,
};
