import { defineSeccion } from '../common/secciones/definiciones';

// No menu entry: every account reaches it from the user menu of the app bar.
export default defineSeccion({
  name: 'cuenta',
  pagina: () => import('./MiCuenta'),
});
