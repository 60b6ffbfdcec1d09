import HowToRegIcon from '@mui/icons-material/HowToReg';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import { ActualizarSeleccion } from '../common/acciones/ActualizarSeleccion';
import { BorrarSeleccion } from '../common/acciones/BorrarSeleccion';

/** What the administrator does to several usuarios at once. */
export const UsuarioAccionesMasivas = () => (
  <>
    <ActualizarSeleccion accion="activar" icon={<HowToRegIcon />} data={{ activo: true }} />
    <ActualizarSeleccion accion="desactivar" icon={<PersonOffIcon />} data={{ activo: false }} />
    <BorrarSeleccion />
  </>
);
