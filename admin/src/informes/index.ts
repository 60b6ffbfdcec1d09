import { defineSeccion } from '../common/secciones/definiciones';

export default defineSeccion({
  name: 'informes',
  icon: () => import('@mui/icons-material/Insights'),
  lee: 'pagos', pagina: () => import('./InformesPage'),
  menu: { orden: 70, texto: 'aula.menu.informes' },
});
