import BlockIcon from '@mui/icons-material/Block';
import ReplayIcon from '@mui/icons-material/Replay';
import { type RaRecord, useCanAccess, useNotify, useRecordContext } from 'react-admin';
import { BotonConfirmado } from '../common/acciones/BotonConfirmado';
import { useAccion } from '../common/acciones/useAccion';

/** What each action does and from which estados the API takes it (resources/correos). */
const ACCIONES = {
  reintentar: { desde: ['fallido', 'descartado'], icon: <ReplayIcon />, hecho: 'aula.correo.reintentado', color: 'primary' },
  descartar: { desde: ['pendiente', 'fallido'], icon: <BlockIcon />, hecho: 'aula.correo.descartado', color: 'warning' },
} as const;

/**
 * «Reintentar» a failed or discarded message (back to the queue, attempts at zero) or «Descartar»
 * one that should not go: each asks first, and only where the estado and the role allow it.
 */
export const AccionCorreo = ({ accion }: { accion: keyof typeof ACCIONES }) => {
  const correo = useRecordContext<RaRecord>();
  const { canAccess } = useCanAccess({ action: 'edit', resource: 'correos', record: correo });
  const { run, pendiente } = useAccion();
  const notify = useNotify();
  const { desde, icon, hecho, color } = ACCIONES[accion];
  if (!correo || canAccess !== true || !(desde as readonly string[]).includes(correo.estado)) return null;
  return (
    <BotonConfirmado
      label={`aula.correo.${accion}`}
      titulo={`aula.correo.${accion}Titulo`}
      pregunta={`aula.correo.${accion}Pregunta`}
      valores={{ para: correo.para }}
      icon={icon}
      color={color}
      pendiente={pendiente}
      onConfirm={async () => {
        if (await run('correos', correo, accion)) notify(hecho, { type: 'success' });
      }}
    />
  );
};
