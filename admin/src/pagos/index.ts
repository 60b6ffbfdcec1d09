import { defineSeccion } from '../common/secciones/definiciones';

export default defineSeccion({
  name: 'pagos',
  icon: () => import('@mui/icons-material/Payments'),
  vistas: { list: () => import('./PagoList'), create: () => import('./PagoCreate'), edit: () => import('./PagoEdit'), show: () => import('./PagoShow') },
  menu: { orden: 60 },
});
