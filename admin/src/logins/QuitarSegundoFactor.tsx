// «Quitar segundo factor» on another account's page: for whoever lost the phone and the recovery
// codes. After a confirmation that says what follows, the API removes it and ends that account's
// sessions; if its role must have one, it enrols again at its next login. Not offered on one's
// own account: that is disabled in Mi cuenta, with the password and a code.
import PhonelinkEraseIcon from '@mui/icons-material/PhonelinkErase';
import { type RaRecord, useNotify, useRecordContext } from 'react-admin';
import { BotonConfirmado } from '../common/acciones/BotonConfirmado';
import { useAccion } from '../common/acciones/useAccion';
import { storedUser } from '../providers/sesion';

export const QuitarSegundoFactor = () => {
  const login = useRecordContext<RaRecord>();
  const { submit, pendiente } = useAccion();
  const notify = useNotify();
  if (!login || login.id === storedUser()?.id) return null;
  const usuario = String(login.usuario);

  const remove = async () => {
    // A refusal (no factor to remove, the record changed meanwhile) is notified by useAccion.
    if ('data' in (await submit('logins', login, 'quitar-segundo-factor', {}))) {
      notify('aula.cuenta.logins.factorQuitado', { type: 'success', messageArgs: { usuario } });
    }
  };

  return (
    <BotonConfirmado
      label="aula.cuenta.logins.quitarFactor"
      titulo="aula.cuenta.logins.quitarFactorTitulo"
      pregunta="aula.cuenta.logins.quitarFactorTexto"
      valores={{ usuario }}
      icon={<PhonelinkEraseIcon />}
      onConfirm={remove}
      pendiente={pendiente}
      color="warning"
    />
  );
};
