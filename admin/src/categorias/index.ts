import { defineSeccion } from '../common/secciones/definiciones';

export default defineSeccion({
  name: 'categorias',
  icon: () => import('@mui/icons-material/Category'),
  vistas: { list: () => import('./CategoriaList'), create: () => import('./CategoriaCreate'), edit: () => import('./CategoriaEdit') },
  menu: { orden: 30 },
});
