// The step `cambiarPass` (docs/arquitectura.md §4): after an administrador reset the password,
// the session may do nothing else until the account chooses a new one. Drawn instead of the
// admin, before react-admin, so nothing of the app appears until the step is taken.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router-dom';
import { authProvider } from '../providers/authProvider';
import { cuenta } from '../providers/i18n/cuenta';
import { faseCompletada, LOGIN_PATH } from '../providers/sesion';
import { FormularioContrasena } from './FormularioContrasena';

const textos = cuenta.elegir;

export const ElegirContrasena = ({ alTerminar }: { alTerminar: () => void }) => {
  const navigate = useNavigate();
  const signOut = async () => {
    await authProvider.logout();
    navigate(LOGIN_PATH, { replace: true });
  };
  return (
    <Box component="main" sx={{ display: 'flex', justifyContent: 'center', p: 2, pt: { xs: 4, sm: '10vh' } }}>
      <Card sx={{ width: '100%', maxWidth: 460 }}>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {textos.titulo}
          </Typography>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {textos.explicacion}
          </Typography>
          <FormularioContrasena
            etiquetaActual={textos.actual}
            boton={textos.guardar}
            alCambiar={async (fase) => {
              await faseCompletada(fase);
              alTerminar();
            }}
          />
          <Button sx={{ mt: 1 }} onClick={() => void signOut()}>
            {textos.salir}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
};
