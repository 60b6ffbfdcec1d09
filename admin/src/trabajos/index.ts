import { defineSeccion } from '../common/secciones/definiciones';

// The administrador's alone: no entity to read (`lee`), so no other role sees it (providers/acceso.ts),
// as the API refuses GET /trabajos to them. Reached from the administrator's menu (layout/AppBar.tsx).
export default defineSeccion({ name: 'trabajos', icon: () => import('@mui/icons-material/Autorenew'), pagina: () => import('./TrabajosPage') });
