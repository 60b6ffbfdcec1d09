// «Página no encontrada», for unknown addresses both outside and inside react-admin; so it
// uses MUI and the router alone.
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { aulaShell } from '../providers/i18n/aula';

const textos = aulaShell.noEncontrada;

const NoEncontrada = () => (
  <Box sx={{ p: 4, textAlign: 'center' }}>
    <Typography variant="h5" component="h1" gutterBottom>
      {textos.titulo}
    </Typography>
    <Typography color="text.secondary" sx={{ mb: 3 }}>
      {textos.texto}
    </Typography>
    <Button component={RouterLink} to="/main" variant="contained">
      {textos.volver}
    </Button>
  </Box>
);

export default NoEncontrada;
