import { defineSeccion } from '../common/definiciones';

// Reached from the user menu, not the sections' menu: it is the account's, not the business's.
export default defineSeccion({
  name: 'cuenta',
  pagina: () => import('./MiCuenta'),
});
