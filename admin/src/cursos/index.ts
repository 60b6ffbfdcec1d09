import { defineSeccion } from '../common/secciones/definiciones';

export default defineSeccion({
  name: 'cursos',
  icon: () => import('@mui/icons-material/School'),
  vistas: { list: () => import('./CursoList'), create: () => import('./CursoCreate'), edit: () => import('./CursoEdit'), show: () => import('./CursoShow') },
  menu: { orden: 20 },
});
