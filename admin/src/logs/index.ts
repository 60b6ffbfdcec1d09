import { defineSeccion } from '../common/secciones/definiciones';

// Append-only: the API answers 403 to edits and deletes, so the admin offers none.
export default defineSeccion({
  name: 'logs',
  icon: () => import('@mui/icons-material/History'),
  vistas: { list: () => import('./LogList'), show: () => import('./LogShow') },
});
