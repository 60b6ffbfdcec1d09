// «Enviar invitación» on an account's page: the message with a link to choose its password
// (POST /logins/{id}/invitar), again, for whoever lost the first one or let it expire. Offered
// only to an active account with an email, which is what the API accepts.
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import { type RaRecord, useNotify, useRecordContext } from 'react-admin';
import { BotonAccion } from '../common/acciones/BotonAccion';
import { useAccion } from '../common/acciones/useAccion';

export const InvitarDeNuevo = () => {
  const login = useRecordContext<RaRecord>();
  const { submit, pendiente } = useAccion();
  const notify = useNotify();
  if (!login?.email || !login.activo) return null;

  const send = async () => {
    // A refusal is notified by useAccion.
    if ('data' in (await submit('logins', login, 'invitar', {}))) {
      notify('aula.cuenta.logins.invitacionEnviada', { type: 'success', messageArgs: { email: String(login.email) } });
    }
  };

  return <BotonAccion label="aula.cuenta.logins.invitar" icon={<ForwardToInboxIcon />} onClick={send} disabled={pendiente} />;
};
