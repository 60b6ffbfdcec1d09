import { defineSeccion } from '../common/secciones/definiciones';

// Reached from Facturación (its menu entry counts this page as its own).
export default defineSeccion({ name: 'verifactu', lee: 'registros', pagina: () => import('./VerifactuPage') });
