// A page that only says why there is nothing to show here and leads back to the start: an unknown
// address, a page the role may not open. MUI and the router alone, as the unknown address is
// also drawn outside react-admin.
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/**
 * `enLaBarra`, inside react-admin: the title as the app bar shows every page's (react-admin's
 * <Title>), which is then the page's one level-one heading; the text below heads it as a second.
 * Outside react-admin there is no app bar, and its own heading is the level-one one.
 */
export const PaginaDeAviso = ({ titulo, texto, volver, enLaBarra }: { titulo: string; texto: string; volver: string; enLaBarra?: ReactNode }) => (
  <Box sx={{ p: 4, textAlign: 'center' }}>
    {enLaBarra}
    <Typography variant="h5" component={enLaBarra ? 'h2' : 'h1'} gutterBottom>
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
