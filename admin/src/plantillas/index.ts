import { defineSeccion } from '../common/secciones/definiciones';

// «Plantillas de correo» (docs/arquitectura.md §25): one per kind of message, edited by the
// administrador beside a live preview, with its history; no other role sees them (the entity
// declares no `acceso`). Rows are made at start, never here: no create page.
export default defineSeccion({
  name: 'plantillas',
  icon: () => import('@mui/icons-material/ForwardToInbox'),
  vistas: { list: () => import('./PlantillaList'), edit: () => import('./PlantillaEdit') },
  menu: { orden: 56 },
});
