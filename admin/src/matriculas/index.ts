import { defineSeccion } from '../common/secciones/definiciones';

// «Matrículas» (docs/arquitectura.md §22): who may watch which curso, from when until when. The
// contable and the administrador grant, extend and revoke them; the editor reads them.
export default defineSeccion({
  name: 'matriculas',
  icon: () => import('@mui/icons-material/CardMembership'),
  vistas: {
    list: () => import('./MatriculaList'),
    create: () => import('./MatriculaCreate'),
    edit: () => import('./MatriculaEdit'),
    show: () => import('./MatriculaShow'),
  },
  menu: { orden: 45 },
});
