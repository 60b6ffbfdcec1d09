import { defineSeccion } from '../common/secciones/definiciones';

// «Correo» (docs/arquitectura.md §25): the outbox, every message Aula sends (invoices, welcomes,
// invitations…), with its state, attempts and the server's last answer. Only the server writes
// it; the contable and the administrador read it, retry a failed message and discard one.
export default defineSeccion({
  name: 'correos',
  icon: () => import('@mui/icons-material/Email'),
  vistas: { list: () => import('./CorreoList'), show: () => import('./CorreoShow') },
  menu: { orden: 55, texto: 'aula.menu.correo' },
});
