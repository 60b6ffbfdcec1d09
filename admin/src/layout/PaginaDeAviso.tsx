// A page that only says why there is nothing to show here and leads back to the start: an unknown
// address, a page the role may not open. MUI and the router alone, as the unknown address is
// also drawn outside react-admin.
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

export const PaginaDeAviso = ({ titulo, texto, volver }: { titulo: string; texto: string; volver: string }) => (
  <Box sx={{ p: 4, textAlign: 'center' }}>
    <Typography variant="h5" component="h1" gutterBottom>
      {titulo}
    </Typography>
    <Typography color="text.secondary" sx={{ mb: 3 }}>
      {texto}
    </Typography>
    <Button component={RouterLink} to="/main" variant="contained">
      {volver}
    </Button>
  </Box>
);
