// «Revocar» on a token's page: after a confirmation, the token stops working at once, in every
// process (POST /tokens/{id}/revocar); the page is read again and says when.
import BlockIcon from '@mui/icons-material/Block';
import { type RaRecord, useNotify, useRecordContext } from 'react-admin';
import { BotonConfirmado } from '../common/acciones/BotonConfirmado';
import { useAccion } from '../common/acciones/useAccion';

export const RevocarToken = () => {
  const token = useRecordContext<RaRecord>();
  const { submit, pendiente } = useAccion();
  const notify = useNotify();
  if (!token) return null;

  const revoke = async () => {
    // A refusal (already revoked by someone else) is notified by useAccion.
    if ('data' in (await submit('tokens', token, 'revocar', {}))) notify('aula.tokens.revocado', { type: 'success' });
  };

  return (
    <BotonConfirmado
      label="aula.tokens.revocar"
      titulo="aula.tokens.revocarTitulo"
      pregunta="aula.tokens.revocarTexto"
      valores={{ nombre: String(token.nombre) }}
      icon={<BlockIcon />}
      onConfirm={revoke}
      pendiente={pendiente}
      color="warning"
    />
  );
};
