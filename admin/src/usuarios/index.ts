import { defineSeccion } from '../common/secciones/definiciones';

export default defineSeccion({
  name: 'usuarios',
  icon: () => import('@mui/icons-material/People'),
  vistas: { list: () => import('./UsuarioList'), create: () => import('./UsuarioCreate'), edit: () => import('./UsuarioEdit'), show: () => import('./UsuarioShow') },
  menu: { orden: 40 },
});
