import HowToRegIcon from '@mui/icons-material/HowToReg';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import { ActualizarSeleccion } from '../common/acciones/ActualizarSeleccion';
import { BorrarSeleccion } from '../common/acciones/BorrarSeleccion';
import { LoteButton } from '../lotes/LoteButton';

/** What the administrator does to several usuarios at once; enrolling them in a curso or revoking it, as a lote (lotes/). */
export const UsuarioAccionesMasivas = () => (
  <>
    <ActualizarSeleccion accion="activar" icon={<HowToRegIcon />} data={{ activo: true }} />
    <ActualizarSeleccion accion="desactivar" icon={<PersonOffIcon />} data={{ activo: false }} />
    <LoteButton accion="matricular" alcance="seleccion" />
    <LoteButton accion="revocar" alcance="seleccion" />
    <BorrarSeleccion />
  </>
);
