import { defineSeccion } from '../common/secciones/definiciones';

// «Cupones» (docs/arquitectura.md §23): the discount codes the shop's customers type, their uses
// (canjes) and the batches of single-use codes. The contable and the administrador manage them;
// the editor does not see them.
export default defineSeccion({
  name: 'cupones',
  icon: () => import('@mui/icons-material/LocalOffer'),
  vistas: {
    list: () => import('./CuponList'),
    create: () => import('./CuponCreate'),
    edit: () => import('./CuponEdit'),
    show: () => import('./CuponShow'),
  },
  menu: { orden: 65 },
});
