import { defineSeccion } from '../common/secciones/definiciones';

export default defineSeccion({
  name: 'logins',
  icon: () => import('@mui/icons-material/AdminPanelSettings'),
  vistas: { list: () => import('./LoginList'), create: () => import('./LoginCreate'), edit: () => import('./LoginEdit') },
});
