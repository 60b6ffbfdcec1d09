import { defineSeccion } from '../common/secciones/definiciones';

// «Cobros»: what the payment gateways sent and what Aula did with it, for the contable.
export default defineSeccion({
  name: 'notificaciones',
  icon: () => import('@mui/icons-material/ReceiptLong'),
  vistas: { list: () => import('./NotificacionList') },
  menu: { orden: 62, texto: 'aula.menu.cobros' },
});
