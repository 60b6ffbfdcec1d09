import { defineSeccion } from '../common/secciones/definiciones';

// Reached from the accounts page (logins), not from the menu: tokens are accounts of machines.
export default defineSeccion({
  name: 'tokens',
  icon: () => import('@mui/icons-material/Key'),
  vistas: { list: () => import('./TokenList'), create: () => import('./TokenCreate'), edit: () => import('./TokenEdit') },
});
