// The login screen (DESIGN §5). Built on MUI alone, without react-admin, so /login loads little.
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import { config } from '../config';
import { authProvider } from '../providers/authProvider';
import { aulaShell } from '../providers/i18n/aula';

const textos = aulaShell.login;

interface Destino {
  nextPathname?: string;
  nextSearch?: string;
}

/** Where the administrator was going when asked to sign in (react-admin's logout state), else /main. */
const useDestino = () => {
  const state = useLocation().state as Destino | null;
  const path = state?.nextPathname;
  return path?.startsWith('/main') ? `${path}${state?.nextSearch ?? ''}` : '/main';
};

/**
 * A labelled outlined field. Not MUI's TextField: that one brings Select, Menu and Modal along,
 * which would triple what /login downloads.
 */
const Campo = ({ label, ...props }: OutlinedInputProps & { label: string }) => {
  const id = useId();
  return (
    <FormControl variant="outlined" fullWidth>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput id={id} label={label} {...props} />
    </FormControl>
  );
};

const valor = (set: (v: string) => void) => (e: ChangeEvent<HTMLInputElement>) => set(e.target.value);

const LoginPage = () => {
  const navigate = useNavigate();
  const destino = useDestino();
  const [usuario, setUsuario] = useState('');
  const [pass, setPass] = useState('');
  const [error, setError] = useState('');
  const [enviando, setEnviando] = useState(false);

  const entrar = async (event: FormEvent) => {
    event.preventDefault();
    if (enviando) return;
    setEnviando(true);
    setError('');
    try {
      await authProvider.login({ usuario, pass });
      navigate(destino);
    } catch (e) {
      setError(e instanceof Error ? e.message : textos.incorrecto);
      setEnviando(false);
    }
  };

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        bgcolor: 'grey.100',
      }}
    >
      <Card component="main" sx={{ width: '100%', maxWidth: 360 }}>
        <CardContent component="form" onSubmit={entrar} noValidate autoComplete="off" sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="overline" color="primary">
            {config.productName}
          </Typography>
          <Typography variant="h5" component="h1">
            {textos.titulo}
          </Typography>
          <Campo label={textos.usuario} value={usuario} onChange={valor(setUsuario)} autoComplete="off" autoFocus />
          <Campo
            label={textos.contrasena}
            type="password"
            value={pass}
            onChange={valor(setPass)}
            // "new-password" is the value browsers honour to not refill a stored password.
            autoComplete="new-password"
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={enviando}
            startIcon={enviando ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {textos.entrar}
          </Button>
          {/* Always laid out, so the card does not jump when a message appears. */}
          <Typography role="alert" color="error" variant="body2" sx={{ minHeight: '1.5em' }}>
            {error}
          </Typography>
        </CardContent>
      </Card>
    </Box>
  );
};

export default LoginPage;
