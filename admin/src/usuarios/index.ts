import { defineSeccion } from '../common/definiciones';
import { nombreCompleto } from './nombreCompleto';

export default defineSeccion({
  name: 'usuarios',
  icon: () => import('@mui/icons-material/People'),
  recordRepresentation: nombreCompleto,
  vistas: { list: () => import('./UsuarioList'), create: () => import('./UsuarioCreate'), edit: () => import('./UsuarioEdit'), show: () => import('./UsuarioShow') },
  menu: { orden: 40 },
});
