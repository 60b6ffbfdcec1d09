import { defineSeccion } from '../common/secciones/definiciones';

// «Extractos bancarios»: the statements (Norma 43) the contable imports to reconcile the transfers,
// from the menu and from the pagos list.
export default defineSeccion({
  name: 'extractos',
  icon: () => import('@mui/icons-material/AccountBalance'),
  vistas: { list: () => import('./ExtractoList'), show: () => import('./ExtractoShow') },
  menu: { orden: 63 },
});
