// «Verificación en dos pasos» in Mi cuenta: its state, enabling it (QR, a code and the password,
// the recovery codes shown once) and disabling it (the password and a code). A wrong password is
// said under its field. The API refuses to disable it for a role that must have it (MFA_ROLES)
// and says why; that reason is shown as it comes.
import { type FormEvent, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { claveDe, disableSegundoFactor, estadoSegundoFactor } from './segundoFactor';
import { motivoDe, useAlta } from './useAlta';

const CLAVE_ESTADO = ['cuenta', 'segundo-factor'];

const campoCodigo = { htmlInput: { autoComplete: 'one-time-code', inputMode: 'numeric', maxLength: 6 } } as const;

interface CampoContrasenaProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The API's reason for refusing it, if it did. */
  error: string;
  ayuda?: string;
  autoFocus?: boolean;
}

/** The account's current password, with the API's reason under it when it refused it. */
const CampoContrasena = ({ label, value, onChange, error, ayuda, autoFocus }: CampoContrasenaProps) => (
  <TextField
    label={label}
    type="password"
    value={value}
    onChange={(e) => onChange(e.target.value)}
    slotProps={{ htmlInput: { autoComplete: 'current-password' } }}
    error={Boolean(error)}
    helperText={error || ayuda}
    autoFocus={autoFocus}
    sx={{ maxWidth: 320 }}
  />
);

export const SegundoFactor = () => {
  const translate = useTranslate();
  const t = (k: string, opts?: Record<string, unknown>) => translate(`aula.segundoFactor.${k}`, opts);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data: estado, error: errorEstado } = useQuery({ queryKey: CLAVE_ESTADO, queryFn: estadoSegundoFactor });
  const alta = useAlta();
  const [codigo, setCodigo] = useState('');
  const [baja, setBaja] = useState(false);
  const [pass, setPass] = useState('');
  const [errorBaja, setErrorBaja] = useState('');
  const [errorPass, setErrorPass] = useState('');
  const [enviando, setEnviando] = useState(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: CLAVE_ESTADO });

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    const ok = await alta.confirm(codigo, pass);
    setCodigo('');
    setPass('');
    if (ok) notify(t('activada'), { type: 'success' });
  };

  const guardados = () => {
    alta.finish();
    void refresh();
  };

  const closeBaja = () => {
    setBaja(false);
    setPass('');
    setCodigo('');
    setErrorBaja('');
    setErrorPass('');
  };

  const confirmBaja = async (event: FormEvent) => {
    event.preventDefault();
    setEnviando(true);
    setErrorBaja('');
    setErrorPass('');
    try {
      await disableSegundoFactor(pass, codigo);
      closeBaja();
      notify(t('desactivada'), { type: 'success' });
      await refresh();
    } catch (e) {
      const motivo = motivoDe(e);
      setErrorBaja(motivo.error);
      setErrorPass(motivo.errorPass);
      setCodigo('');
    } finally {
      setEnviando(false);
    }
  };

  return (
    <Card component="section" aria-labelledby="segundo-factor-titulo">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="segundo-factor-titulo" variant="h6" component="h2">
            {t('titulo')}
          </Typography>
          {errorEstado && <Alert severity="error">{errorEstado instanceof Error ? errorEstado.message : t('fallo')}</Alert>}

          {alta.codigos ? (
            <>
              <Typography variant="subtitle1" component="h3">
                {t('recuperacionTitulo')}
              </Typography>
              <Typography variant="body2">{t('recuperacionTexto')}</Typography>
              <Box
                component="ul"
                aria-label={t('recuperacionTitulo')}
                sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '4px 16px', m: 0, p: 0, listStyle: 'none', fontFamily: 'monospace', fontSize: '1rem' }}
              >
                {alta.codigos.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </Box>
              <Box>
                <Button variant="contained" onClick={guardados}>
                  {t('guardados')}
                </Button>
              </Box>
            </>
          ) : alta.alta ? (
            <Stack component="form" spacing={2} onSubmit={verify} noValidate autoComplete="off">
              <Typography variant="body2">{t('escanear')}</Typography>
              <Box component="img" src={alta.alta.qr} alt={t('qr')} width={200} height={200} sx={{ display: 'block' }} />
              <Typography variant="body2">{t('clave')}</Typography>
              <Typography variant="body2" data-uri={alta.alta.uri} sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                {claveDe(alta.alta.uri)}
              </Typography>
              <TextField
                label={t('codigo')}
                value={codigo}
                onChange={(e) => setCodigo(e.target.value.replace(/\D/g, ''))}
                slotProps={campoCodigo}
                autoFocus
                sx={{ maxWidth: 240 }}
              />
              {alta.pideContrasena && <CampoContrasena label={t('contrasena')} value={pass} onChange={setPass} error={alta.errorPass} ayuda={t('contrasenaAlta')} />}
              {alta.error && <Alert severity="error">{alta.error}</Alert>}
              <Box>
                <Button type="submit" variant="contained" disabled={alta.enviando}>
                  {t('verificar')}
                </Button>
              </Box>
            </Stack>
          ) : estado?.activo ? (
            <>
              <Typography variant="body2">{t('activa')}</Typography>
              <Typography variant="body2">{t('restantes', { n: estado.codigosRestantes })}</Typography>
              {baja ? (
                <Stack component="form" spacing={2} onSubmit={confirmBaja} noValidate autoComplete="off">
                  <Typography variant="body2">{t('desactivarTexto')}</Typography>
                  <CampoContrasena label={t('contrasena')} value={pass} onChange={setPass} error={errorPass} autoFocus />
                  <TextField
                    label={t('codigoODeRecuperacion')}
                    value={codigo}
                    onChange={(e) => setCodigo(e.target.value)}
                    slotProps={{ htmlInput: { autoComplete: 'one-time-code' } }}
                    sx={{ maxWidth: 320 }}
                  />
                  {errorBaja && <Alert severity="error">{errorBaja}</Alert>}
                  <Stack direction="row" spacing={1}>
                    <Button type="submit" variant="contained" color="error" disabled={enviando}>
                      {t('desactivar')}
                    </Button>
                    <Button onClick={closeBaja}>{t('cancelar')}</Button>
                  </Stack>
                </Stack>
              ) : (
                <Box>
                  <Button variant="outlined" color="error" onClick={() => setBaja(true)}>
                    {t('desactivar')}
                  </Button>
                </Box>
              )}
            </>
          ) : estado ? (
            <>
              <Typography variant="body2">{t('inactiva')}</Typography>
              {alta.error && <Alert severity="error">{alta.error}</Alert>}
              <Box>
                <Button variant="contained" onClick={() => void alta.start()}>
                  {t('activar')}
                </Button>
              </Box>
            </>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
};
