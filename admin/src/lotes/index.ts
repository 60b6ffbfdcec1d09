import { defineSeccion } from '../common/secciones/definiciones';

// «Lotes de matrículas» (docs/arquitectura.md §22): the bulk enrolments and revocations launched
// from the usuarios list, each with its progress and summary. Only the server writes them; the
// contable and the administrador read them.
export default defineSeccion({
  name: 'lotes',
  icon: () => import('@mui/icons-material/GroupAdd'),
  vistas: { list: () => import('./LoteList'), show: () => import('./LoteShow') },
  menu: { orden: 46 },
});
