import { defineSeccion } from '../common/secciones/definiciones';

export default defineSeccion({
  name: 'facturas',
  icon: () => import('@mui/icons-material/ReceiptLong'),
  vistas: { list: () => import('./FacturaList'), create: () => import('./FacturaCreate'), edit: () => import('./FacturaEdit'), show: () => import('./FacturaShow') },
  // Facturación holds the invoices and their VeriFactu page.
  menu: { orden: 50, texto: 'aula.menu.facturacion', tambien: 'verifactu' },
});
