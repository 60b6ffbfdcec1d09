import { defineSeccion } from '../common/secciones/definiciones';

export default defineSeccion({
  name: 'clases',
  icon: () => import('@mui/icons-material/OndemandVideo'),
  vistas: { list: () => import('./ClaseList'), create: () => import('./ClaseCreate'), edit: () => import('./ClaseEdit') },
  menu: { orden: 10 },
});
