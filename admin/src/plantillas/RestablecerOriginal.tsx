import RestoreIcon from '@mui/icons-material/SettingsBackupRestore';
import { type RaRecord, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { BotonConfirmado } from '../common/acciones/BotonConfirmado';
import { useAccion } from '../common/acciones/useAccion';
import { claveDeValor } from '../common/formato/choices';

/**
 * «Restablecer el original»: the template's subject and bodies back to Aula's own, after a
 * question that says what it was is kept in the history. The page is read again, form included.
 */
export const RestablecerOriginal = () => {
  const plantilla = useRecordContext<RaRecord>();
  const translate = useTranslate();
  const { run, pendiente } = useAccion();
  const notify = useNotify();
  if (!plantilla) return null;
  return (
    <BotonConfirmado
      label="aula.correo.original"
      titulo="aula.correo.originalTitulo"
      pregunta="aula.correo.originalPregunta"
      valores={{ plantilla: translate(claveDeValor('plantillas', 'clave', plantilla.clave)) }}
      icon={<RestoreIcon />}
      color="warning"
      pendiente={pendiente}
      onConfirm={async () => {
        if (await run('plantillas', plantilla, 'original')) notify('aula.correo.restablecida', { type: 'success' });
      }}
    />
  );
};
