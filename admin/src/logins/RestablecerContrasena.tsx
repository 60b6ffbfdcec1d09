// «Restablecer contraseña»: after a confirmation, the API gives the account a temporary password,
// shown here once; the account must choose its own at its next login and its sessions end.
import { useState } from 'react';
import LockResetIcon from '@mui/icons-material/LockReset';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MuiButton from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Button, Confirm, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { callApi, readError } from '../providers/api';

export const RestablecerContrasena = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const [confirmando, setConfirmando] = useState(false);
  const [enviando, setEnviando] = useState(false);
  const [temporal, setTemporal] = useState<string | undefined>();
  if (!record) return null;
  const usuario = String(record.usuario);

  const reset = async () => {
    setEnviando(true);
    try {
      const response = await callApi(`/logins/${record.id}/restablecer`, { method: 'POST', body: {} });
      if (!response.ok) throw new Error((await readError(response)).message);
      setTemporal(((await response.json()) as { pass: string }).pass);
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
    } finally {
      setEnviando(false);
      setConfirmando(false);
    }
  };

  return (
    <>
      <Button label="aula.cuenta.logins.restablecer" onClick={() => setConfirmando(true)} disabled={enviando}>
        <LockResetIcon />
      </Button>
      <Confirm
        isOpen={confirmando}
        loading={enviando}
        title="aula.cuenta.logins.confirmarTitulo"
        titleTranslateOptions={{ usuario }}
        content="aula.cuenta.logins.confirmarTexto"
        confirm="aula.cuenta.logins.restablecer"
        onConfirm={() => void reset()}
        onClose={() => setConfirmando(false)}
      />
      <Dialog open={temporal !== undefined} onClose={() => setTemporal(undefined)} aria-labelledby="temporal-titulo">
        <DialogTitle id="temporal-titulo">{translate('aula.cuenta.logins.temporalTitulo', { usuario })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('aula.cuenta.logins.temporalTexto')}</DialogContentText>
          <Typography sx={{ fontFamily: 'monospace', fontSize: '1.4rem', mt: 2, userSelect: 'all', wordBreak: 'break-all' }} data-testid="contrasena-temporal">
            {temporal}
          </Typography>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setTemporal(undefined)} autoFocus>
            {translate('aula.cuenta.logins.entendido')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
};
