// «Tu sesión ha caducado»: the session ended while a form held changes, so the requests it
// refused wait (providers/http.ts) while the administrator signs in again here, without leaving
// the page; then they go again as they were, the save included. An account with the second factor
// (every administrador in production, MFA_ROLES) gives its code here too, in a second field.
import { type FormEvent, useEffect, useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { useLogout, useTranslate } from 'react-admin';
import { abandonEspera, sesionRenovada } from '../providers/caducidad';
import { aulaShell } from '../providers/i18n/aula';
import { submitCodigo } from '../providers/sesion';
import { useEntrar } from '../login/useEntrar';
import { useEspera } from './useCaducidad';

export const SesionCaducada = () => {
  const espera = useEspera();
  const translate = useTranslate();
  const logout = useLogout();
  const [usuarioEscrito, setUsuarioEscrito] = useState('');
  const [pass, setPass] = useState('');
  const [codigo, setCodigo] = useState('');
  const { login: iniciar, error, setError, enviando, setEnviando, paso, setPaso } = useEntrar({ conPasos: true });
  const pideCodigo = paso === 'codigo';
  // A right password is forgotten at once: what is left to give is the code. A refused one stays
  // typed, to send again once the throttle's wait is over.
  useEffect(() => {
    if (pideCodigo) setPass('');
  }, [pideCodigo]);
  if (!espera) return null;

  // The same account only: what waits was typed under it, and the activity log would name
  // someone else as its author. Another account is a sign-in from the login screen.
  const usuario = espera.usuario ?? usuarioEscrito;

  const renovada = () => {
    // Forgotten at once: the password and the code live in these fields only while typed.
    setPass('');
    setCodigo('');
    setPaso(null);
    setEnviando(false);
    sesionRenovada();
  };

  const verify = async () => {
    setEnviando(true);
    setError('');
    try {
      // Enrolling is a step only the login page takes; an account that must enrol now goes there.
      if ((await submitCodigo(codigo)) === null) renovada();
      else setError(aulaShell.login.pasoPendiente);
    } catch (e) {
      setError(e instanceof Error ? e.message : aulaShell.login.codigo.incorrecto);
    }
    setCodigo('');
    setEnviando(false);
  };

  const login = (event: FormEvent) => {
    event.preventDefault();
    if (enviando) return;
    if (pideCodigo) void verify();
    else void iniciar({ usuario, pass }, renovada);
  };

  // To the login screen, as a 401 on a page without changes leads: the requests that waited end
  // with their 401, and react-admin's own logout covers a wait no react-admin request was in.
  const signOut = () => {
    setPass('');
    setCodigo('');
    setPaso(null);
    setError('');
    abandonEspera();
    logout();
  };

  return (
    <Dialog open fullWidth maxWidth="xs" aria-labelledby="sesion-caducada-titulo" aria-describedby="sesion-caducada-texto">
      <form onSubmit={login} noValidate>
        <DialogTitle id="sesion-caducada-titulo">{translate('aula.sesion.caducada.titulo')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="sesion-caducada-texto">
            {translate(espera.guardando ? 'aula.sesion.caducada.guardando' : 'aula.sesion.caducada.cambios')}
          </DialogContentText>
          <Stack spacing={2} sx={{ mt: 2 }}>
            <TextField
              label={translate('ra.auth.username')}
              value={usuario}
              onChange={(e) => setUsuarioEscrito(e.target.value)}
              helperText={espera.usuario ? translate('aula.sesion.caducada.otraCuenta') : undefined}
              slotProps={{ input: { readOnly: espera.usuario !== undefined } }}
              autoComplete="off"
              fullWidth
            />
            {!pideCodigo && (
              <TextField
                label={translate('ra.auth.password')}
                type="password"
                value={pass}
                onChange={(e) => setPass(e.target.value)}
                // As on the login screen: browsers honour this value to not refill a stored password.
                autoComplete="new-password"
                // After «Guardar», straight to the password. A wait that began with a read may have
                // opened this mid-keystroke: the dialog itself takes the focus, not the next keys.
                autoFocus={espera.guardando}
                fullWidth
              />
            )}
            {pideCodigo && (
              <TextField
                label={aulaShell.login.codigo.campo.replace(/:$/, '')}
                helperText={aulaShell.login.codigo.texto}
                value={codigo}
                onChange={(e) => setCodigo(e.target.value)}
                // A code of the app or a recovery code: digits, letters and a dash.
                slotProps={{ htmlInput: { autoComplete: 'one-time-code', spellCheck: false } }}
                autoFocus
                fullWidth
              />
            )}
            {paso && !pideCodigo && !error && <Alert severity="error">{aulaShell.login.pasoPendiente}</Alert>}
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={signOut} disabled={enviando}>
            {translate('aula.sesion.caducada.salir')}
          </Button>
          <Button type="submit" variant="contained" disabled={enviando}>
            {translate('ra.auth.sign_in')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
